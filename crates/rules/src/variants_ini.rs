//! Games from a `variants.ini` file, the format of Fairy-Stockfish's variant definitions,
//! read as that engine reads it, with Citadel's own keys for boards it cannot describe.
//!
//! A file is a list of sections. `[name]` starts a game from Fairy-Stockfish's default
//! template (chess's rules and start position, no pieces); `[name:base]` from an earlier
//! section of the same file or a built-in template (`chess`, `shatranj`, `courier`), whose
//! keys the section's own keys then override. Each key is `key = value`; lines starting with
//! `#` or `;` are comments. Every key is either read or refused with its reason: an unknown
//! key, a refused key with a value that changes the game, a bad value or a piece letter used
//! twice is an [`IniError`] naming the file, the line and the key. The keys and what each
//! means are listed in the project's `docs/variants.md`.
//!
//! [`load`] registers the file's games ([`crate::defined`]); they are then
//! [`Variant::Defined`] games, named by their section names.
//!
//! ```
//! use citadel_rules::{variants_ini, Variant, VariantPosition};
//! let text = "
//! ; the knight's game: kings and knights only
//! [knights-only]
//! king = k
//! knight = n
//! castling = false
//! startFen = nnnnknnn/8/8/8/8/8/8/NNNNKNNN w - - 0 1
//! ";
//! let games = variants_ini::load_str(text, "knights.ini").unwrap();
//! let v = Variant::from_name("knights-only").unwrap();
//! assert_eq!(games, [v]);
//! assert_eq!(VariantPosition::start(v).legal_moves().len(), 25);
//!
//! let e = variants_ini::load_str("[x]\nmaxFile = 40\n", "bad.ini").unwrap_err();
//! assert_eq!(e.to_string(), "bad.ini:2: `maxFile`: `40` is not a file count from 1 to 16");
//! ```

mod build;
mod keys;

use crate::defined;
use crate::Variant;
use std::path::Path;

/// What is wrong with a variants file, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {}{reason}", key.as_ref().map(|k| format!("`{k}`: ")).unwrap_or_default())]
pub struct IniError {
    /// The file, as named to the reader.
    pub file: String,
    /// The 1-based line (0 when the file could not be read at all).
    pub line: usize,
    /// The key of that line, if the fault is in one.
    pub key: Option<String>,
    /// What is wrong.
    pub reason: String,
}

/// One `key = value` line.
#[derive(Clone, Debug)]
struct Entry {
    key: String,
    value: String,
    /// Its line in the file (0 for a built-in template's key).
    line: usize,
}

/// A section as written.
#[derive(Debug)]
struct Section {
    name: String,
    base: Option<String>,
    line: usize,
    entries: Vec<Entry>,
}

/// Reads and registers the games of the variants file at `path`.
pub fn load(path: &Path) -> Result<Vec<Variant>, IniError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| IniError {
        file: file.clone(),
        line: 0,
        key: None,
        reason: format!("cannot read the file: {e}"),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| IniError {
        file: file.clone(),
        line: 1 + bytes_line(e.as_bytes(), e.utf8_error().valid_up_to()),
        key: None,
        reason: "the file is not UTF-8 text".into(),
    })?;
    load_str(&text, &file)
}

/// The 0-based line of byte offset `at`.
fn bytes_line(bytes: &[u8], at: usize) -> usize {
    bytes[..at].iter().filter(|&&b| b == b'\n').count()
}

/// Reads and registers the games of a variants file's text; `file` names it in errors. No
/// game is registered unless every section is right. Returns the games in file order.
pub fn load_str(text: &str, file: &str) -> Result<Vec<Variant>, IniError> {
    let sections = sections(text, file)?;
    let mut built = Vec::new();
    for (i, s) in sections.iter().enumerate() {
        let entries = merged(&sections[..i], s, file)?;
        // a reserved number names no game until its configuration is installed below
        let id = defined::reserve(&s.name).ok_or_else(|| IniError {
            file: file.to_string(),
            line: s.line,
            key: None,
            reason: format!("more than {} games defined", defined::MAX_DEFINED),
        })?;
        let cfg = build::config(&s.name, &entries, file, s.line, Variant::Defined(id))?;
        built.push((id, cfg));
    }
    Ok(built
        .into_iter()
        .map(|(id, cfg)| {
            defined::install(id, cfg);
            Variant::Defined(id)
        })
        .collect())
}

/// The game of one self-contained definition (a [`Config::definition`](crate::Config),
/// as an archive stores it): the game already registered with exactly that definition, or
/// the definition read and registered now.
///
/// ```
/// use citadel_rules::{variants_ini, Variant};
/// let games = variants_ini::load_str("[tiny:chess]\nmaxRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", "t.ini").unwrap();
/// let text = games[0].definition().unwrap();
/// assert!(text.starts_with("[tiny]\npawn = p\n"));
/// assert_eq!(variants_ini::load_definition(text), Ok(games[0]));
/// ```
pub fn load_definition(text: &str) -> Result<Variant, IniError> {
    if let Some(v) = defined::with_definition(text) {
        return Ok(v);
    }
    let games = load_str(text, "a stored definition")?;
    match games.as_slice() {
        [one] => Ok(*one),
        _ => Err(IniError {
            file: "a stored definition".into(),
            line: 0,
            key: None,
            reason: format!("{} games where one was expected", games.len()),
        }),
    }
}

/// The sections of `text`, checked for form.
fn sections(text: &str, file: &str) -> Result<Vec<Section>, IniError> {
    let err = |line: usize, key: Option<&str>, reason: String| IniError {
        file: file.to_string(),
        line,
        key: key.map(str::to_string),
        reason,
    };
    let mut out: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
            continue;
        }
        if let Some(inner) = t.strip_prefix('[') {
            let Some(inner) = inner.strip_suffix(']') else {
                return Err(err(
                    line,
                    None,
                    format!("`{t}` is not a section header `[name]`"),
                ));
            };
            let (name, base) = match inner.split_once(':') {
                Some((n, b)) => (n.trim(), Some(b.trim().to_string())),
                None => (inner.trim(), None),
            };
            if name.is_empty()
                || name
                    .chars()
                    .any(|c| c.is_whitespace() || c == '[' || c == ']')
            {
                return Err(err(line, None, format!("`{name}` is not a game name")));
            }
            if let Some(v) = Variant::ALL
                .into_iter()
                .find(|v| Variant::from_name(name) == Some(*v))
            {
                return Err(err(
                    line,
                    None,
                    format!(
                        "`{name}` names the built-in game `{}`: give the section another name",
                        v.id()
                    ),
                ));
            }
            if let Some(first) = out.iter().find(|s| s.name.eq_ignore_ascii_case(name)) {
                return Err(err(
                    line,
                    None,
                    format!(
                        "the game `{name}` is defined twice (first on line {})",
                        first.line
                    ),
                ));
            }
            out.push(Section {
                name: name.to_string(),
                base,
                line,
                entries: Vec::new(),
            });
            continue;
        }
        let Some((key, value)) = t.split_once('=') else {
            return Err(err(
                line,
                None,
                format!("`{t}` is neither a section header, a `key = value` line nor a comment"),
            ));
        };
        let (key, value) = (key.trim(), value.trim());
        let Some(section) = out.last_mut() else {
            return Err(err(
                line,
                Some(key),
                "a key before the first section".into(),
            ));
        };
        if key.is_empty() {
            return Err(err(line, None, "a line with no key before `=`".into()));
        }
        if let Some(first) = section.entries.iter().find(|e| e.key == key) {
            return Err(err(
                line,
                Some(key),
                format!(
                    "given twice in [{}] (first on line {})",
                    section.name, first.line
                ),
            ));
        }
        section.entries.push(Entry {
            key: key.to_string(),
            value: value.to_string(),
            line,
        });
    }
    Ok(out)
}

/// The keys of `section` over those of its base (an earlier section, or a template), in
/// the base's order with the section's own new keys after them.
fn merged(earlier: &[Section], section: &Section, file: &str) -> Result<Vec<Entry>, IniError> {
    let mut entries = match &section.base {
        None => Vec::new(),
        Some(base) => {
            if let Some(i) = earlier
                .iter()
                .position(|s| s.name.eq_ignore_ascii_case(base))
            {
                merged(&earlier[..i], &earlier[i], file)?
            } else if let Some(t) = keys::template(base) {
                t.iter()
                    .map(|(k, v)| Entry {
                        key: (*k).to_string(),
                        value: (*v).to_string(),
                        line: 0,
                    })
                    .collect()
            } else {
                return Err(IniError {
                    file: file.to_string(),
                    line: section.line,
                    key: None,
                    reason: format!(
                        "unknown base `{base}` (an earlier section of this file, or one of {})",
                        keys::TEMPLATES.join(", ")
                    ),
                });
            }
        }
    };
    for e in &section.entries {
        match entries.iter_mut().find(|b| b.key == e.key) {
            Some(b) => *b = e.clone(),
            None => entries.push(e.clone()),
        }
    }
    Ok(entries)
}
