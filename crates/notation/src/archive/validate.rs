//! Validating an archived game straight from its payload: the main line's stored moves are
//! played without being written as text and read back. A move stored as a move is tested on
//! its own ([`Position::is_legal`]); being legal, it also shows that the game had not ended
//! for want of moves, so the position's other moves are generated only where a move is
//! stored as text or by rank, and at the end. Anything wrong gives `None`, and the caller
//! decodes the game and validates the record to report it: both paths accept the same games.
use super::{
    by_rank, get_move, header, width, Bytes, OP_CLOSE, OP_COMMENT, OP_MOVE, OP_MOVES, OP_NAG,
    OP_OPEN, OP_PLAYED,
};
use crate::pgn::MAX_DEPTH;
use crate::record::Record;
use crate::replay::{self, Replayed};
use crate::{fen, san};
use citadel_rules::{with_game, Game, Move, MoveList, Position};

/// The validation of the game a payload holds, or `None` if anything is wrong with it.
pub(super) fn validate(payload: &[u8]) -> Option<Replayed> {
    let mut b = Bytes { data: payload };
    let record = header(&mut b).ok()?;
    let variant = record.variant().ok()?;
    let (plies, outcome, final_fen) = with_game!(variant, G => main_line::<G>(&record, &mut b)?);
    replay::check_result(&record, outcome).ok()?;
    Some(Replayed {
        variant,
        plies,
        declared: record.result,
        outcome,
        final_fen,
    })
}

/// The main line's replay: plies, the rules' outcome at its end and the final FEN.
type LineEnd = (usize, Option<citadel_rules::Outcome>, String);

/// Plays the movetext's main line and checks the shape of its variations, as decoding does.
fn main_line<G: Game>(record: &Record, b: &mut Bytes) -> Option<LineEnd> {
    let mut line = Line {
        pos: record.start_position::<G>().ok()?,
        legal: MoveList::new(),
        fresh: false,
    };
    let mut scratch: Vec<u64> = Vec::new();
    let mut plies = 0usize;
    // whether each open line has a move yet: the main line first, the innermost variation last
    let mut lines: Vec<bool> = vec![false];
    while let Ok(op) = b.byte() {
        let in_main = lines.len() == 1;
        match op {
            OP_MOVE => {
                let len = b.varint().ok()?;
                let text = std::str::from_utf8(b.take(len).ok()?).ok()?;
                if in_main {
                    let (pos, legal) = line.moves();
                    let m = san::parse_among(pos, legal, text).ok()?;
                    line.play_listed(m)?;
                    plies += 1;
                }
                *lines.last_mut()? = true;
            }
            OP_PLAYED => {
                if !in_main {
                    return None;
                }
                let run = b.varint().ok()?;
                for _ in 0..run {
                    let bytes = b.take(u64::from(width(line.moves().1.len()))).ok()?;
                    let rank = match *bytes {
                        [r] => usize::from(r),
                        [lo, hi] => usize::from(u16::from_le_bytes([lo, hi])),
                        _ => return None,
                    };
                    let m = by_rank(line.moves().1, &mut scratch, rank)?;
                    line.play_listed(m)?;
                    plies += 1;
                }
                lines[0] = true;
            }
            OP_MOVES => {
                if !in_main {
                    return None;
                }
                let run = b.varint().ok()?;
                for _ in 0..run {
                    let m = get_move(b).ok()?;
                    line.play(m)?;
                    plies += 1;
                }
                lines[0] = true;
            }
            OP_NAG => {
                b.byte().ok()?;
                if !*lines.last()? {
                    return None;
                }
            }
            OP_COMMENT => {
                let len = b.varint().ok()?;
                std::str::from_utf8(b.take(len).ok()?).ok()?;
            }
            OP_OPEN => {
                if !*lines.last()? || lines.len() > MAX_DEPTH {
                    return None;
                }
                lines.push(false);
            }
            OP_CLOSE => {
                if in_main {
                    return None;
                }
                lines.pop();
            }
            _ => return None,
        }
    }
    if lines.len() != 1 {
        return None;
    }
    let (pos, legal) = line.moves();
    Some((plies, pos.outcome_among(legal), fen::write(pos)))
}

/// The main line's position, and its legal moves when they were needed.
struct Line<G: Game> {
    pos: Position<G>,
    legal: MoveList,
    /// Whether `legal` holds the moves of `pos`.
    fresh: bool,
}

impl<G: Game> Line<G> {
    /// The position and its legal moves, generated at the first need.
    fn moves(&mut self) -> (&Position<G>, &MoveList) {
        if !self.fresh {
            self.pos.generate(&mut self.legal);
            self.fresh = true;
        }
        (&self.pos, &self.legal)
    }

    /// Plays `m`, one of the position's [`moves`](Self::moves), unless the game has ended
    /// before it.
    fn play_listed(&mut self, m: Move) -> Option<()> {
        let (pos, legal) = self.moves();
        if pos.outcome_among(legal).is_some() {
            return None;
        }
        self.pos.play_unchecked(m);
        self.fresh = false;
        Some(())
    }

    /// Plays `m` if it is legal and the game has not ended before it.
    fn play(&mut self, m: Move) -> Option<()> {
        if !self.pos.is_legal(m) || self.pos.outcome_given(true).is_some() {
            return None;
        }
        self.pos.play_unchecked(m);
        self.fresh = false;
        Some(())
    }
}
