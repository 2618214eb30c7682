//! The main-line coders: how a payload's main-line moves are encoded and decoded, following
//! the game while it replays, or as text.
use super::stored_move::{by_rank, storable, width};
use super::{DecodeError, Event};
use crate::record::Record;
use crate::san;
use citadel_rules::{with_game, Game, Move, MoveList, Position};

/// Follows a game's main line while it replays, to encode moves and decode them (stored as
/// moves or by rank).
struct Cursor<G: Game> {
    pos: Option<Position<G>>,
    legal: MoveList,
    /// Scratch space for finding a move by rank.
    ranked: Vec<u64>,
}

impl<G: Game> Cursor<G> {
    fn new(record: &Record) -> Self {
        let pos = record.start_position::<G>().ok();
        let legal = pos.as_ref().map(Position::legal_moves).unwrap_or_default();
        Cursor {
            pos,
            legal,
            ranked: Vec::new(),
        }
    }

    fn play(&mut self, m: Move) {
        if let Some(pos) = &mut self.pos {
            pos.play_unchecked(m);
            self.legal.clear();
            pos.generate(&mut self.legal);
        }
    }

    /// The move a text names, if the line still replays; the line stops replaying otherwise.
    fn follow(&mut self, text: &str) -> Option<Move> {
        let pos = self.pos.as_ref()?;
        match san::parse_among(pos, &self.legal, text) {
            Ok(m) => Some(m),
            Err(_) => {
                self.pos = None;
                None
            }
        }
    }
}

/// How main-line moves are encoded or decoded: by the game's cursor, or as text (then a
/// stored move cannot be decoded: [`unplayable`](Self::unplayable)).
pub(super) trait MainLine {
    /// The event storing main-line move `text`.
    fn encode(&mut self, text: &str) -> Event;
    /// Follows a main-line move stored as text.
    fn follow_text(&mut self, _text: &str) {}
    /// The bytes the next rank takes (`None` when the line does not replay).
    fn rank_width(&self) -> Option<u8> {
        None
    }
    /// The text of the main-line move of rank `rank`.
    fn decode_rank(&mut self, _rank: u16) -> Result<String, DecodeError> {
        Err(self.unplayable())
    }
    /// The text of main-line move `m`, stored as a move.
    fn decode_move(&mut self, _m: Move) -> Result<String, DecodeError> {
        Err(self.unplayable())
    }
    /// Why a stored move cannot be decoded where the line does not replay.
    fn unplayable(&self) -> DecodeError {
        DecodeError::RankWithoutReplay
    }
}

impl<G: Game> MainLine for Cursor<G> {
    fn encode(&mut self, text: &str) -> Event {
        let Some(m) = self.follow(text) else {
            return Event::Move(text.to_string());
        };
        let legal = &self.legal;
        let canonical = self
            .pos
            .as_mut()
            .map(|pos| san::write_among(pos, legal, &m));
        let event = if canonical.as_deref() == Some(text) && storable(&m) {
            Event::Stored(m)
        } else {
            Event::Move(text.to_string())
        };
        self.play(m);
        event
    }

    fn follow_text(&mut self, text: &str) {
        if let Some(m) = self.follow(text) {
            self.play(m);
        }
    }

    fn rank_width(&self) -> Option<u8> {
        self.pos.as_ref().map(|_| width(self.legal.len()))
    }

    fn decode_rank(&mut self, rank: u16) -> Result<String, DecodeError> {
        let out_of_range = DecodeError::RankOutOfRange {
            rank,
            legal: self.legal.len(),
        };
        let m = by_rank(&self.legal, &mut self.ranked, usize::from(rank)).ok_or(out_of_range)?;
        self.decode_move(m)
    }

    fn decode_move(&mut self, m: Move) -> Result<String, DecodeError> {
        let pos = self.pos.as_mut().ok_or(DecodeError::RankWithoutReplay)?;
        if !self.legal.contains(&m) {
            return Err(DecodeError::NotLegal);
        }
        let text = san::write_among(pos, &self.legal, &m);
        self.play(m);
        Ok(text)
    }
}

/// Main-line moves of a canonical record as its replay made them: stored as moves or as
/// their canonical text; encoding only.
pub(super) struct Observed(pub(super) std::vec::IntoIter<Event>);

impl MainLine for Observed {
    fn encode(&mut self, text: &str) -> Event {
        self.0
            .next()
            .unwrap_or_else(|| Event::Move(text.to_string()))
    }
}

/// Main-line moves of a record whose game is unknown: text only.
struct AsText;

impl MainLine for AsText {
    fn encode(&mut self, text: &str) -> Event {
        Event::Move(text.to_string())
    }
    fn unplayable(&self) -> DecodeError {
        DecodeError::RankWithoutVariant
    }
}

/// Runs `f` with the main-line coder of the record's game.
pub(super) fn with_main_line<T>(record: &Record, f: impl FnOnce(&mut dyn MainLine) -> T) -> T {
    match record.variant() {
        Ok(v) => with_game!(v, G => f(&mut Cursor::<G>::new(record))),
        Err(_) => f(&mut AsText),
    }
}
