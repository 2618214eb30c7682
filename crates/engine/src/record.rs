//! A played game: where it started, the moves, how it ended — by the rules, by an arbiter's
//! verdict, or at the ply cap — and its record as `citadel-notation` writes it (PGN).

use citadel_notation::eval_comment::EvalComment;
use citadel_notation::record::{GameResult, Line, MoveNode, Record};
use citadel_notation::{fen, san, writer};
use citadel_rules::{Color, Game, Move, Outcome, Position};

/// Why the arbiter ended a game against a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Infraction {
    /// The player's move is not legal (or not a move).
    IllegalMove,
    /// The player's clock ran out, or no move came in time.
    TimeForfeit,
    /// The player resigned.
    Resignation,
    /// Anything else: the player could not start the game, or answered without a move.
    RulesInfraction,
}

impl Infraction {
    /// The name PGN's `Termination` tag carries: `illegal move`, `time forfeit`, ...
    pub fn name(self) -> &'static str {
        match self {
            Infraction::IllegalMove => "illegal move",
            Infraction::TimeForfeit => "time forfeit",
            Infraction::Resignation => "resignation",
            Infraction::RulesInfraction => "rules infraction",
        }
    }
}

/// The arbiter's verdict against a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The side that loses.
    pub loser: Color,
    /// The loser's name.
    pub player: String,
    /// Why.
    pub infraction: Infraction,
    /// What happened (`move 12: ...`).
    pub detail: String,
}

impl std::fmt::Display for Verdict {
    /// `Black (IllegalBot) loses by illegal move: move 1: ...`
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = match self.loser {
            Color::White => "White",
            Color::Black => "Black",
        };
        write!(
            f,
            "{side} ({}) loses by {}: {}",
            self.player,
            self.infraction.name(),
            self.detail
        )
    }
}

/// A finished (or capped) game.
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    /// The start position.
    pub start: Position<G>,
    /// The moves played.
    pub moves: Vec<Move>,
    /// How the rules ended it (`None`: a verdict or the ply cap ended it first).
    pub outcome: Option<Outcome>,
    /// The arbiter's verdict, if a player lost by one.
    pub verdict: Option<Verdict>,
    /// Tag pairs given by the caller (`Event`, `White`, ...), in order.
    pub tags: Vec<(String, String)>,
    /// What White and Black spent on their moves (the random opening plies not counted).
    pub effort: [crate::Effort; 2],
    /// The score each player reported for its move, by ply, kept when the rules ask for it
    /// ([`Rules::evals`](crate::arbiter::Rules::evals)); shorter than `moves` when the last
    /// moves have none. The record writes each as the move's comment.
    pub evals: Vec<Option<EvalComment>>,
}

impl<G: Game> GameRecord<G> {
    /// The winner (`None`: a draw, or unfinished).
    pub fn winner(&self) -> Option<Color> {
        match &self.verdict {
            Some(v) => Some(!v.loser),
            None => self.outcome.and_then(|o| o.winner),
        }
    }

    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn result(&self) -> &'static str {
        match (&self.verdict, self.outcome) {
            (Some(v), _) if v.loser == Color::Black => "1-0",
            (Some(_), _) => "0-1",
            (None, Some(o)) => o.result().as_str(),
            (None, None) => "*",
        }
    }

    /// What ended the game, as PGN's `Termination` tag says it (`None`: the ply cap).
    pub fn termination(&self) -> Option<&'static str> {
        match (&self.verdict, self.outcome) {
            (Some(v), _) => Some(v.infraction.name()),
            (None, Some(o)) => Some(o.termination.name()),
            (None, None) => None,
        }
    }

    /// What ended the game, for people: the termination, or `ply cap`.
    pub fn how(&self) -> &'static str {
        self.termination().unwrap_or("ply cap")
    }
}

impl<G: Game> GameRecord<G> {
    /// The game as a record: the caller's tags (and `TerminationDetails` with a verdict),
    /// then `Result`, `Variant`, `SetUp` and `FEN` when the start is not the game's start
    /// position, and `Termination`; the moves in SAN, each with its score as a comment when
    /// the record keeps one.
    pub fn record(&self) -> Record {
        let result = GameResult::parse(self.result()).unwrap_or_default();
        let mut tags = self.tags.clone();
        if let Some(v) = &self.verdict {
            tags.push(("TerminationDetails".into(), v.to_string()));
        }
        tags.push(("Result".into(), result.as_str().into()));
        tags.push(("Variant".into(), G::config().id.into()));
        let start_fen = fen::write(&self.start);
        if start_fen != G::config().start_fen {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), start_fen));
        }
        if let Some(t) = self.termination() {
            tags.push(("Termination".into(), t.into()));
        }
        let mut pos = self.start.clone();
        let mut main = Line::default();
        for (i, m) in self.moves.iter().enumerate() {
            let eval = self.evals.get(i).copied().flatten();
            // the moves of a game played here are legal
            let legal = pos.legal_moves();
            main.moves.push(MoveNode {
                san: san::write_among(&mut pos, &legal, m),
                comments: eval.map(|e| e.to_string()).into_iter().collect(),
                ..MoveNode::default()
            });
            pos.play_unchecked(*m);
        }
        Record { tags, main, result }
    }

    /// The game as PGN text ([`writer::write`] of [`GameRecord::record`]).
    pub fn pgn(&self) -> String {
        writer::write(&self.record())
    }
}
