//! Writing records as PGN text: tag pairs one per line, then the movetext with move numbers,
//! `$n` NAGs, `{comments}` and `(variations)`, wrapped at 80 columns, then the result.
//! [`write()`] writes a record as it is; `replay::normalize` first makes it canonical.
//!
//! ```
//! use citadel_notation::{pgn, writer};
//! let text = "[Variant \"chess\"]\n\n1.e4 e5 {good} 2.Nf3 (2.f4!?) *";
//! let rec = &pgn::parse(text).unwrap()[0];
//! let out = writer::write(rec);
//! assert_eq!(out, "[Variant \"chess\"]\n\n1. e4 e5 {good} 2. Nf3 (2. f4 $5) *\n");
//! assert_eq!(&pgn::parse(&out).unwrap()[0], rec);
//! ```

use crate::record::{Line, Record};

/// Longest movetext line written (a single longer token stands alone on its line).
pub const WIDTH: usize = 80;

/// A movetext token and whether the line must end after it (a `;` comment).
struct Tok {
    text: String,
    line_end: bool,
}

fn tok(text: impl Into<String>) -> Tok {
    Tok {
        text: text.into(),
        line_end: false,
    }
}

/// The side and move number of the first ply, read from a `FEN` tag's fields 2 and 6
/// (White, move 1 when there is none or it is unreadable).
pub fn first_ply(record: &Record) -> u32 {
    let Some(f) = record.tag("FEN") else { return 0 };
    let fields: Vec<&str> = f.split_whitespace().collect();
    let black = fields.get(1) == Some(&"b");
    let number: u32 = fields
        .get(5)
        .and_then(|n| n.parse().ok())
        .filter(|n| (1..1 << 30).contains(n))
        .unwrap_or(1);
    (number - 1) * 2 + u32::from(black)
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

fn comment(text: &str, out: &mut Vec<Tok>) {
    if text.contains('}') {
        out.push(Tok {
            text: format!("; {text}"),
            line_end: true,
        });
        return;
    }
    // a word that would begin a line with `[` or `%` stays on the line before: a reader takes
    // such a line for the next game's tags (ending an unterminated comment) or an escape line
    let mut parts: Vec<String> = Vec::new();
    for w in text.split_whitespace() {
        match parts.last_mut() {
            Some(last) if w.starts_with(['[', '%']) => {
                last.push(' ');
                last.push_str(w);
            }
            _ => parts.push(w.to_string()),
        }
    }
    match parts.as_slice() {
        [] => out.push(tok("{}")),
        [w] => out.push(tok(format!("{{{w}}}"))),
        [first, middle @ .., last] => {
            out.push(tok(format!("{{{first}")));
            out.extend(middle.iter().map(|w| tok(w.as_str())));
            out.push(tok(format!("{last}}}")));
        }
    }
}

fn line_tokens(line: &Line, ply: u32, out: &mut Vec<Tok>) {
    for c in &line.comments {
        comment(c, out);
    }
    let mut need_number = true;
    for (i, m) in line.moves.iter().enumerate() {
        let p = ply + i as u32;
        let number = p / 2 + 1;
        // a move number stays on the line of its move
        out.push(tok(if p & 1 == 0 {
            format!("{number}. {}", m.san)
        } else if need_number {
            format!("{number}... {}", m.san)
        } else {
            m.san.clone()
        }));
        out.extend(m.nags.iter().map(|n| tok(format!("${n}"))));
        need_number = false;
        for c in &m.comments {
            comment(c, out);
            need_number = true;
        }
        for v in &m.variations {
            let mut inner = Vec::new();
            line_tokens(v, p, &mut inner);
            if inner.is_empty() {
                out.push(tok("()"));
            } else {
                inner[0].text.insert(0, '(');
                let n = inner.len();
                if inner[n - 1].line_end {
                    // a `;` comment runs to the line's end: close on the next line
                    inner.push(tok(")"));
                } else {
                    inner[n - 1].text.push(')');
                }
                out.extend(inner);
            }
            need_number = true;
        }
    }
}

/// Writes one record: its tags in their order, a blank line, the movetext and result.
pub fn write(record: &Record) -> String {
    let mut s = String::new();
    for (name, value) in &record.tags {
        s.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    if !record.tags.is_empty() {
        s.push('\n');
    }
    let mut toks = Vec::new();
    line_tokens(&record.main, first_ply(record), &mut toks);
    toks.push(tok(record.result.as_str()));
    let mut col = 0;
    for t in toks {
        let len = t.text.chars().count();
        if col > 0 && col + 1 + len > WIDTH {
            s.push('\n');
            col = 0;
        }
        if col > 0 {
            s.push(' ');
            col += 1;
        }
        s.push_str(&t.text);
        col += len;
        if t.line_end {
            s.push('\n');
            col = 0;
        }
    }
    if col > 0 {
        s.push('\n');
    }
    s
}

/// Writes many records, separated by blank lines.
pub fn write_all(records: &[Record]) -> String {
    records.iter().map(write).collect::<Vec<_>>().join("\n")
}
