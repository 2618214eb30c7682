//! How a game ended.

use crate::Color;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Termination {
    /// The side to move has no legal move and is in check.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// A citadel rule decided the game (Persian and Tamerlane draw, Mini Citadel win).
    Citadel,
    /// The bare-king rule decided the game (Byzantine, shatranj).
    BareKing,
    /// The same position occurred three times.
    Repetition,
    /// The move-count rule (50 moves, or 70 in shatranj) ran out.
    MoveLimit,
    /// Neither side can mate.
    InsufficientMaterial,
}

impl Termination {
    /// A short lowercase name: `checkmate`, `stalemate`, `citadel`, `bare king`,
    /// `repetition`, `move limit`, `insufficient material`.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Citadel => "citadel",
            Termination::BareKing => "bare king",
            Termination::Repetition => "repetition",
            Termination::MoveLimit => "move limit",
            Termination::InsufficientMaterial => "insufficient material",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// What ended the game.
    pub termination: Termination,
}

impl Outcome {
    /// A win for `winner`.
    pub const fn win(winner: Color, termination: Termination) -> Outcome {
        Outcome {
            winner: Some(winner),
            termination,
        }
    }

    /// A draw.
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome {
            winner: None,
            termination,
        }
    }

    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.winner {
            Some(Color::White) => write!(f, "White wins by {}", self.termination.name()),
            Some(Color::Black) => write!(f, "Black wins by {}", self.termination.name()),
            None => write!(f, "draw by {}", self.termination.name()),
        }
    }
}
