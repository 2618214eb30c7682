//! Betza descriptions of pieces (as XBoard's `piece` command reads them): written from the
//! piece's movement atoms (leaps, slides, limited rides, first-move leaps). Moves Betza
//! cannot say plainly (a ride with a minimum distance, a bent ride, a jumping ride) give no
//! description.
//!
//! ```
//! use citadel_pieces::{betza, catalog};
//! assert_eq!(betza::describe(&catalog::princess()).as_deref(), Some("BN"));
//! assert_eq!(betza::describe(&catalog::giraffe()), None);
//! ```

use crate::{leap_images, Atom, Mode, PieceDef, UNLIMITED};

/// The Betza letter of the leap `(a, b)` with `a >= b`.
fn letter(a: i8, b: i8) -> Option<char> {
    Some(match (a, b) {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 1) => 'N',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

fn modality(mode: Mode) -> &'static str {
    match mode {
        Mode::Any => "",
        Mode::Move => "m",
        Mode::Capture => "c",
        Mode::First => "im",
    }
}

/// The directional prefix for the steps `steps` of one atom (all images of `(a, b)`, or a
/// subset: forward/backward/left/right for W and F, from White's side).
fn directions(a: i8, b: i8, steps: &[(i8, i8)]) -> Option<String> {
    let all = leap_images(a, b);
    if all.iter().all(|s| steps.contains(s)) {
        return Some(String::new());
    }
    let mut out = String::new();
    for &(dx, dy) in steps {
        let d = match (a, b, dx.signum(), dy.signum()) {
            (1, 0, 0, 1) => "f",
            (1, 0, 0, -1) => "b",
            (1, 0, -1, 0) => "l",
            (1, 0, 1, 0) => "r",
            (1, 1, -1, 1) => "fl",
            (1, 1, 1, 1) => "fr",
            (1, 1, -1, -1) => "bl",
            (1, 1, 1, -1) => "br",
            _ => return None,
        };
        out.push_str(d);
    }
    Some(match out.as_str() {
        "flfr" | "frfl" => "f".to_string(),
        "blbr" | "brbl" => "b".to_string(),
        _ => out,
    })
}

/// Atoms described together: the leap `(a, b)` (`a >= b`), its range (1: a leap, 0:
/// unlimited), and its mode.
type Group = (i8, i8, u8, Mode);

/// The piece's moves in Betza notation, or `None` when an atom has no plain description.
///
/// A princess (bishop + knight) is `BN`; a pawn `fmWfcF`.
pub fn describe(def: &PieceDef) -> Option<String> {
    let mut groups: Vec<(Group, Vec<(i8, i8)>)> = Vec::new();
    for (atom, mode) in &def.atoms {
        let (dx, dy, range) = match *atom {
            Atom::Leap { dx, dy } => (dx, dy, 1),
            Atom::Ride {
                dir,
                min: 1,
                max,
                jump: false,
            } => {
                let (dx, dy) = dir.delta();
                (dx, dy, if max == UNLIMITED { 0 } else { max })
            }
            _ => return None,
        };
        let (a, b) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
        let key = (a, b, range, *mode);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, steps)) => steps.push((dx, dy)),
            None => groups.push((key, vec![(dx, dy)])),
        }
    }
    let mut out = String::new();
    for ((a, b, range, mode), steps) in groups {
        out.push_str(&directions(a, b, &steps)?);
        out.push_str(modality(mode));
        match (a, b, range) {
            (1, 0, 0) => out.push('R'),
            (1, 1, 0) => out.push('B'),
            _ => {
                out.push(letter(a, b)?);
                if range != 1 {
                    out.push_str(&range.to_string());
                }
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog;

    #[test]
    fn the_catalogue_in_betza() {
        assert_eq!(describe(&catalog::princess()).as_deref(), Some("BN"));
        assert_eq!(describe(&catalog::fortress()).as_deref(), Some("RN"));
        assert_eq!(describe(&catalog::champion()).as_deref(), Some("WDA"));
        assert_eq!(describe(&catalog::wizard()).as_deref(), Some("NF"));
        assert_eq!(describe(&catalog::pawn()).as_deref(), Some("fmWfcF"));
        assert_eq!(describe(&catalog::guard()).as_deref(), Some("DAimN"));
        assert_eq!(describe(&catalog::giraffe()), None);
        assert_eq!(describe(&catalog::scout()), None);
    }
}
