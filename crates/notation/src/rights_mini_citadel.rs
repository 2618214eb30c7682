//! Mini Citadel Chess rights field: one letter per piece that still holds its first-move
//! right, named by its start file (`A` = guard a1, `B`..`I` = the piece on rank 2, `J` =
//! guard j1; lowercase for Black's a10, rank 9, j10), written in the order
//! `ABCDEFGHIJabcdefghij`; `-` when none.

use crate::FenRights;
use citadel_rules::{Color, MiniCitadel, Setup};

/// The letter of `color`'s right on file index `file` (0 = a).
fn letter(color: Color, file: usize) -> char {
    let base = match color {
        Color::White => b'A',
        Color::Black => b'a',
    };
    (base + file as u8) as char
}

impl FenRights for MiniCitadel {
    /// Reads the letters into `setup.unmoved`, checking that each letter's start cell holds
    /// that side's unpromoted start piece (the board is already read).
    fn parse_rights(text: &str, setup: &mut Setup) -> Result<(), String> {
        setup.rights = 0;
        setup.unmoved = Default::default();
        if text == "-" {
            return Ok(());
        }
        for c in text.chars() {
            let (color, file) = match c {
                'A'..='J' => (Color::White, c as usize - 'A' as usize),
                'a'..='j' => (Color::Black, c as usize - 'a' as usize),
                _ => return Err(format!("unknown right `{c}` (letters A–J, a–j or `-`)")),
            };
            let (sq, _) = MiniCitadel::right_cells(color)[file];
            if setup.unmoved.contains(sq) {
                return Err(format!("right `{c}` given twice"));
            }
            if let Some(why) = MiniCitadel::right_problem(&setup.board, color, file) {
                return Err(format!("right `{c}`: {why}"));
            }
            setup.unmoved.insert(sq);
        }
        Ok(())
    }

    fn write_rights(setup: &Setup) -> String {
        let mut s = String::new();
        for color in Color::BOTH {
            for (file, (sq, _)) in MiniCitadel::right_cells(color).iter().enumerate() {
                if setup.unmoved.contains(*sq) {
                    s.push(letter(color, file));
                }
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}
