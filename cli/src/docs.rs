//! `hackenbush docs [PAGE]`: the documentation pages of `docs/`, built into the binary, so
//! that the pages `--help` and the messages name are at hand wherever hackenbush is
//! installed (`cargo install` copies the binary only).

use std::io::Write;

use clap::ValueEnum;

use super::args::{DocsArgs, Page};
use super::output::{self, Stop};

impl Page {
    /// The page's text, as in the repository's `docs/`.
    fn text(self) -> &'static str {
        match self {
            Page::Formats => include_str!("../../docs/formats.md"),
            Page::Theory => include_str!("../../docs/theory.md"),
            Page::Values => include_str!("../../docs/values.md"),
            Page::Json => include_str!("../../docs/json.md"),
            Page::ExitCodes => include_str!("../../docs/exit-codes.md"),
            Page::Check => include_str!("../../docs/check.md"),
            Page::Gen => include_str!("../../docs/gen.md"),
            Page::Judges => include_str!("../../docs/judges.md"),
            Page::Misere => include_str!("../../docs/misere.md"),
        }
    }
}

/// Prints the page asked for (Markdown), or the list of pages.
pub fn run(args: &DocsArgs) -> Result<bool, Stop> {
    let mut out = output::stdout();
    match args.page {
        Some(page) => out.write_all(page.text().as_bytes())?,
        None => {
            writeln!(out, "Pages (hackenbush docs PAGE prints one, in Markdown):")?;
            for page in Page::value_variants() {
                let value = page.to_possible_value().expect("no page is hidden");
                let about = value.get_help().map(|h| h.to_string()).unwrap_or_default();
                writeln!(out, "  {:<11} {about}", value.get_name())?;
            }
        }
    }
    out.flush()?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::super::args::Cli;
    use super::*;

    /// What `--help` says names no file of the repository, which `cargo install` leaves
    /// behind, and every page it names (`hackenbush docs PAGE`) is one.
    #[test]
    fn help_names_pages_that_are_built_in() {
        let mut cli = Cli::command();
        cli.build();
        let mut helps = vec![cli.render_long_help().to_string()];
        for command in cli.get_subcommands_mut() {
            helps.push(command.render_long_help().to_string());
        }
        let mut named = 0;
        for help in &helps {
            assert!(!help.contains("docs/"), "a repository path in:\n{help}");
            for after in help.split("hackenbush docs ").skip(1) {
                let page: String = (after.chars())
                    .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                    .collect();
                // `hackenbush docs` alone (usage, examples) lists the pages.
                if page.is_empty() {
                    continue;
                }
                assert!(Page::from_str(&page, false).is_ok(), "no page `{page}`");
                named += 1;
            }
        }
        assert!(named >= 8, "only {named} pages named");
    }

    /// Every page of `docs/` a user reads is built in, under its file's name.
    #[test]
    fn pages_are_the_files_of_docs() {
        for page in Page::value_variants() {
            let name = page.to_possible_value().unwrap().get_name().to_string();
            let docs = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs");
            let file = std::fs::read_to_string(format!("{docs}/{name}.md")).unwrap();
            assert_eq!(page.text(), file);
        }
    }
}
