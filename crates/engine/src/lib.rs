#![doc = include_str!("../README.md")]

pub mod analysis;
pub mod arbiter;
pub mod clock;
pub mod external;
pub mod input;
pub mod matches;
pub mod overrides;
pub mod perft_check;
pub mod player;
pub mod record;
pub mod serve;
pub mod session;
pub mod sprt;
pub mod tally;
pub mod training;
pub mod uci;
pub mod xboard;

pub use arbiter::{play_game, random_opening, Rules};
pub use clock::{Clock, TimeControl};
pub use matches::{run_match, MatchGame, Schedule};
pub use player::{Contestant, EngineSetup, Player};
pub use record::{GameRecord, Infraction, Verdict};
pub use tally::{Effort, Searched, Tally};

/// The engine's name as the protocols give it (UCI `id name`, XBoard `myname`): its version
/// and the commit it was built from (`unknown` outside a git checkout).
pub const ENGINE_NAME: &str = concat!(
    "Citadel ",
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("CITADEL_BUILD_COMMIT"),
    ")"
);

/// What a protocol state machine ([`uci::Uci`], [`xboard::XBoard`]) answers to a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A line to send to the GUI.
    Line(String),
    /// The GUI said `quit`: the caller ends the conversation.
    Quit,
}
