//! The `hackenbush` binary: a thin shell over the library. See `hackenbush --help`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
