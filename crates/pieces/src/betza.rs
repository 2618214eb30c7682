//! Betza descriptions of pieces (as XBoard's `piece` command and Fairy-Stockfish's
//! `customPiece` read them): written from the piece's movement atoms (leaps, slides, limited
//! rides, first-move leaps), and read back ([`parse`]). Moves Betza cannot say plainly (a
//! ride with a minimum distance, a bent ride, a jumping ride) give no description.
//!
//! ```
//! use citadel_pieces::{betza, catalog};
//! assert_eq!(betza::describe(&catalog::princess()).as_deref(), Some("BN"));
//! assert_eq!(betza::describe(&catalog::giraffe()), None);
//! ```

use crate::{leap_images, Atom, Mode, PieceDef, UNLIMITED};
use citadel_geometry::Dir;

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

/// A Betza text that [`parse`] cannot read, with the byte offset of the fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Betza `{text}`, at character {}: {reason}", .at + 1)]
pub struct BetzaError {
    /// The whole text.
    pub text: String,
    /// Byte offset of the faulty part.
    pub at: usize,
    /// What is wrong there.
    pub reason: String,
}

/// The leap of an atom letter, with `a >= b`, and whether the letter rides by itself
/// (`R`, `B`); `K` and `Q` are read as their two components.
fn atom_leap(c: char) -> Option<(i8, i8, bool)> {
    Some(match c {
        'W' => (1, 0, false),
        'F' => (1, 1, false),
        'D' => (2, 0, false),
        'N' => (2, 1, false),
        'A' => (2, 2, false),
        'H' => (3, 0, false),
        'C' | 'L' => (3, 1, false),
        'Z' | 'J' => (3, 2, false),
        'G' => (3, 3, false),
        'R' => (1, 0, true),
        'B' => (1, 1, true),
        _ => return None,
    })
}

/// The eight images of the atom `(a, b)` (`a` cells forward and `b` to the right, as White
/// sees it), each with the direction tokens that select it: Fairy-Stockfish's reading of
/// Betza's directions, so that a file means in Citadel what it means there (`fN` is the two
/// narrow forward leaps, `fhN` all four forward ones, `fsN` the wide forward ones, `lfN` the
/// narrow forward-left one, `flN` the wide one).
fn images(a: i8, b: i8) -> [((i8, i8), [&'static str; 7]); 8] {
    [
        ((b, a), ["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-b, -a), ["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((a, -b), ["rr", "ss", "br", "bs", "bh", "lh", "hr"]),
        ((-a, b), ["ll", "ss", "fl", "fs", "fh", "rh", "hr"]),
        ((a, b), ["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-a, -b), ["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((b, -a), ["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-b, a), ["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// The direction letters before an atom as tokens: a letter pairs with the next one when
/// it repeats it or joins a vertical (`f b v h`) to a horizontal (`r l s h`) one; a lone
/// letter stands for itself doubled (`f` is `ff`).
fn tokens(dirs: &str) -> Vec<String> {
    const VERTICAL: &str = "fbvh";
    const HORIZONTAL: &str = "rlsh";
    let chars: Vec<char> = dirs.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if let Some(&c2) = chars.get(i + 1) {
            if c2 == c
                || (VERTICAL.contains(c) && HORIZONTAL.contains(c2))
                || (HORIZONTAL.contains(c) && VERTICAL.contains(c2))
            {
                out.push(format!("{c}{c2}"));
                i += 2;
                continue;
            }
        }
        out.push(format!("{c}{c}"));
        i += 1;
    }
    out
}

/// The leaps `(dx, dy)` of the atom `(a, b)` that the tokens select (all of them when there
/// are none); for a plain orthogonal atom a mixed token counts as both its letters
/// (`fsW`: forward and sideways).
fn selected(tokens: &[String], a: i8, b: i8) -> Vec<(i8, i8)> {
    let split: Vec<String> = if b == 0 {
        tokens
            .iter()
            .flat_map(|t| {
                let mut c = t.chars();
                let (x, y) = (c.next().unwrap_or('f'), c.next().unwrap_or('f'));
                if x == y {
                    vec![t.clone()]
                } else {
                    vec![format!("{x}{x}"), format!("{y}{y}")]
                }
            })
            .collect()
    } else {
        tokens.to_vec()
    };
    let mut out: Vec<(i8, i8)> = Vec::new();
    for (step, names) in images(a, b) {
        let hit = split.is_empty() || names.iter().any(|n| split.iter().any(|t| t == n));
        if hit && !out.contains(&step) {
            out.push(step);
        }
    }
    // in the catalogue's order, so that a piece read back equals the catalogue's
    let order = leap_images(b, a);
    out.sort_by_key(|s| order.iter().position(|o| o == s));
    out
}

/// The modifiers [`parse`] does not read, with what they mean.
fn unsupported(c: char) -> &'static str {
    match c {
        'n' => "lame leaps (`n`)",
        'j' => "jumping moves (`j`)",
        'p' => "hoppers (`p`)",
        'g' => "grasshoppers (`g`)",
        'i' => "initial moves (`i`)",
        'a' | 'x' | 'y' | 'o' | 't' | 'z' | 'q' => "multi-leg, cylindrical or bent moves",
        'e' => "en passant captures (`e`)",
        'd' | 'u' | 'k' => "moves that affect other pieces",
        _ => "unknown modifiers",
    }
}

/// Reads a Betza description into a piece named `name`, written `letter`: the atoms `W F D N
/// A H C(L) Z(J) G` (leaps), `R B Q` (riders) and `K` (`WF`), each after optional direction
/// letters (`f b l r v s h`, paired as Fairy-Stockfish pairs them: `ff`, `fs`, `lf`, `fh`,
/// ...) and modes (`m`: moves only, `c`: captures only), and before an optional range (`R4`,
/// `B2`, `W3`: a ride of at most that many cells) or a doubled letter (`WW`: the rook). A piece whose moves are not the same to the
/// left and to the right is refused: Citadel mirrors a piece's moves for Black front to back,
/// Fairy-Stockfish turns them about, and the two agree only for such pieces.
///
/// ```
/// use citadel_pieces::{betza, catalog};
/// let knight = betza::parse("knight", 'N', "N").unwrap();
/// assert_eq!(knight.atoms, catalog::knight().atoms);
/// let pawn = betza::parse("soldier", 'S', "fsW").unwrap();
/// assert_eq!(pawn.atoms.len(), 3);
/// assert!(pawn.oriented);
/// // a limited diagonal ride is written `F2`, as `B2`
/// assert_eq!(betza::describe(&betza::parse("x", 'X', "mRcB2").unwrap()).as_deref(), Some("mRcF2"));
/// let e = betza::parse("lame", 'L', "nN").unwrap_err();
/// assert_eq!(e.to_string(), "Betza `nN`, at character 1: lame leaps (`n`) are not supported");
/// ```
pub fn parse(name: &str, letter: char, text: &str) -> Result<PieceDef, BetzaError> {
    let fail = |at: usize, reason: String| BetzaError {
        text: text.to_string(),
        at,
        reason,
    };
    let mut def = PieceDef::new(name, letter);
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < bytes.len() {
        let start = bytes[i].0;
        let mut dirs = String::new();
        let mut mode: Option<Mode> = None;
        while i < bytes.len() && bytes[i].1.is_ascii_lowercase() {
            let (at, c) = bytes[i];
            match c {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => dirs.push(c),
                'm' | 'c' => {
                    let m = if c == 'm' { Mode::Move } else { Mode::Capture };
                    mode = match mode {
                        None => Some(m),
                        Some(old) if old == m => Some(m),
                        Some(_) => Some(Mode::Any),
                    };
                }
                _ => return Err(fail(at, format!("{} are not supported", unsupported(c)))),
            }
            i += 1;
        }
        let Some(&(at, atom)) = bytes.get(i) else {
            return Err(fail(start, "modifiers with no atom after them".into()));
        };
        i += 1;
        // a doubled letter rides (`WW` is `R`, `NN` the nightrider)
        let doubled = bytes.get(i).is_some_and(|&(_, c)| c == atom);
        if doubled {
            i += 1;
        }
        let mut digits = String::new();
        while i < bytes.len() && bytes[i].1.is_ascii_digit() {
            digits.push(bytes[i].1);
            i += 1;
        }
        let range: Option<u8> = if digits.is_empty() {
            None
        } else {
            match digits.parse::<u8>() {
                Ok(n) if (1..UNLIMITED).contains(&n) => Some(n),
                _ => return Err(fail(at, format!("range `{digits}` is not 1 to 254"))),
            }
        };
        let parts: &[char] = match atom {
            'K' => &['W', 'F'],
            'Q' => &['R', 'B'],
            _ => std::slice::from_ref(&atom),
        };
        let mode = mode.unwrap_or(Mode::Any);
        for &part in parts {
            let Some((a, b, rides)) = atom_leap(part) else {
                return Err(fail(at, format!("`{atom}` is not an atom")));
            };
            let max = match (rides || doubled || range.is_some_and(|n| n > 1), range) {
                (false, _) => 1,
                (true, Some(n)) => n,
                (true, None) => UNLIMITED,
            };
            if max > 1 && !(a == 1 && b <= 1) {
                return Err(fail(at, format!("riders of `{part}` are not supported")));
            }
            let mut any = false;
            for (dx, dy) in selected(&tokens(&dirs), a, b) {
                any = true;
                def.atoms.push((
                    if max == 1 {
                        Atom::Leap { dx, dy }
                    } else {
                        let dir = Dir::ALL
                            .into_iter()
                            .find(|d| d.delta() == (dx, dy))
                            .expect("a one-cell step is a direction");
                        Atom::Ride {
                            dir,
                            min: 1,
                            max,
                            jump: false,
                        }
                    },
                    mode,
                ));
            }
            if !any {
                return Err(fail(
                    start,
                    format!("the directions `{dirs}` select no move"),
                ));
            }
        }
    }
    let steps: Vec<(i8, i8, Mode, u8)> = def
        .atoms
        .iter()
        .map(|(atom, mode)| match *atom {
            Atom::Leap { dx, dy } => (dx, dy, *mode, 1),
            Atom::Ride { dir, max, .. } => {
                let (dx, dy) = dir.delta();
                (dx, dy, *mode, max)
            }
            Atom::Bent { .. } => (0, 0, *mode, 0),
        })
        .collect();
    if steps
        .iter()
        .any(|&(dx, dy, m, r)| !steps.contains(&(-dx, dy, m, r)))
    {
        return Err(fail(
            0,
            "moves that differ to the left and to the right are not supported".into(),
        ));
    }
    def.oriented = steps
        .iter()
        .any(|&(dx, dy, m, r)| !steps.contains(&(dx, -dy, m, r)));
    Ok(def)
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

    /// The catalogue's pieces read back from their descriptions move alike.
    #[test]
    fn descriptions_read_back() {
        let same = |a: &PieceDef, b: &PieceDef| {
            let mut x = a.atoms.clone();
            let mut y = b.atoms.clone();
            let key = |p: &(Atom, Mode)| format!("{p:?}");
            x.sort_by_key(key);
            y.sort_by_key(key);
            x == y
        };
        for def in [
            catalog::king(),
            catalog::queen(),
            catalog::rook(),
            catalog::bishop(),
            catalog::knight(),
            catalog::princess(),
            catalog::fortress(),
            catalog::champion(),
            catalog::wizard(),
            catalog::ferz(),
            catalog::wazir(),
            catalog::alfil(),
            catalog::camel(),
            catalog::pawn(),
        ] {
            let text = describe(&def).expect("a description");
            let back = parse(&def.name, def.letter, &text).expect(&text);
            assert!(same(&def, &back), "{text}");
            assert_eq!(back.oriented, def.oriented, "{text}");
        }
    }

    #[test]
    fn directions_pick_moves() {
        let count = |t: &str| parse("x", 'X', t).map(|d| d.atoms.len());
        assert_eq!(count("ffN"), Ok(2));
        assert_eq!(count("fsN"), Ok(2));
        assert_eq!(count("fN"), Ok(2), "narrow, as Fairy-Stockfish reads it");
        assert_eq!(count("fhN"), Ok(4));
        assert_eq!(count("sN"), Ok(4));
        assert_eq!(count("vN"), Ok(4));
        assert_eq!(count("sW"), Ok(2));
        assert_eq!(count("fF"), Ok(2));
        assert_eq!(count("WfF"), Ok(6));
        assert_eq!(count("FfW"), Ok(5));
        assert_eq!(count("fR"), Ok(1));
        assert_eq!(count("R2"), Ok(4));
        assert_eq!(count("K"), Ok(8));
        assert_eq!(count("Q"), Ok(8));
        assert!(count("flF").is_err(), "left only");
        assert_eq!(count("WW"), Ok(4));
        assert!(count("NN").is_err(), "the nightrider");
        assert!(count("N2").is_err(), "a nightrider");
        assert!(count("pR").is_err());
        assert!(count("fm").is_err());
        assert!(count("X").is_err());
        assert!(count("R0").is_err());
    }
}
