//! `citadel xboard`: the XBoard/WinBoard protocol (CECP v2) on standard input/output, a loop
//! around [`citadel_engine::xboard::XBoard`]. Commands arrive on a reader thread and search
//! notices on the search thread; both meet in one channel, so that `?`, `force`, `new` and
//! `quit` are obeyed while the engine thinks.

use crate::uci::speak;
use crate::Failure;
use citadel_engine::xboard::{Notice, XBoard};
use std::sync::mpsc;

/// Arguments of `citadel xboard`.
#[derive(clap::Args)]
pub struct Args {}

enum Event {
    Line(Vec<u8>),
    Search(Notice),
    Eof,
}

pub fn run(_a: &Args) -> Result<(), Failure> {
    let (tx, rx) = mpsc::channel();
    let reader = tx.clone();
    std::thread::spawn(move || {
        for line in citadel_engine::input::byte_lines(std::io::stdin().lock()) {
            if reader.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Eof);
    });
    let mut xb = XBoard::new(move |n| {
        let _ = tx.send(Event::Search(n));
    })
    .with_options(crate::search_options());
    while let Ok(ev) = rx.recv() {
        let replies = match ev {
            Event::Line(l) => xb.handle_bytes(&l),
            Event::Search(n) => xb.report(n),
            Event::Eof => break,
        };
        if speak(replies) {
            break;
        }
    }
    Ok(())
}
