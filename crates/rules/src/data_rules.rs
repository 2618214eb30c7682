//! Rules stated as data: castling by cells, extinction (the bare king among them), flags and
//! compulsory capture, as Fairy-Stockfish's variant files state them. A game defined at run
//! time ([`Defined`](crate::Defined)) cannot bring code of its own, so every rule it plays by
//! beyond the core's is one of these; the built-in games keep theirs in their own modules
//! and leave these empty.

use crate::castling::Castling;
use crate::{Color, Game, Outcome, Position, Termination};
use citadel_geometry::{BitWord, Bitboard};

/// What a rule's decision means for the side it names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// That side wins.
    Win,
    /// That side loses.
    Loss,
    /// A draw.
    Draw,
}

impl Verdict {
    /// The outcome when the rule names `side`, ended by `termination`.
    pub fn outcome(self, side: Color, termination: Termination) -> Outcome {
        match self {
            Verdict::Win => Outcome::win(side, termination),
            Verdict::Loss => Outcome::win(side.other(), termination),
            Verdict::Draw => Outcome::draw(termination),
        }
    }
}

/// The extinction rule (Fairy-Stockfish's `extinctionValue` and its companions): a side
/// whose pieces of one of the named kinds number at most [`count`](Self::count), while the
/// other side still has at least [`opponent_count`](Self::opponent_count) of that kind
/// (one more against the side to move when [`claim`](Self::claim) is set), gets
/// [`verdict`](Self::verdict). Both sides are looked at in turn, White first.
///
/// Counted over all pieces with a count of 1 it is the bare-king rule: Shatranj's and
/// Courier chess's as Fairy-Stockfish plays them is `count` 1, `opponent_count` 2, `claim`
/// set, a loss — the side to move wins when the other side is bare and it is not, and a bare
/// side to move loses at once against three or more pieces. Shatranj as Citadel's rules
/// decide it sets [`after_reply`](Self::after_reply) instead of `claim`: a bared side always
/// makes its reply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Extinction {
    /// What the rule means for the side whose pieces have died out.
    pub verdict: Verdict,
    /// The kinds counted, one bit per kind; `None`: all of a side's pieces together.
    pub kinds: Option<u32>,
    /// The most pieces of a kind a side may have for the rule to name it.
    pub count: u8,
    /// The fewest pieces of that kind the other side must have.
    pub opponent_count: u8,
    /// Whether the side to move, to be named, needs one more opposing piece (so that a side
    /// bared by the last move still makes its reply when the other side could be bared back).
    pub claim: bool,
    /// Whether the side to move is never named: a side the rule would name always makes its
    /// reply first (Citadel's `extinctionAfterReply`; Shatranj as its rules here decide).
    pub after_reply: bool,
}

impl Extinction {
    /// The decision of the rule in `pos`, if it has decided the game.
    pub fn decided<G: Game>(&self, pos: &Position<G>) -> Option<Outcome> {
        let bb = pos.bitboards();
        let count = |c: Color, kinds: Option<u32>| -> Vec<u32> {
            let side = bb.color[c.index()];
            match kinds {
                None => vec![side.count()],
                Some(mask) => (0..32u8)
                    .filter(|k| mask >> k & 1 != 0)
                    .map(|k| (bb.kind[k as usize] & side).count())
                    .collect(),
            }
        };
        let termination = if self.kinds.is_none() {
            Termination::BareKing
        } else {
            Termination::Extinction
        };
        for c in Color::BOTH {
            if self.after_reply && c == pos.turn() {
                continue;
            }
            let (own, theirs) = (count(c, self.kinds), count(c.other(), self.kinds));
            let extra = u32::from(self.claim && c == pos.turn());
            let named = own.iter().zip(&theirs).any(|(&o, &t)| {
                o <= u32::from(self.count) && t >= u32::from(self.opponent_count) + extra
            });
            if named {
                return Some(self.verdict.outcome(c, termination));
            }
        }
        None
    }
}

/// The flag rule (Fairy-Stockfish's `flagPiece` with `whiteFlag`/`blackFlag`): a side wins by
/// bringing a piece of [`kind`](Self::kind) to one of its [`cells`](Self::cells). Without
/// [`reply`](Self::reply) it wins as soon as the piece stands there; with it the other side
/// has one reply, and if Black's reply also reaches its flag after White's, the game is
/// drawn (the racing kings' rule).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Flag<W: BitWord = u128> {
    /// The kind that must reach the flag.
    pub kind: u8,
    /// Each side's flag cells (index 0 White, 1 Black).
    pub cells: [Bitboard<W>; 2],
    /// Whether the other side has one reply after the flag is reached.
    pub reply: bool,
}

impl<W: BitWord> Flag<W> {
    /// Whether `side` has a piece of the flag kind on its flag cells in `pos`.
    fn reached<G: Game<Word = W>>(&self, pos: &Position<G>, side: Color) -> bool {
        let bb = pos.bitboards();
        (bb.kind[self.kind as usize] & bb.color[side.index()] & self.cells[side.index()]).any()
    }

    /// The decision of the rule in `pos`, if it has decided the game.
    pub fn decided<G: Game<Word = W>>(&self, pos: &Position<G>) -> Option<Outcome> {
        let us = pos.turn();
        if !self.reply {
            return self
                .reached(pos, us.other())
                .then(|| Outcome::win(us.other(), Termination::Flag));
        }
        if !self.reached(pos, us) {
            return None;
        }
        Some(if us == Color::White && self.reached(pos, Color::Black) {
            Outcome::draw(Termination::Flag)
        } else {
            Outcome::win(us, Termination::Flag)
        })
    }
}

/// The rules a game states as data ([`Config::data_rules`](crate::Config::data_rules)).
#[derive(Clone, Debug)]
pub struct DataRules<W: BitWord = u128> {
    /// The ways of castling, by cells.
    pub castling: Option<Castling<W>>,
    /// The extinction rule.
    pub extinction: Option<Extinction>,
    /// The flag rule.
    pub flag: Option<Flag<W>>,
    /// Whether a side that can capture must capture (Fairy-Stockfish's `mustCapture`).
    pub must_capture: bool,
    /// Whether pawns may not enter their side's promotion zone: a game whose pawns have no
    /// promotion choices, as Fairy-Stockfish plays one (its promotion is compulsory, so a
    /// pawn with nothing to become stops short).
    pub pawns_stop_short: bool,
}

impl<W: BitWord> Default for DataRules<W> {
    fn default() -> Self {
        DataRules {
            castling: None,
            extinction: None,
            flag: None,
            must_capture: false,
            pawns_stop_short: false,
        }
    }
}

impl<W: BitWord> DataRules<W> {
    /// The decision of the extinction and flag rules in `pos`, if one has decided the game
    /// (extinction first, as Fairy-Stockfish looks).
    pub fn decided<G: Game<Word = W>>(&self, pos: &Position<G>) -> Option<Outcome> {
        if let Some(o) = self.extinction.as_ref().and_then(|e| e.decided(pos)) {
            return Some(o);
        }
        self.flag.as_ref().and_then(|f| f.decided(pos))
    }
}
