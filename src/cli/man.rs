//! `hackenbush man [COMMAND]`: the manual page in roff, rendered by `clap_mangen` from the
//! clap definition in `args.rs` (the same text as `--help`).

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
    let mut page = Vec::new();
    clap_mangen::Man::new(command).render(&mut page)?;
    let mut out = output::stdout();
    out.write_all(&page)?;
    out.flush()?;
    Ok(true)
}
