//! How a game ended.

use crate::Color;

/// Why a game ended. New games may bring new reasons, so a `match` outside this crate needs
/// a `_` arm.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
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
    /// A side's pieces of a kind died out (a game's extinction rule).
    Extinction,
    /// A piece reached its side's flag cells (a game's flag rule).
    Flag,
}

impl Termination {
    /// A short lowercase name: `checkmate`, `stalemate`, `citadel`, `bare king`,
    /// `repetition`, `move limit`, `insufficient material`, `extinction`, `flag`.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Citadel => "citadel",
            Termination::BareKing => "bare king",
            Termination::Repetition => "repetition",
            Termination::MoveLimit => "move limit",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::Extinction => "extinction",
            Termination::Flag => "flag",
        }
    }
}

/// Which draws end a game beside its rules of play, for [`Position::outcome`](crate::Position::outcome).
///
/// The rules of play always count: checkmate, stalemate, and a game's own decisions
/// (citadels, bare king). What a caller adds is the draws a player could claim or an
/// arbiter would declare:
///
/// | claims | threefold repetition | move-count rule | insufficient material | used by |
/// | --- | --- | --- | --- | --- |
/// | `Claims::None` | no | no | no | perft, analysis of a bare position |
/// | `Claims::Draws` | yes | yes | yes | replay, validation, matches, self-play, the protocols |
///
/// Citadel takes the draws as automatic, as engines and servers do: a third repetition,
/// the move-count rule run out, or mating material gone ends the game there.
///
/// ```
/// use citadel_rules::{Chess, Claims, Position};
/// let pos = Position::<Chess>::start();
/// assert_eq!(pos.outcome(Claims::None), None);
/// assert_eq!(pos.outcome(Claims::Draws), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Claims {
    /// The rules of play only.
    None,
    /// The rules of play, threefold repetition, the move-count rule and insufficient
    /// material.
    #[default]
    Draws,
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

    /// The game's result: [`GameResult::WhiteWins`], [`GameResult::BlackWins`] or
    /// [`GameResult::Draw`] (never `Unknown`).
    ///
    /// ```
    /// use citadel_rules::{Color, GameResult, Outcome, Termination};
    /// let o = Outcome::win(Color::Black, Termination::Checkmate);
    /// assert_eq!(o.result(), GameResult::BlackWins);
    /// assert_eq!(o.result().to_string(), "0-1");
    /// ```
    pub fn result(&self) -> GameResult {
        match self.winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{c} wins by {}", self.termination.name()),
            None => write!(f, "draw by {}", self.termination.name()),
        }
    }
}

/// A game's result as records declare it (serialised as its PGN text).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameResult {
    /// `1-0`.
    #[cfg_attr(feature = "serde", serde(rename = "1-0"))]
    WhiteWins,
    /// `0-1`.
    #[cfg_attr(feature = "serde", serde(rename = "0-1"))]
    BlackWins,
    /// `1/2-1/2`.
    #[cfg_attr(feature = "serde", serde(rename = "1/2-1/2"))]
    Draw,
    /// `*`: unfinished or unknown.
    #[default]
    #[cfg_attr(feature = "serde", serde(rename = "*"))]
    Unknown,
}

impl GameResult {
    /// The PGN text: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a PGN result text.
    pub fn parse(s: &str) -> Option<GameResult> {
        match s {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }

    /// The result of a game that ended with `outcome`, or `Unknown` if it has not ended.
    pub fn of(outcome: Option<Outcome>) -> GameResult {
        outcome.map_or(GameResult::Unknown, |o| o.result())
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
