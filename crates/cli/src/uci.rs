//! `citadel uci`: UCI on standard input/output ([`citadel_engine::serve::uci`]; variants
//! through the `UCI_Variant` option).

use crate::Failure;
use citadel_rules::Variant;
use std::sync::{Arc, Mutex};

/// Arguments of `citadel uci`.
#[derive(clap::Args)]
pub struct Args {
    /// The game at start-up (the GUI may change it with `setoption name UCI_Variant`).
    #[arg(long, default_value = "chess")]
    variant: String,
}

pub fn run(a: &Args, search: citadel_search::SearchOptions) -> Result<(), Failure> {
    let variant: Variant = a.variant.parse()?;
    let out = Arc::new(Mutex::new(std::io::stdout()));
    citadel_engine::serve::uci(variant, search, std::io::stdin().lock(), out);
    Ok(())
}
