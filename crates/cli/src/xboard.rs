//! `citadel xboard`: the XBoard/WinBoard protocol (CECP v2) on standard input/output
//! ([`citadel_engine::serve::xboard`]).

use crate::Failure;
use std::io::BufReader;
use std::sync::{Arc, Mutex};

/// Arguments of `citadel xboard`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_a: &Args, search: citadel_search::SearchOptions) -> Result<(), Failure> {
    let input = BufReader::new(std::io::stdin());
    let out = Arc::new(Mutex::new(std::io::stdout()));
    citadel_engine::serve::xboard(search, input, out);
    Ok(())
}
