//! The FEN rights field of each game (third field): castling and rendezvous letters for the
//! FIDE-like games; other games bring their own codec.

use citadel_rules::{Chess, Game, Persian, Setup};

/// How a game writes and reads its FEN rights field.
pub trait FenRights: Game {
    /// Reads the rights field into `setup`; the error names what is wrong.
    fn parse_rights(text: &str, setup: &mut Setup) -> Result<(), String>;
    /// Writes the rights field (`-` when empty).
    fn write_rights(setup: &Setup) -> String;
}

/// Letters and their rights bits, in writing order.
fn parse_letters(text: &str, letters: &[(char, u64)]) -> Result<u64, String> {
    if text == "-" {
        return Ok(0);
    }
    let mut bits = 0;
    for c in text.chars() {
        let Some(&(_, bit)) = letters.iter().find(|(l, _)| *l == c) else {
            return Err(format!("unknown right `{c}`"));
        };
        if bits & bit != 0 {
            return Err(format!("right `{c}` given twice"));
        }
        bits |= bit;
    }
    Ok(bits)
}

fn write_letters(bits: u64, letters: &[(char, u64)]) -> String {
    let s: String = letters
        .iter()
        .filter(|(_, b)| bits & b != 0)
        .map(|(c, _)| *c)
        .collect();
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}

const CASTLING: [(char, u64); 4] = [('K', 1), ('Q', 2), ('k', 4), ('q', 8)];
const PERSIAN: [(char, u64); 6] = [('K', 1), ('Q', 2), ('Z', 16), ('k', 4), ('q', 8), ('z', 32)];

impl FenRights for Chess {
    fn parse_rights(text: &str, setup: &mut Setup) -> Result<(), String> {
        setup.rights = parse_letters(text, &CASTLING)?;
        Ok(())
    }
    fn write_rights(setup: &Setup) -> String {
        write_letters(setup.rights, &CASTLING)
    }
}

impl<const S: u8> FenRights for Persian<S> {
    fn parse_rights(text: &str, setup: &mut Setup) -> Result<(), String> {
        setup.rights = parse_letters(text, &PERSIAN)?;
        Ok(())
    }
    fn write_rights(setup: &Setup) -> String {
        write_letters(setup.rights, &PERSIAN)
    }
}
