//! Engine evaluations kept in a record's comments, in the form other PGN tools write and
//! read: `[%eval 0.35]`, `[%eval -1.20,14]` (pawns, with the search depth after a comma),
//! `[%eval #3]` or `[%eval #-2]` (mate in moves). The score is always from White's side and
//! belongs to the position after the move the comment follows.
//!
//! ```
//! use citadel_notation::eval_comment::{Eval, EvalComment};
//! let c = EvalComment { eval: Eval::Centipawns(-120), depth: Some(14) };
//! assert_eq!(c.to_string(), "[%eval -1.20,14]");
//! assert_eq!(EvalComment::find("a quiet move [%eval -1.20,14]"), Some(c));
//! assert_eq!(EvalComment::find("[%eval #-2]").map(|c| c.eval), Some(Eval::Mate(-2)));
//! ```

use std::fmt;

/// An evaluation from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns (positive: White is better).
    Centipawns(i32),
    /// Mate in this many moves: positive, White mates; negative, Black mates.
    Mate(i32),
}

/// An evaluation as a comment carries it, with the depth of the search that gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalComment {
    /// The evaluation, White's side.
    pub eval: Eval,
    /// The search's depth, when known.
    pub depth: Option<u32>,
}

impl fmt::Display for EvalComment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.eval {
            Eval::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let a = cp.unsigned_abs();
                write!(f, "[%eval {sign}{}.{:02}", a / 100, a % 100)?;
            }
            Eval::Mate(n) => write!(f, "[%eval #{n}")?,
        }
        match self.depth {
            Some(d) => write!(f, ",{d}]"),
            None => f.write_str("]"),
        }
    }
}

impl EvalComment {
    /// The first well-formed `[%eval ...]` in `comment`, if there is one. Pawns are read
    /// to the centipawn (`0.355` is 35); a value beyond ±1,000,000 pawns is not read.
    pub fn find(comment: &str) -> Option<EvalComment> {
        let mut rest = comment;
        while let Some(i) = rest.find("[%eval") {
            let after = &rest[i + "[%eval".len()..];
            if let Some(c) = after.split_once(']').and_then(|(body, _)| parse_body(body)) {
                return Some(c);
            }
            rest = after;
        }
        None
    }
}

/// ` 0.35,14` (what stands between `[%eval` and `]`).
fn parse_body(body: &str) -> Option<EvalComment> {
    let body = body.strip_prefix([' ', '\t'])?.trim();
    let (value, depth) = match body.split_once(',') {
        Some((v, d)) => (v.trim(), Some(d.trim().parse::<u32>().ok()?)),
        None => (body, None),
    };
    let eval = match value.strip_prefix('#') {
        Some(n) => Eval::Mate(n.parse().ok()?),
        None => Eval::Centipawns(pawns_to_centipawns(value)?),
    };
    Some(EvalComment { eval, depth })
}

/// `-1.2` → -120, `3` → 300, `+0.05` → 5.
fn pawns_to_centipawns(text: &str) -> Option<i32> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && frac.is_empty()) || !all_digits(whole) || !all_digits(frac) {
        return None;
    }
    let whole: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut cents = 0i64;
    for (i, b) in frac.bytes().take(2).enumerate() {
        cents += i64::from(b - b'0') * if i == 0 { 10 } else { 1 };
    }
    if whole > 1_000_000 {
        return None;
    }
    let cp = whole * 100 + cents;
    i32::try_from(if negative { -cp } else { cp }).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cp(c: i32, depth: Option<u32>) -> Option<EvalComment> {
        Some(EvalComment {
            eval: Eval::Centipawns(c),
            depth,
        })
    }

    #[test]
    fn reads_the_forms_other_tools_write() {
        assert_eq!(EvalComment::find("[%eval 0.17]"), cp(17, None));
        assert_eq!(EvalComment::find("[%eval -0.05,20]"), cp(-5, Some(20)));
        assert_eq!(EvalComment::find("[%eval +3]"), cp(300, None));
        assert_eq!(EvalComment::find("[%eval .5]"), cp(50, None));
        assert_eq!(EvalComment::find("[%eval 12.345]"), cp(1234, None));
        assert_eq!(
            EvalComment::find("good [%clk 0:01:00] [%eval #-3,7]"),
            Some(EvalComment {
                eval: Eval::Mate(-3),
                depth: Some(7)
            })
        );
        // a broken one is skipped for a good one after it
        assert_eq!(EvalComment::find("[%eval x] [%eval 1.00]"), cp(100, None));
    }

    #[test]
    fn ignores_what_is_not_an_eval() {
        for text in [
            "",
            "[%eval]",
            "[%eval ]",
            "[%eval 1.0",
            "[%evaluation 1.0]",
            "[%eval 1.0,x]",
            "[%eval -]",
            "[%eval 1e3]",
            "[%eval 99999999999]",
            "[%eval #]",
            "[%eval 1.-2]",
        ] {
            assert_eq!(EvalComment::find(text), None, "{text}");
        }
    }

    #[test]
    fn writes_what_it_reads() {
        for c in [
            cp(0, None),
            cp(-1, Some(1)),
            cp(35, Some(12)),
            cp(-12_345, None),
            Some(EvalComment {
                eval: Eval::Mate(-1),
                depth: None,
            }),
            Some(EvalComment {
                eval: Eval::Mate(4),
                depth: Some(30),
            }),
        ] {
            let c = c.expect("a comment");
            assert_eq!(EvalComment::find(&c.to_string()), Some(c), "{c}");
        }
        assert_eq!(
            cp(-5, None).expect("a comment").to_string(),
            "[%eval -0.05]"
        );
    }
}
