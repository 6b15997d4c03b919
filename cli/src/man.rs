//! `hackenbush man [COMMAND]`: the manual page in roff, rendered by `clap_mangen` from the
//! clap definition in `args/` (the same text as `--help`). What `--help` shows after the
//! options (examples, exit status) becomes an EXAMPLES section of our own, the example
//! commands kept one per line (`.nf`): clap_mangen would title it EXTRA and run its lines
//! together into one paragraph.

use std::io::Write;

use clap::CommandFactory;

use super::args::{Cli, ManArgs};
use super::output::{self, Stop};

/// Writes the page of the program, or of `args.command`, on stdout; an unknown command is
/// reported (with the choices) and the result is `false`.
pub fn run(args: &ManArgs) -> Result<bool, Stop> {
    let mut cli = Cli::command();
    // Built, the subcommands carry their full names (`hackenbush-analyze`) and the
    // version propagated to them.
    cli.build();
    let command = match &args.command {
        None => cli,
        Some(name) => match cli.find_subcommand(name) {
            Some(command) => command.clone(),
            None => {
                let names: Vec<&str> = cli
                    .get_subcommands()
                    .map(|c| c.get_name())
                    .filter(|&name| name != "help")
                    .collect();
                output::report_error(&format!(
                    "no command `{name}`: the commands are {}",
                    names.join(", ")
                ));
                return Ok(false);
            }
        },
    };
    let page = render(command)?;
    let mut out = output::stdout();
    out.write_all(&page)?;
    out.flush()?;
    Ok(true)
}

/// The page of `command`, sections in the order of man-pages(7).
fn render(mut command: clap::Command) -> std::io::Result<Vec<u8>> {
    // clap's own `help` subcommand gets no version from `propagate_version`, and
    // clap_mangen's VERSION section unwraps one: every page is of this version.
    if command.get_version().is_none() {
        command = command.version(env!("CARGO_PKG_VERSION"));
    }
    // `check` and `play` keep their long description before the usage (a subcommand's
    // one-line doc comment would override a `long_about`): it is their DESCRIPTION.
    if command.get_long_about().is_none()
        && let Some(text) = command.get_before_long_help().cloned()
    {
        command = command.long_about(text);
    }
    let after = (command.get_after_long_help())
        .or_else(|| command.get_after_help())
        .map(|text| text.to_string());
    let has_subcommands = command.get_subcommands().next().is_some();
    let man = clap_mangen::Man::new(command);
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    if has_subcommands {
        man.render_subcommands_section(&mut page)?;
    }
    if let Some(after) = after {
        examples(&after).to_writer(&mut page)?;
    }
    man.render_version_section(&mut page)?;
    Ok(once_preamble(&page))
}

/// `page` with the apostrophe preamble (two lines that every section rendered on its own
/// begins with) kept at the top only.
fn once_preamble(page: &[u8]) -> Vec<u8> {
    let preamble: [&[u8]; 2] = [b".ie \\n(.g .ds Aq", b".el .ds Aq"];
    let mut seen = [false; 2];
    let mut out = Vec::with_capacity(page.len());
    for line in page.split_inclusive(|&b| b == b'\n') {
        if let Some(i) = preamble.iter().position(|p| line.starts_with(p))
            && std::mem::replace(&mut seen[i], true)
        {
            continue;
        }
        out.extend_from_slice(line);
    }
    out
}

/// The text after the options as an EXAMPLES section: lines indented by two spaces (the
/// commands) as they are, one per line; the other paragraphs filled as text; the
/// `Examples:` heading dropped, the section has it.
fn examples(after: &str) -> roff::Roff {
    let mut page = roff::Roff::new();
    page.control("SH", ["EXAMPLES"]);
    let mut literal = false;
    for line in after.lines() {
        if line.trim_end() == "Examples:" {
            continue;
        }
        let command = line.starts_with("  ");
        if command != literal {
            page.control(if command { "nf" } else { "fi" }, []);
            literal = command;
        }
        if line.trim().is_empty() {
            page.control("PP", []);
        } else if command {
            page.text([roff::roman(line.trim_start())]);
        } else {
            page.text([roff::roman(line)]);
        }
    }
    if literal {
        page.control("fi", []);
    }
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command has a page, clap's `help` among them (whose missing version made
    /// clap_mangen panic), each headed with its name and ending with the version.
    #[test]
    fn every_command_has_a_page() {
        let mut cli = Cli::command();
        cli.build();
        let names: Vec<String> = cli.get_subcommands().map(|c| c.get_name().into()).collect();
        assert!(names.iter().any(|n| n == "help"), "{names:?}");
        for name in names {
            let command = cli.find_subcommand(&name).unwrap().clone();
            let page = String::from_utf8(render(command).unwrap()).unwrap();
            assert!(page.contains(&format!(".TH hackenbush-{name} 1")), "{page}");
            let version = format!(".SH VERSION\nv{}\n", env!("CARGO_PKG_VERSION"));
            assert!(page.ends_with(&version), "{page}");
        }
    }
}
