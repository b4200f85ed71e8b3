//! `kiosk completions bash|zsh|fish` and `kiosk man`: shell completion scripts and the manual
//! page, generated from the same definitions as the command line itself, so they cannot drift
//! from it. The .deb installs copies made by these commands (`packaging/completions/`,
//! `packaging/kiosk.1`; `tests/api/operator_cli.rs` checks that they are current).

use std::io::Write;

use clap::{Args, CommandFactory, ValueEnum};

use super::Cli;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
}

/// Writes the completion script for `args.shell` to stdout.
pub fn completions(args: &CompletionsArgs) -> Result<(), String> {
    let shell = match args.shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "kiosk", &mut out);
    write_out(&out)
}

/// Writes the manual page (troff) to stdout: `kiosk man | man -l -`. It names the release
/// only, not the commit, so that the packaged copy changes with releases alone.
pub fn man() -> Result<(), String> {
    let command = Cli::command().version(env!("CARGO_PKG_VERSION"));
    let mut out = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut out)
        .map_err(|e| format!("cannot write the manual page: {e}"))?;
    write_out(&out)
}

fn write_out(bytes: &[u8]) -> Result<(), String> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        // `kiosk man | head` closes the pipe early; that is not a failure.
        Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write to stdout: {err}"))
        }
        _ => Ok(()),
    }
}
