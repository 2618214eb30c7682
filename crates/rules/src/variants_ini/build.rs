//! A section's keys made into a game's [`Config`]: the board, the pieces, and every rule as
//! data the core reads.

use super::keys::{DISPLAY_ONLY, PIECES, REFUSED, REFUSED_PIECES};
use super::{Entry, IniError};
use crate::castling::{CastleSpec, Castling};
use crate::{
    Color, Config, Extinction, Flag, Position, Right, Stalemate, Variant, Verdict, XBoardGame,
};
use citadel_geometry::{Bitboard, Coord, Geometry, GeometryBuilder, Square};
use citadel_pieces::{betza, catalog, PieceDef};
use std::cell::RefCell;

/// The largest board side.
const MAX_SIDE: u8 = 16;

/// The section's keys, with which of them were read.
struct Keys<'a> {
    entries: &'a [Entry],
    used: RefCell<Vec<bool>>,
    file: &'a str,
    line: usize,
}

impl<'a> Keys<'a> {
    /// The entry of `key`, marked as read.
    fn get(&self, key: &str) -> Option<&'a Entry> {
        let i = self.entries.iter().position(|e| e.key == key)?;
        self.used.borrow_mut()[i] = true;
        Some(&self.entries[i])
    }

    /// An error about `e`.
    fn err(&self, e: &Entry, reason: String) -> IniError {
        IniError {
            file: self.file.to_string(),
            line: if e.line == 0 { self.line } else { e.line },
            key: Some(e.key.clone()),
            reason,
        }
    }

    /// An error about the section as a whole.
    fn section_err(&self, reason: String) -> IniError {
        IniError {
            file: self.file.to_string(),
            line: self.line,
            key: None,
            reason,
        }
    }

    fn bool(&self, key: &str, default: bool) -> Result<bool, IniError> {
        match self.get(key) {
            None => Ok(default),
            Some(e) => match e.value.as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                v => Err(self.err(e, format!("`{v}` is not `true` or `false`"))),
            },
        }
    }

    fn int(&self, key: &str, default: u32, max: u32) -> Result<u32, IniError> {
        match self.get(key) {
            None => Ok(default),
            Some(e) => e
                .value
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= max)
                .ok_or_else(|| {
                    self.err(e, format!("`{}` is not a number from 0 to {max}", e.value))
                }),
        }
    }

    /// A game value: `win`, `loss`, `draw` or `none` (`None`).
    fn verdict(&self, key: &str) -> Result<Option<(Verdict, &'a Entry)>, IniError> {
        let Some(e) = self.get(key) else {
            return Ok(None);
        };
        Ok(Some((
            match e.value.as_str() {
                "win" => Verdict::Win,
                "loss" => Verdict::Loss,
                "draw" => Verdict::Draw,
                "none" => return Ok(None),
                v => {
                    return Err(self.err(e, format!("`{v}` is not `win`, `loss`, `draw` or `none`")))
                }
            },
            e,
        )))
    }
}

/// A board side from a `maxFile`/`maxRank` value: a number, or (files) a letter.
fn side(keys: &Keys, key: &str, what: &str) -> Result<u8, IniError> {
    let Some(e) = keys.get(key) else {
        return Ok(8);
    };
    let v = e.value.as_str();
    let n = match v.parse::<u8>() {
        Ok(n) => Some(n),
        Err(_) if key == "maxFile" && v.len() == 1 && v.as_bytes()[0].is_ascii_lowercase() => {
            Some(v.as_bytes()[0] - b'a' + 1)
        }
        Err(_) => None,
    };
    n.filter(|&n| (1..=MAX_SIDE).contains(&n)).ok_or_else(|| {
        keys.err(
            e,
            format!("`{v}` is not a {what} count from 1 to {MAX_SIDE}"),
        )
    })
}

/// Cells named by a list (`d4 e5`), with `*N` for a whole rank and `a*` for a whole file;
/// `board` names the cells of the frame (holes included).
fn cells(keys: &Keys, e: &Entry, files: u8, ranks: u8) -> Result<Vec<Coord>, IniError> {
    let mut out = Vec::new();
    for token in e.value.split_whitespace() {
        let bad = || {
            keys.err(
                e,
                format!("`{token}` is not a cell, `*N` (a rank) or `a*` (a file)"),
            )
        };
        let mut chars = token.chars();
        let first = chars.next().ok_or_else(bad)?;
        let rest: &str = chars.as_str();
        let file: Option<u8> = match first {
            '*' => None,
            c if c.is_ascii_lowercase() && (c as u8 - b'a') < files => Some(c as u8 - b'a'),
            _ => return Err(bad()),
        };
        let rank: Option<u8> = if rest == "*" {
            None
        } else {
            match rest.parse::<u8>() {
                Ok(r) if (1..=ranks).contains(&r) => Some(r - 1),
                _ => return Err(bad()),
            }
        };
        match (file, rank) {
            (Some(f), Some(r)) => out.push(coord(f, r)),
            (None, Some(r)) => out.extend((0..files).map(|f| coord(f, r))),
            (Some(f), None) => out.extend((0..ranks).map(|r| coord(f, r))),
            (None, None) => return Err(bad()),
        }
    }
    Ok(out)
}

/// The name of a frame cell (`a1`), for messages.
fn coord_name(c: Coord) -> String {
    format!("{}{}", (b'a' + c.file as u8) as char, c.rank + 1)
}

fn coord(file: u8, rank: u8) -> Coord {
    Coord {
        file: file as i8,
        rank: rank as i8,
    }
}

/// The kinds named by a list of piece letters (`nbrq`, or spaced), `*` allowed if `star`.
fn kinds_of(keys: &Keys, e: &Entry, letters: &[char]) -> Result<Vec<u8>, IniError> {
    let mut out = Vec::new();
    for c in e.value.chars().filter(|c| !c.is_whitespace() && *c != ',') {
        let k = letters
            .iter()
            .position(|&l| l == c.to_ascii_uppercase())
            .ok_or_else(|| {
                keys.err(
                    e,
                    format!("`{c}` is not the letter of one of the game's pieces"),
                )
            })?;
        out.push(k as u8);
    }
    Ok(out)
}

/// One kind of the game: its definition and the key that made it.
struct Kind<'a> {
    def: PieceDef,
    entry: &'a Entry,
    royal: bool,
    pawn: bool,
}

/// The pieces of the section, in the order of their keys.
fn pieces<'a>(keys: &Keys<'a>) -> Result<Vec<Kind<'a>>, IniError> {
    let mut out: Vec<Kind> = Vec::new();
    for e in keys.entries {
        let named = PIECES.iter().find(|p| p.name == e.key);
        let custom = e
            .key
            .strip_prefix("customPiece")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if let Some((_, why)) = REFUSED_PIECES.iter().find(|(n, _)| *n == e.key) {
            if e.value != "-" {
                return Err(keys.err(e, format!("this piece is not supported: {why}")));
            }
            keys.get(&e.key);
            continue;
        }
        if named.is_none() && !custom {
            continue;
        }
        keys.get(&e.key);
        let (letter_text, betza_text) = if custom {
            match e.value.split_once(':') {
                Some((l, b)) => (l.trim(), Some(b.trim())),
                None if e.value == "-" => ("-", None),
                None => {
                    return Err(keys.err(e, format!("`{}` is not `letter:Betza`", e.value)));
                }
            }
        } else {
            (e.value.as_str(), None)
        };
        if letter_text == "-" {
            continue;
        }
        let mut chars = letter_text.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            _ => {
                return Err(keys.err(
                    e,
                    format!("`{letter_text}` is not one letter (or `-`: no such piece)"),
                ));
            }
        };
        if let Some(other) = out.iter().find(|k| k.def.letter == letter) {
            return Err(keys.err(
                e,
                format!(
                    "the letter `{}` is used twice (also by `{}`{})",
                    letter.to_ascii_lowercase(),
                    other.entry.key,
                    if other.entry.line > 0 {
                        format!(" on line {}", other.entry.line)
                    } else {
                        String::new()
                    }
                ),
            ));
        }
        let (def, pawn, royal) = match named {
            Some(p) => {
                let def = match p.betza {
                    None => catalog::pawn().named(p.name, letter),
                    Some(b) => {
                        betza::parse(p.name, letter, b).map_err(|x| keys.err(e, x.to_string()))?
                    }
                };
                let def = match p.role {
                    Some(r) => def.role(r),
                    None => def,
                };
                (def, p.betza.is_none(), p.name == "king")
            }
            None => {
                let betza_text = betza_text.unwrap_or("");
                let def = betza::parse(&e.key, letter, betza_text)
                    .map_err(|x| keys.err(e, x.to_string()))?;
                (def, false, false)
            }
        };
        out.push(Kind {
            def,
            entry: e,
            royal,
            pawn,
        });
    }
    Ok(out)
}

/// The game `name` from its merged keys.
pub(super) fn config(
    name: &str,
    entries: &[Entry],
    file: &str,
    line: usize,
    variant: Variant,
) -> Result<&'static Config, IniError> {
    let keys = Keys {
        entries,
        used: RefCell::new(vec![false; entries.len()]),
        file,
        line,
    };
    // refused rules first: they say what the file asks for that Citadel lacks
    for (key, neutral, why) in REFUSED {
        if let Some(e) = keys.get(key) {
            if Some(e.value.as_str()) != *neutral {
                return Err(keys.err(e, format!("not supported: {why}")));
            }
        }
    }
    for e in entries {
        if e.key.starts_with("mobilityRegion") {
            return Err(keys.err(e, "not supported: regions a piece may not leave".into()));
        }
    }
    for key in DISPLAY_ONLY {
        keys.get(key);
    }
    let files = side(&keys, "maxFile", "file")?;
    let ranks = side(&keys, "maxRank", "rank")?;
    let kinds = pieces(&keys)?;
    if kinds.is_empty() {
        return Err(keys.section_err(format!("the game `{name}` has no pieces")));
    }
    if kinds.len() > 31 {
        return Err(keys.section_err("more than 31 kinds of piece".into()));
    }
    let letters: Vec<char> = kinds.iter().map(|k| k.def.letter).collect();

    // the board: the frame less its holes
    let mut holes: Vec<Coord> = Vec::new();
    if let Some(e) = keys.get("holes") {
        holes = cells(&keys, e, files, ranks)?;
    }
    if let Some(e) = keys.get("citadels") {
        let kept = cells(&keys, e, files, ranks)?;
        holes.retain(|h| !kept.contains(h));
    }
    let cell_count = files as usize * ranks as usize - dedup_count(&holes);
    if cell_count > 128 {
        return Err(keys.section_err(format!(
            "the board has {cell_count} cells; at most 128 are supported"
        )));
    }
    let board_name: &'static str = Box::leak(name.to_string().into_boxed_str());
    let geo: Geometry<u128> = GeometryBuilder::new(board_name, files, ranks)
        .keep(|f, r| !holes.contains(&coord(f, r)))
        .build();

    let start_fen: &'static str = match keys.get("startFen") {
        Some(e) => Box::leak(e.value.clone().into_boxed_str()),
        None => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    };
    let defs: Vec<PieceDef> = kinds.iter().map(|k| k.def.clone()).collect();
    let mut cfg = Config::new(variant, geo, defs, start_fen);
    cfg.id = board_name;
    cfg.title = board_name;
    cfg.xboard = if holes.is_empty() {
        XBoardGame::Setup
    } else {
        XBoardGame::Unsupported
    };

    // royal pieces: the king, or Citadel's `royalPieceTypes`
    let royal: Vec<u8> = match keys.get("royalPieceTypes") {
        Some(e) => kinds_of(&keys, e, &letters)?,
        None => (0..kinds.len() as u8)
            .filter(|&k| kinds[k as usize].royal)
            .collect(),
    };
    let pawns: Vec<u8> = (0..kinds.len() as u8)
        .filter(|&k| kinds[k as usize].pawn)
        .collect();
    cfg = cfg.royal(&royal).pawns(&pawns);
    // as Fairy-Stockfish: a side may have no royal piece (it then cannot be checkmated), and
    // a set-up position may put pawns behind the rank they start on
    cfg.royal_required = false;
    cfg.pawns_behind_start = true;

    // pawns: double step (with en passant) and promotion
    let rank_of = |c: Color, relative: u32| -> i8 {
        match c {
            Color::White => relative as i8 - 1,
            Color::Black => ranks as i8 - relative as i8,
        }
    };
    let double_step = keys.bool("doubleStep", true)?;
    let ds_rank = keys.int("doubleStepRank", 2, u32::from(ranks))?;
    let first_rank = keys.bool("firstRankDoubleSteps", false)?;
    if double_step && !pawns.is_empty() {
        let cells = Color::BOTH.map(|c| {
            let mut b = if ds_rank >= 1 {
                cfg.rank(rank_of(c, ds_rank))
            } else {
                Bitboard::EMPTY
            };
            if first_rank {
                b |= cfg.rank(rank_of(c, 1));
            }
            b
        });
        cfg = cfg.double_step(cells[0], cells[1], true);
        // as Fairy-Stockfish: only a double step from `doubleStepRank` leaves an en passant cell
        if first_rank {
            cfg.en_passant_from = Color::BOTH.map(|c| {
                if ds_rank >= 1 {
                    cfg.rank(rank_of(c, ds_rank))
                } else {
                    Bitboard::EMPTY
                }
            });
        }
    }
    let promo_rank = keys.int("promotionRank", 8, u32::from(ranks))?.max(1);
    let promo_kinds = match keys.get("promotionPieceTypes") {
        Some(e) if e.value != "-" => kinds_of(&keys, e, &letters)?,
        _ => Vec::new(),
    };
    let zone = Color::BOTH.map(|c| {
        (promo_rank..=u32::from(ranks))
            .map(|r| cfg.rank(rank_of(c, r)))
            .fold(Bitboard::EMPTY, |a, b| a | b)
    });
    if !pawns.is_empty() {
        cfg = cfg.promotion_zone(zone[0], zone[1]);
        if promo_kinds.is_empty() {
            // promotion is compulsory: a pawn with nothing to become stops short, as in
            // Fairy-Stockfish
            cfg.data_rules.pawns_stop_short = true;
        }
        for &p in &pawns {
            cfg = cfg.promotes(p, &promo_kinds);
        }
    }

    // the end of the game
    if let Some((v, e)) = keys.verdict("checkmateValue")? {
        if v != Verdict::Loss {
            return Err(keys.err(e, "not supported: a checkmate that is not a loss".into()));
        }
    }
    if let Some((v, e)) = keys.verdict("stalemateValue")? {
        cfg = cfg.stalemate(match v {
            Verdict::Draw => Stalemate::Draw,
            Verdict::Loss => Stalemate::Loss,
            Verdict::Win => {
                return Err(keys.err(e, "not supported: a stalemate that wins".into()));
            }
        });
    }
    let n_move = keys.int("nMoveRule", 50, 10_000)?;
    cfg = cfg.move_limit(if n_move == 0 {
        u16::MAX
    } else {
        (2 * n_move).min(u32::from(u16::MAX) - 1) as u16
    });
    if let Some(e) = keys.get("nFoldRule") {
        match e.value.parse::<u8>() {
            Ok(n) if n >= 2 => cfg.repetitions = n,
            _ => return Err(keys.err(e, format!("`{}` is not a number from 2 to 255", e.value))),
        }
    }
    if let Some((v, e)) = keys.verdict("nFoldValue")? {
        if v != Verdict::Draw {
            return Err(keys.err(e, "not supported: a repetition that is not a draw".into()));
        }
    }
    if let Some((verdict, _)) = keys.verdict("extinctionValue")? {
        let types = keys.get("extinctionPieceTypes");
        let kinds_mask = match types {
            None => Some(0),
            Some(e) if e.value.trim() == "*" => None,
            Some(e) => Some(
                kinds_of(&keys, e, &letters)?
                    .iter()
                    .fold(0u32, |m, &k| m | 1 << k),
            ),
        };
        cfg.data_rules.extinction = Some(Extinction {
            verdict,
            kinds: kinds_mask,
            count: keys.int("extinctionPieceCount", 0, 255)? as u8,
            opponent_count: keys.int("extinctionOpponentPieceCount", 0, 255)? as u8,
            claim: keys.bool("extinctionClaim", false)?,
            after_reply: keys.bool("extinctionAfterReply", false)?,
        });
    } else {
        for k in [
            "extinctionPieceTypes",
            "extinctionPieceCount",
            "extinctionOpponentPieceCount",
            "extinctionClaim",
            "extinctionAfterReply",
        ] {
            keys.get(k);
        }
    }
    if let Some(e) = keys.get("flagPiece") {
        let kind = *kinds_of(&keys, e, &letters)?
            .first()
            .ok_or_else(|| keys.err(e, "no piece letter".into()))?;
        let flag_cells = |key: &str| -> Result<Bitboard<u128>, IniError> {
            Ok(match keys.get(key) {
                None => Bitboard::EMPTY,
                Some(e) => cells(&keys, e, files, ranks)?
                    .into_iter()
                    .filter_map(|c| cfg.geometry().at(c))
                    .collect(),
            })
        };
        let flag = Flag {
            kind,
            cells: [flag_cells("whiteFlag")?, flag_cells("blackFlag")?],
            reply: keys.bool("flagMove", false)?,
        };
        cfg.data_rules.flag = Some(flag);
    } else {
        for k in ["whiteFlag", "blackFlag", "flagMove"] {
            keys.get(k);
        }
    }
    cfg.data_rules.must_capture = keys.bool("mustCapture", false)?;

    // Citadel's goal cells: a side's piece on its win cells wins, its royal piece on its
    // draw cells draws; only the kinds of `citadelPieceTypes` may enter a citadel
    let goal_cells = |key: &str| -> Result<Bitboard<u128>, IniError> {
        let Some(e) = keys.get(key) else {
            return Ok(Bitboard::EMPTY);
        };
        let mut out = Bitboard::EMPTY;
        for c in cells(&keys, e, files, ranks)? {
            let sq = cfg.geometry().at(c).ok_or_else(|| {
                keys.err(
                    e,
                    format!("`{}` is a hole, not a cell of the board", coord_name(c)),
                )
            })?;
            out.insert(sq);
        }
        Ok(out)
    };
    let piece_win = [
        goal_cells("whiteCitadelWin")?,
        goal_cells("blackCitadelWin")?,
    ];
    let royal_draw = [
        goal_cells("whiteCitadelDraw")?,
        goal_cells("blackCitadelDraw")?,
    ];
    let citadel_cells = goal_cells("citadels")?;
    cfg.goals.piece_win = piece_win;
    cfg.goals.royal_draw = royal_draw;
    if let Some(e) = keys.get("citadelPieceTypes") {
        let allowed = kinds_of(&keys, e, &letters)?;
        for k in 0..kinds.len() {
            if !allowed.contains(&(k as u8)) {
                cfg.landing[k] &= !citadel_cells;
            }
        }
    }

    // castling, from where the start position puts the king and the rooks
    let castling = keys.bool("castling", true)?;
    let ks_file = file_key(&keys, "castlingKingsideFile", 6, files)?;
    let qs_file = file_key(&keys, "castlingQueensideFile", 2, files)?;
    let castling_rank = keys.int("castlingRank", 1, u32::from(ranks))?.max(1);
    let rook_letter = match keys.get("castlingRookPiece") {
        Some(e) => Some(
            *kinds_of(&keys, e, &letters)?
                .first()
                .ok_or_else(|| keys.err(e, "no piece letter".into()))?,
        ),
        // as Fairy-Stockfish: the `rook` piece, whatever its letter
        None => kinds
            .iter()
            .position(|k| k.entry.key == "rook")
            .map(|k| k as u8),
    };
    let king_kind = royal.first().copied();
    let start_fen = cfg.start_fen;
    let fen_fields: Vec<&str> = start_fen.split_whitespace().collect();
    if let (true, Some(king), Some(rook)) = (castling, king_kind, rook_letter) {
        // the start position's board, its rights aside (the game has none yet)
        cfg.start_fen = Box::leak(without_rights(&fen_fields).into_boxed_str());
        let setup = crate::start::try_read(&cfg).map_err(|what| start_err(&keys, what))?;
        cfg.start_fen = start_fen;
        let specs = castle_specs(&cfg, &setup, king, rook, castling_rank, ks_file, qs_file);
        if !specs.is_empty() {
            let c = Castling::new(specs, king, rook, cfg.geometry().len());
            cfg = cfg.rights(c.rights()).rights_in_fixed_order();
            cfg.data_rules.castling = Some(c);
        }
    }
    if cfg.data_rules.castling.is_none() && fen_fields.len() >= 3 && fen_fields[2] != "-" {
        // rights the game cannot have are dropped, as Fairy-Stockfish drops them
        cfg.start_fen = Box::leak(without_rights(&fen_fields).into_boxed_str());
    }

    if let Some(e) = entries
        .iter()
        .zip(keys.used.borrow().iter())
        .find_map(|(e, used)| (!used).then_some(e))
    {
        return Err(keys.err(e, "unknown key".into()));
    }

    let mut definition = format!("[{name}]\n");
    for e in entries {
        definition.push_str(&format!("{} = {}\n", e.key, e.value));
    }
    cfg.definition = Some(Box::leak(definition.into_boxed_str()));

    // the start position must be one of the game's
    let setup = crate::start::try_read(&cfg).map_err(|what| start_err(&keys, what))?;
    let cfg: &'static Config = Box::leak(Box::new(cfg));
    let _scope = crate::defined::Scope::enter_config(cfg);
    Position::<crate::Defined>::from_setup(&setup).map_err(|e| start_err(&keys, e))?;
    Ok(cfg)
}

/// The number of distinct cells in `cells`.
fn dedup_count(cells: &[Coord]) -> usize {
    let mut seen: Vec<Coord> = Vec::new();
    for &c in cells {
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    seen.len()
}

/// A FEN with its rights field `-`.
fn without_rights(fields: &[&str]) -> String {
    let mut f: Vec<&str> = fields.to_vec();
    if f.len() >= 3 {
        f[2] = "-";
    }
    f.join(" ")
}

/// An error about the start position.
fn start_err(keys: &Keys, what: impl std::fmt::Display) -> IniError {
    match keys.entries.iter().find(|e| e.key == "startFen") {
        Some(e) => keys.err(e, format!("not a start position of this game: {what}")),
        None => keys.section_err(format!("the default start position does not fit: {what}")),
    }
}

/// A 0-based file from a key given as a letter or a 1-based number.
fn file_key(keys: &Keys, key: &str, default: u8, files: u8) -> Result<u8, IniError> {
    let Some(e) = keys.get(key) else {
        return Ok(default);
    };
    let v = e.value.as_str();
    let f = match v.parse::<u8>() {
        Ok(n) if n >= 1 => Some(n - 1),
        Ok(_) => None,
        Err(_) if v.len() == 1 && v.as_bytes()[0].is_ascii_lowercase() => {
            Some(v.as_bytes()[0] - b'a')
        }
        Err(_) => None,
    };
    f.filter(|&f| f < files)
        .ok_or_else(|| keys.err(e, format!("`{v}` is not a file of the board")))
}

/// The ways of castling: for each side, its king on its castling rank in the start position
/// and the outermost rook on each side of it.
fn castle_specs(
    cfg: &Config,
    setup: &crate::Setup,
    king: u8,
    rook: u8,
    castling_rank: u32,
    ks_file: u8,
    qs_file: u8,
) -> Vec<CastleSpec<u128>> {
    let geo = cfg.geometry();
    let ranks = geo.ranks() as i8;
    let mut specs = Vec::new();
    const NAMES: [[(&str, u64); 2]; 2] = [[("K", 1), ("Q", 2)], [("k", 4), ("q", 8)]];
    for c in Color::BOTH {
        let rank = match c {
            Color::White => castling_rank as i8 - 1,
            Color::Black => ranks - castling_rank as i8,
        };
        let at = |f: i8| geo.at(Coord { file: f, rank });
        let holds =
            |sq: Square, kind: u8| setup.board[sq.index()] == Some(crate::Piece::new(kind, c));
        let files = geo.files() as i8;
        let Some(king_sq) = (0..files).filter_map(at).find(|&s| holds(s, king)) else {
            continue;
        };
        let kf = geo.coord(king_sq).file;
        for (side, (fen, bit)) in NAMES[c.index()].iter().enumerate() {
            let outward: Vec<i8> = if side == 0 {
                (kf + 1..files).rev().collect()
            } else {
                (0..kf).collect()
            };
            let Some(rook_sq) = outward.into_iter().filter_map(at).find(|&s| holds(s, rook)) else {
                continue;
            };
            let rf = geo.coord(rook_sq).file;
            let kd = if side == 0 {
                ks_file as i8
            } else {
                qs_file as i8
            };
            let rd = if side == 0 { kd - 1 } else { kd + 1 };
            let (Some(king_to), Some(rook_to)) = (at(kd), at(rd)) else {
                continue;
            };
            let span = |a: i8, b: i8| (a.min(b)..=a.max(b)).filter_map(at).collect::<Vec<_>>();
            let empty: Bitboard<u128> = span(kf, kd)
                .into_iter()
                .chain(span(rf, rd))
                .filter(|&s| s != king_sq && s != rook_sq)
                .collect();
            let safe: Bitboard<u128> = span(kf, kd).into_iter().collect();
            specs.push(CastleSpec {
                right: Right::bit(fen, c, *bit),
                san: if side == 0 { "O-O" } else { "O-O-O" },
                king: (king_sq, king_to),
                rook: (rook_sq, rook_to),
                empty,
                safe,
            });
        }
    }
    specs
}
