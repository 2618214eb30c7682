//! The FEN rights field of Tamerlane chess: `K`/`k` while that side's king's swap is
//! unused, `P1`/`P2` (`p1`/`p2`) once that side's pawn of pawns has reached its last rank
//! once/twice; written in the order `K`, `k`, `P…`, `p…`, read in any order; `-` when empty.

use crate::FenRights;
use citadel_rules::tamerlane::rights::{ONCE, SWAP, TWICE};
use citadel_rules::{Setup, Tamerlane};

impl FenRights for Tamerlane {
    fn parse_rights(text: &str, setup: &mut Setup) -> Result<(), String> {
        setup.rights = 0;
        if text == "-" {
            return Ok(());
        }
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            let (bit, name) = match c {
                'K' => (SWAP[0], "K".to_string()),
                'k' => (SWAP[1], "k".to_string()),
                'P' | 'p' => {
                    let side = usize::from(c == 'p');
                    let n = chars.next();
                    let bit = match n {
                        Some('1') => ONCE[side],
                        Some('2') => TWICE[side],
                        _ => {
                            let got = n.map_or("nothing".to_string(), |n| format!("`{n}`"));
                            return Err(format!("`{c}` must be followed by 1 or 2, not {got}"));
                        }
                    };
                    (bit, format!("{c}{}", n.unwrap_or('?')))
                }
                _ => return Err(format!("unknown right `{c}`")),
            };
            if setup.rights & bit != 0 {
                return Err(format!("right `{name}` given twice"));
            }
            setup.rights |= bit;
        }
        for (side, p) in ['P', 'p'].into_iter().enumerate() {
            if setup.rights & ONCE[side] != 0 && setup.rights & TWICE[side] != 0 {
                return Err(format!("`{p}1` and `{p}2` together"));
            }
        }
        Ok(())
    }

    fn write_rights(setup: &Setup) -> String {
        let r = setup.rights;
        let mut s = String::new();
        for (bit, text) in [
            (SWAP[0], "K"),
            (SWAP[1], "k"),
            (ONCE[0], "P1"),
            (TWICE[0], "P2"),
            (ONCE[1], "p1"),
            (TWICE[1], "p2"),
        ] {
            if r & bit != 0 {
                s.push_str(text);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}
