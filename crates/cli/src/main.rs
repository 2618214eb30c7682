#![doc = include_str!("../README.md")]

/// `println!` for the command's output: a closed pipe (`citadel ... | head`) ends the
/// program quietly instead of panicking.
macro_rules! outln {
    () => {
        $crate::emit(format_args!("\n"))
    };
    ($($t:tt)*) => {
        $crate::emit(format_args!("{}\n", format_args!($($t)*)))
    };
}

/// `print!` for the command's output, as [`outln!`].
macro_rules! out {
    ($($t:tt)*) => {
        $crate::emit(format_args!($($t)*))
    };
}

mod arbiter;
mod bestmove;
mod betza;
mod clock;
mod convert;
mod diagram;
mod elo;
mod external;
mod games;
mod perft;
mod position_args;
mod replay;
mod selfplay;
mod session;
mod show;
mod suite;
mod uci;
mod validate;
mod xboard;

use citadel_rules::Variant;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Play, check and analyse large and historical chess variants.
#[derive(Parser)]
#[command(name = "citadel", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games and their ids.
    Variants,
    /// Draw a position in the terminal, with its FEN, check and outcome.
    Show(show::Args),
    /// Count the leaves of the legal-move tree (perft), optionally per first move.
    Perft(perft::Args),
    /// Check perft fixture files: every listed depth of every position.
    Suite(suite::Args),
    /// Replay game records: variant, plies, declared and rules' results, final FEN.
    Replay(replay::Args),
    /// Check game records: every move legal, every declared result consistent.
    Validate(validate::Args),
    /// Convert game records to canonical PGN, JSON or a binary archive.
    Convert(convert::ConvertArgs),
    /// Pack game records, as they are, into a binary archive.
    Pack(convert::PackArgs),
    /// The engine's best move for a position, with score, depth, nodes and variation.
    Bestmove(bestmove::Args),
    /// Engine self-play: complete games as PGN records.
    Selfplay(selfplay::SelfplayArgs),
    /// A match between two players (engine settings or a random mover), alternating colours.
    Match(selfplay::MatchArgs),
    /// Speak UCI on standard input/output (variants through the `UCI_Variant` option).
    Uci(uci::Args),
    /// Speak the XBoard/WinBoard protocol (CECP v2) on standard input/output.
    Xboard(xboard::Args),
}

/// An error for the user: printed on stderr, exit code 1.
pub struct Failure(pub String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure(e.to_string())
    }
}

/// Writes to standard output; a closed pipe ends the program with success.
pub fn emit(args: std::fmt::Arguments) {
    use std::io::Write;
    if std::io::stdout().lock().write_fmt(args).is_err() {
        std::process::exit(0);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Variants => {
            for v in Variant::ALL {
                outln!("{:<18} {}", v.id(), v.name());
            }
            Ok(())
        }
        Command::Show(a) => show::run(&a),
        Command::Perft(a) => perft::run(&a),
        Command::Suite(a) => suite::run(&a),
        Command::Replay(a) => replay::run(&a),
        Command::Validate(a) => validate::run(&a),
        Command::Convert(a) => convert::convert(&a),
        Command::Pack(a) => convert::pack(&a),
        Command::Bestmove(a) => bestmove::run(&a),
        Command::Selfplay(a) => selfplay::selfplay(&a),
        Command::Match(a) => selfplay::run_match(&a),
        Command::Uci(a) => uci::run(&a),
        Command::Xboard(a) => xboard::run(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
    }
}
