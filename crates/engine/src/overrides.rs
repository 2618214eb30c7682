//! Material values and evaluation weights replaced for a player, written
//! `key=value,key=value` (a piece's role key, e.g. `giraffe=350`, `pawn-of-rooks=120`, see
//! [`Role`](citadel_pieces::Role), or a weight's name as [`EvalWeights::NAMES`] lists them,
//! e.g. `mobility-mg=4`) — to measure values by self-play
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
use citadel_rules::{EvalWeights, Game, UnknownRoleKey};

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
    /// The key is neither a piece's role key in the game nor an evaluation weight (the
    /// error lists the game's keys).
    #[error(
        "{} has no piece or weight with the key `{}` (its pieces: {}; weights: {})",
        .0.game,
        .0.key,
        .0.keys.join(", "),
        EvalWeights::NAMES.join(", ")
    )]
    UnknownKey(UnknownRoleKey),
}

/// Reads `key=value,key=value` (values 0 to [`MAX_VALUE`]; blank items are skipped);
/// [`check`] tells which keys a game knows.
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

/// Checks that each key of `values` is the role key of a piece of `G` (worth at least 1) or
/// an evaluation weight ([`EvalWeights::NAMES`]).
pub fn check<G: Game>(values: &[(String, i32)]) -> Result<(), OverrideError> {
    let cfg = G::config();
    for (name, v) in values {
        match cfg.kind_of_key(name) {
            Ok(_) if *v < 1 => {
                return Err(OverrideError::Worthless {
                    name: clip(name),
                    value: *v,
                })
            }
            Ok(_) => {}
            Err(_) if EvalWeights::DEFAULT.get(name).is_some() => {}
            Err(e) => {
                return Err(OverrideError::UnknownKey(UnknownRoleKey {
                    key: clip(&e.key),
                    ..e
                }))
            }
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
            Err(
                "shatranj has no piece or weight with the key `mobility` (its pieces: king, \
                 ferz, rook, alfil, knight, pawn; weights: mobility-mg, mobility-eg, square-mg, \
                 square-eg, advance-mg, advance-eg, passed-mg, passed-eg, king-attack, shelter, \
                 tempo, learned)"
                    .into()
            )
        );
    }

    #[test]
    fn keys_are_role_keys_with_the_old_spellings_of_the_same_piece() {
        use citadel_rules::{Courier, Tamerlane};
        let c = |t: &str| check::<Tamerlane>(&parse(t).unwrap()).map_err(|e| e.to_string());
        assert_eq!(
            c("wazir=60,dabbaba=70,pawn-of-rooks=120,adventitious-king=300"),
            Ok(())
        );
        assert_eq!(
            c("vizier=60,war engine=70,pawn of rooks=120,fers=90"),
            Ok(())
        );
        let c = |t: &str| check::<Courier>(&parse(t).unwrap()).map_err(|e| e.to_string());
        assert_eq!(c("mann=300,schleich=150"), Ok(()));
        // Mini Citadel's guard and Tamerlane's vizier are not Courier's pieces
        let e = c("guard=300").unwrap_err();
        assert!(
            e.starts_with("courier has no piece or weight with the key `guard` (its pieces: king, ferz, rook, bishop, alfil, knight, mann, schleich, pawn; "),
            "{e}"
        );
        assert!(c("vizier=150").is_err());
    }
}
