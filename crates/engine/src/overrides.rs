//! Material values and evaluation weights replaced for a player, written
//! `name=value,name=value` (piece names as in the game, e.g. `giraffe=350`, or weight names
//! as [`Weights::NAMES`] lists them, e.g. `mobility-mg=4`) — to measure values by self-play
//! ([`Evaluator::with_values`](citadel_search::eval::Evaluator::with_values)) or to start a
//! fit from.
//!
//! ```
//! use citadel_engine::overrides;
//! use citadel_rules::Shatranj;
//! let v = overrides::parse("knight=300, mobility-mg=4").unwrap();
//! assert_eq!(v, [("knight".to_string(), 300), ("mobility-mg".to_string(), 4)]);
//! assert!(overrides::check::<Shatranj>(&v).is_ok());
//! assert!(overrides::check::<Shatranj>(&overrides::parse("queen=900").unwrap()).is_err());
//! ```

use citadel_notation::clip;
use citadel_rules::Game;
use citadel_search::eval::weights::Weights;

/// Most a value may be.
pub const MAX_VALUE: i32 = 10_000;

/// A list of values that cannot be used; the texts are clipped for messages.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OverrideError {
    /// An item without `=`.
    #[error("bad value `{0}` (expected name=value)")]
    NotAPair(String),
    /// The value is not a whole number.
    #[error("bad value `{item}`: `{value}` is not a number")]
    NotANumber {
        /// The item as written.
        item: String,
        /// Its value.
        value: String,
    },
    /// The value is a number outside 0 to [`MAX_VALUE`].
    #[error("bad value `{item}`: {value} is out of range (0 to 10000)")]
    OutOfRange {
        /// The item as written.
        item: String,
        /// Its value.
        value: String,
    },
    /// A piece valued below 1.
    #[error("a piece is worth 1 to 10000, not {value} (`{name}`)")]
    Worthless {
        /// The piece.
        name: String,
        /// The value given.
        value: i32,
    },
    /// The name is neither a piece of the game nor an evaluation weight.
    #[error("{game} has no piece or weight named `{name}`")]
    UnknownName {
        /// The game's id.
        game: &'static str,
        /// The name given.
        name: String,
    },
}

/// Reads `name=value,name=value` (values 0 to [`MAX_VALUE`]; blank items are skipped);
/// [`check`] tells which names a game knows.
pub fn parse(text: &str) -> Result<Vec<(String, i32)>, OverrideError> {
    text.split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let (n, v) = p
                .split_once('=')
                .ok_or_else(|| OverrideError::NotAPair(p.to_string()))?;
            let v = v.trim();
            let digits = v.strip_prefix('-').unwrap_or(v);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(OverrideError::NotANumber {
                    item: clip(p),
                    value: clip(v),
                });
            }
            match v.parse::<i32>() {
                Ok(n) if (0..=MAX_VALUE).contains(&n) => Ok(n),
                _ => Err(OverrideError::OutOfRange {
                    item: clip(p),
                    value: clip(v),
                }),
            }
            .map(|v| (n.trim().to_string(), v))
        })
        .collect()
}

/// Checks that each name of `values` is a piece of `G` (worth at least 1) or an evaluation
/// weight ([`Weights::NAMES`]).
pub fn check<G: Game>(values: &[(String, i32)]) -> Result<(), OverrideError> {
    let cfg = G::config();
    for (name, v) in values {
        if cfg.kind_named(name).is_some() {
            if *v < 1 {
                return Err(OverrideError::Worthless {
                    name: clip(name),
                    value: *v,
                });
            }
        } else if Weights::DEFAULT.get(name).is_none() {
            return Err(OverrideError::UnknownName {
                game: cfg.id,
                name: clip(name),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use citadel_rules::Shatranj;

    #[test]
    fn bad_lists_say_what_is_wrong() {
        let e = |t: &str| parse(t).unwrap_err().to_string();
        assert_eq!(e("knight"), "bad value `knight` (expected name=value)");
        assert_eq!(
            e("knight=lots"),
            "bad value `knight=lots`: `lots` is not a number"
        );
        assert_eq!(
            e("knight=-3"),
            "bad value `knight=-3`: -3 is out of range (0 to 10000)"
        );
        assert_eq!(
            e("knight=99999999999"),
            "bad value `knight=99999999999`: 99999999999 is out of range (0 to 10000)"
        );
        assert_eq!(parse("").unwrap(), []);
        let v = parse("knight=300, tempo=0").unwrap();
        let write = citadel_search::tune::value_list;
        assert_eq!(write(&v), "knight=300,tempo=0");
        assert_eq!(parse(&write(&v)).unwrap(), v);
        assert_eq!(parse(" , ").unwrap(), []);
    }

    #[test]
    fn names_must_be_pieces_or_weights() {
        let c = |t: &str| check::<Shatranj>(&parse(t).unwrap()).map_err(|e| e.to_string());
        assert_eq!(c("knight=300,ferz=150,tempo=0"), Ok(()));
        assert_eq!(
            c("knight=0"),
            Err("a piece is worth 1 to 10000, not 0 (`knight`)".into())
        );
        assert_eq!(
            c("mobility=3"),
            Err("shatranj has no piece or weight named `mobility`".into())
        );
    }
}
