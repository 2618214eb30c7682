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

/// `eprintln!` that never panics: a message that cannot be written to stderr is dropped (the
/// exit code still carries the command's verdict).
macro_rules! errln {
    () => {
        $crate::emit_err(format_args!("\n"))
    };
    ($($t:tt)*) => {
        $crate::emit_err(format_args!("{}\n", format_args!($($t)*)))
    };
}

/// `eprint!` that never panics, as [`errln!`].
macro_rules! err {
    ($($t:tt)*) => {
        $crate::emit_err(format_args!($($t)*))
    };
}

mod bestmove;
mod convert;
mod diagram;
mod games;
mod nnue;
mod perft;
mod position_args;
mod printable;
mod replay;
mod selfplay;
mod show;
mod suite;
mod tune;
mod uci;
mod validate;
mod xboard;

use citadel_rules::Variant;
use citadel_search::SearchOptions;
use clap::{Parser, Subcommand};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Play, check and analyse large and historical chess variants.
#[derive(Parser)]
#[command(name = "citadel", version, about, long_about = None)]
struct Cli {
    /// Search techniques to switch off, for a match that measures one change:
    /// comma-separated from null, lazy, see, iir, lmr, lmp, malus, swap; or `none` (used by
    /// `bestmove`, `selfplay`, `uci` and `xboard`).
    #[arg(long, global = true, value_name = "LIST", default_value = "none")]
    search_off: SearchOptions,
    /// A variants file (Fairy-Stockfish's `variants.ini` format, with Citadel's keys): its
    /// games can then be named by `--variant` and in records' `[Variant]` tags, as the
    /// built-in ones. May be given more than once.
    #[arg(long, global = true, value_name = "FILE")]
    variant_path: Vec<std::path::PathBuf>,
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
    /// Convert game records to canonical PGN, JSON, a binary archive or an HTML viewer page.
    Convert(convert::ConvertArgs),
    /// Pack game records, as read (bytes that are not UTF-8 become U+FFFD), into a binary
    /// archive.
    Pack(convert::PackArgs),
    /// The engine's best move for a position, with score, depth, nodes and variation.
    Bestmove(bestmove::Args),
    /// Engine self-play: complete games as PGN records.
    Selfplay(selfplay::SelfplayArgs),
    /// A match between two players (engine settings or a random mover), alternating colours.
    Match(selfplay::MatchArgs),
    /// Fit material values (`--weights`: and positional weights; `--psq`: a piece-square
    /// table) to games' results or engines' evaluations (Texel's method).
    Tune(tune::Args),
    /// The learnt evaluation: a game's feature layout for the trainer, a net file's check.
    Nnue(nnue::Args),
    /// Speak UCI on standard input/output (variants through the `UCI_Variant` option).
    Uci(uci::Args),
    /// Speak the XBoard/WinBoard protocol (CECP v2) on standard input/output.
    Xboard(xboard::Args),
}

/// A clap value parser for a number in `min..=max`: "out of range" otherwise.
pub fn in_range<T>(min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |s: &str| {
        let shown = citadel_notation::clip(s);
        let digits = s.strip_prefix('-').unwrap_or(s);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("`{shown}` is not a number"));
        }
        match s.parse::<T>() {
            Ok(n) if n >= min && n <= max => Ok(n),
            _ => Err(format!("{shown} is out of range ({min} to {max})")),
        }
    }
}

/// A clap value parser that keeps a value's text when `T` reads it, and makes a value it
/// cannot read a usage error (exit code 2) with `T`'s reason.
pub fn readable<T>() -> impl Fn(&str) -> Result<String, String> + Clone
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    |s: &str| {
        s.parse::<T>()
            .map(|_| s.to_string())
            .map_err(|e| e.to_string())
    }
}

/// Ends the program with a usage error found after the arguments were read: the message
/// as clap prints its own, exit code 2.
pub fn usage_error(message: &str) -> ! {
    use clap::CommandFactory;
    Cli::command()
        .error(clap::error::ErrorKind::ArgumentConflict, message)
        .exit()
}

/// An error for the user: printed on stderr, exit code 1.
pub struct Failure(pub String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure(e.to_string())
    }
}

/// Whether the running command has a verdict (valid or not) that must reach the exit code
/// even when its output pipe is closed.
static KEEP_GOING: AtomicBool = AtomicBool::new(false);
/// Whether standard output was found closed (a broken pipe): output is dropped from then on.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Makes a closed output pipe drop the rest of the output instead of ending the program, so
/// that the command's verdict still reaches the exit code (`validate`, `replay`, `suite`,
/// `convert`).
pub fn keep_going_on_closed_pipe() {
    KEEP_GOING.store(true, Ordering::Relaxed);
}

/// What a failed write to standard output does: a closed pipe ends the program quietly with
/// success (or, for a command with a verdict, drops the rest of the output); any other error
/// (a full disk, ...) is reported and ends the program with exit code 1.
fn output_error(e: &std::io::Error) {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        if KEEP_GOING.load(Ordering::Relaxed) {
            CLOSED.store(true, Ordering::Relaxed);
            return;
        }
        std::process::exit(0);
    }
    errln!("error: cannot write the output: {e}");
    std::process::exit(1);
}

/// The text of `args`, with control characters shown rather than obeyed
/// ([`printable::printable`]).
fn shown(args: std::fmt::Arguments) -> String {
    let text = match args.as_str() {
        Some(s) => s.to_string(),
        None => args.to_string(),
    };
    printable::printable(&text).into_owned()
}

/// Writes to standard output (see [`output_error`] for what a failed write does); control
/// characters are shown, not sent ([`printable::printable`]).
pub fn emit(args: std::fmt::Arguments) {
    use std::io::Write;
    if CLOSED.load(Ordering::Relaxed) {
        return;
    }
    if let Err(e) = std::io::stdout().lock().write_all(shown(args).as_bytes()) {
        output_error(&e);
    }
}

/// Writes to standard error, control characters shown as by [`emit`]; a failed write (a
/// closed pipe, a full disk) is ignored.
pub fn emit_err(args: std::fmt::Arguments) {
    use std::io::Write;
    let _ = std::io::stderr().lock().write_all(shown(args).as_bytes());
}

/// Flushes standard output, as [`emit`].
fn flush() {
    use std::io::Write;
    if CLOSED.load(Ordering::Relaxed) {
        return;
    }
    if let Err(e) = std::io::stdout().lock().flush() {
        output_error(&e);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let options = cli.search_off;
    let mut defined = Vec::new();
    for path in &cli.variant_path {
        match citadel_rules::variants_ini::load(path) {
            Ok(games) => defined.extend(games),
            Err(e) => {
                errln!("error: {e}");
                return ExitCode::from(1);
            }
        }
    }
    let result = match cli.command {
        Command::Variants => {
            let listed = if cli.variant_path.is_empty() {
                Variant::ALL.to_vec()
            } else {
                defined
            };
            for v in listed {
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
        Command::Bestmove(a) => bestmove::run(&a, options),
        Command::Selfplay(a) => selfplay::selfplay(&a, options),
        Command::Match(a) => selfplay::run_match(&a, options),
        Command::Tune(a) => tune::run(&a),
        Command::Nnue(a) => nnue::run(&a),
        Command::Uci(a) => uci::run(&a, options),
        Command::Xboard(a) => xboard::run(&a, options),
    };
    flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(msg)) => {
            errln!("error: {msg}");
            ExitCode::from(1)
        }
    }
}
