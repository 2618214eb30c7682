//! The data model of a PGN-style game record: tag pairs, the main line with comments, NAGs
//! and variations (kept, not played), and the result.
use crate::{fen, FenError};
use citadel_rules::{Game, Position, Variant};
use serde::{Deserialize, Serialize};

pub use citadel_rules::GameResult;

/// One move of a line, with what annotates it.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct MoveNode {
    /// The move as written (SAN or coordinate).
    pub san: String,
    /// Numeric annotation glyphs (`$1`; `!` is read as 1, `?` 2, `!!` 3, `??` 4, `!?` 5,
    /// `?!` 6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// Comments after the move, whitespace collapsed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// Alternatives to this move, each starting at this move's ply.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Line>,
}

/// A line of moves: the main line or a variation.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Line {
    /// Comments before the first move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// The moves.
    pub moves: Vec<MoveNode>,
}

/// A game record.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Record {
    /// Tag pairs in their order.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub main: Line,
    /// The result that ends the movetext.
    pub result: GameResult,
}

impl Record {
    /// The value of a tag (the first, if repeated).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing the first of that name or appending it.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The index of a tag (for locating errors).
    pub fn tag_index(&self, name: &str) -> Option<usize> {
        self.tags.iter().position(|(n, _)| n == name)
    }

    /// The game the record is of, from its `Variant` tag (see [`variant_from_tag`]); FIDE
    /// chess when there is none.
    pub fn variant(&self) -> Result<Variant, UnknownVariant> {
        match self.tag("Variant") {
            None => Ok(Variant::Chess),
            Some(v) => variant_from_tag(v).ok_or_else(|| UnknownVariant {
                name: crate::clip(v),
            }),
        }
    }

    /// The position the game starts from, for game `G`: the `FEN` tag's, else the game's
    /// start position.
    pub fn start_position<G: Game>(&self) -> Result<Position<G>, FenError> {
        match self.tag("FEN") {
            None => Ok(fen::start::<G>()),
            Some(f) => fen::parse::<G>(f),
        }
    }

    /// The main line's moves as written.
    pub fn moves(&self) -> impl Iterator<Item = &str> {
        self.main.moves.iter().map(|m| m.san.as_str())
    }
}

/// A `Variant` tag that names no game.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown variant `{name}` (known: {})", known_ids())]
pub struct UnknownVariant {
    /// The tag's value, shortened to [`crate::ECHO_CHARS`].
    pub name: String,
}

/// Every game's id, comma-separated.
fn known_ids() -> String {
    let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
    ids.join(", ")
}

/// The game a `Variant` tag names: a Citadel id (`persian-princess`) or one of the game's
/// other names ([`Variant::from_name`]: the Persian Chess app's `Persian` = Persian
/// Princess, `Pyramid` = Egyptian Eye, `Citadel` = Celtic Citadel, `Oriental` = Oriental
/// Omega, `Standard` for FIDE chess); letter case is ignored, and an empty tag is FIDE chess
/// (as no tag is).
///
/// ```
/// use citadel_notation::record::variant_from_tag;
/// use citadel_rules::Variant;
/// assert_eq!(variant_from_tag("Pyramid"), Some(Variant::EgyptianEye));
/// assert_eq!(variant_from_tag("oriental-omega"), Some(Variant::OrientalOmega));
/// assert_eq!(variant_from_tag("Standard"), Some(Variant::Chess));
/// assert_eq!(variant_from_tag(""), Some(Variant::Chess));
/// assert_eq!(variant_from_tag("crazyhouse"), None);
/// ```
pub fn variant_from_tag(tag: &str) -> Option<Variant> {
    if tag.trim().is_empty() {
        return Some(Variant::Chess);
    }
    Variant::from_name(tag)
}
