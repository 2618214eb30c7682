//! The protocols over byte streams: a GUI's lines read from one stream, the engine's lines
//! written to another ([`uci`], [`xboard`]). `citadel uci` and `citadel xboard` are these
//! over standard input and output; a test or another program can use any reader and writer.
//!
//! A line that cannot be written (the GUI has gone) ends the session; lines that the search
//! reports later are then dropped.

use crate::input::byte_lines;
use crate::uci::Uci;
use crate::xboard::{Notice, XBoard};
use crate::Reply;
use citadel_rules::Variant;
use citadel_search::SearchOptions;
use std::io::{BufRead, Write};
use std::sync::{mpsc, Arc, Mutex};

/// A writer shared by the protocol's thread and the search's.
type Shared<W> = Arc<Mutex<W>>;

/// Writes one line and flushes it.
fn send<W: Write>(out: &Mutex<W>, line: &str) -> std::io::Result<()> {
    let mut out = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    writeln!(out, "{line}")?;
    out.flush()
}

/// Writes replies in order: `Ok(true)` when one of them is [`Reply::Quit`].
fn speak<W: Write>(out: &Mutex<W>, replies: Vec<Reply>) -> std::io::Result<bool> {
    let mut quit = false;
    for r in replies {
        match r {
            Reply::Line(l) => send(out, &l)?,
            Reply::Quit => quit = true,
        }
    }
    Ok(quit)
}

/// Speaks UCI: starts in game `variant` (the GUI may change it through `UCI_Variant`) with
/// the search `options`, and answers the lines of `input` on `output` until `quit`, the end
/// of the input, or a failed write. Search output goes to `output` as it comes.
///
/// ```
/// use citadel_rules::Variant;
/// let mut out = Vec::new();
/// let input: &[u8] = b"uci\nisready\nposition startpos moves e2e4\ngo depth 2\nquit\n";
/// let out = std::sync::Arc::new(std::sync::Mutex::new(out));
/// citadel_engine::serve::uci(Variant::Chess, Default::default(), input, out.clone());
/// let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
/// assert!(text.contains("uciok") && text.contains("readyok"));
/// ```
pub fn uci<W: Write + Send + 'static>(
    variant: Variant,
    options: SearchOptions,
    input: impl BufRead,
    output: Shared<W>,
) {
    let later = Arc::clone(&output);
    let mut uci = Uci::new(variant, move |l| {
        let _ = send(&later, &l);
    })
    .with_options(options);
    for line in byte_lines(input) {
        if !matches!(speak(&output, uci.handle_bytes(&line)), Ok(false)) {
            break;
        }
    }
    // ends the search; its last lines are written before this returns
    drop(uci);
}

/// What reaches the XBoard session: a line of the GUI, a notice of the search, or the end of
/// the input.
enum Event {
    Line(Vec<u8>),
    Search(Notice),
    Eof,
}

/// Speaks XBoard (CECP v2) with the search `options`: answers the lines of `input` on
/// `output` until `quit`, the end of the input, or a failed write. The input is read on its
/// own thread and the search's notices arrive on the search thread; both meet in one
/// channel, so that `?`, `force`, `new` and `quit` are obeyed while the engine thinks.
///
/// ```
/// let input: &[u8] = b"xboard\nprotover 2\nquit\n";
/// let out = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
/// citadel_engine::serve::xboard(Default::default(), input, out.clone());
/// let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
/// assert!(text.contains("feature") && text.contains("done=1"));
/// ```
pub fn xboard<R, W>(options: SearchOptions, input: R, output: Shared<W>)
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let (tx, rx) = mpsc::channel();
    let reader = tx.clone();
    std::thread::spawn(move || {
        for line in byte_lines(input) {
            if reader.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Eof);
    });
    let mut xb = XBoard::new(move |n| {
        let _ = tx.send(Event::Search(n));
    })
    .with_options(options);
    while let Ok(ev) = rx.recv() {
        let replies = match ev {
            Event::Line(l) => xb.handle_bytes(&l),
            Event::Search(n) => xb.report(n),
            Event::Eof => break,
        };
        if !matches!(speak(&output, replies), Ok(false)) {
            break;
        }
    }
}
