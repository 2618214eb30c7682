//! `citadel uci`: UCI on standard input/output, a loop around
//! [`citadel_engine::uci::Uci`] (variants through the `UCI_Variant` option).

use crate::Failure;
use citadel_engine::uci::Uci;
use citadel_engine::Reply;
use citadel_rules::Variant;

/// Arguments of `citadel uci`.
#[derive(clap::Args)]
pub struct Args {
    /// The game at start-up (the GUI may change it with `setoption name UCI_Variant`).
    #[arg(long, default_value = "chess")]
    variant: String,
}

/// Writes one protocol line and flushes; a closed pipe ends the engine.
fn send(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// Writes a protocol's replies; `true` when one of them is [`Reply::Quit`].
pub fn speak(replies: Vec<Reply>) -> bool {
    let mut quit = false;
    for r in replies {
        match r {
            Reply::Line(l) => send(&l),
            Reply::Quit => quit = true,
        }
    }
    quit
}

pub fn run(a: &Args) -> Result<(), Failure> {
    let variant: Variant = a.variant.parse()?;
    let (tx, later) = std::sync::mpsc::channel::<String>();
    let printer = std::thread::spawn(move || later.iter().for_each(|l| send(&l)));
    let mut uci = Uci::new(variant, move |l| {
        let _ = tx.send(l);
    })
    .with_options(crate::search_options());
    for line in citadel_engine::input::byte_lines(std::io::stdin().lock()) {
        if speak(uci.handle_bytes(&line)) {
            break;
        }
    }
    // ends the search (its last lines are printed) and the printer with it
    drop(uci);
    let _ = printer.join();
    Ok(())
}
