//! Text on its way to a terminal: control characters that file names, records or engines
//! carry (ESC, which starts escape sequences, BEL, a carriage return in the middle of a
//! line) are shown as `\u{…}` text instead of being obeyed.

use std::borrow::Cow;

/// Whether `c` must not reach a terminal as it is: a control character (C0, DEL, C1) other
/// than line feed and tab.
fn hostile(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

/// `text` with its hostile characters written `\u{1b}`; carriage returns that open or close
/// the text are kept (a progress counter that rewrites its line).
pub fn printable(text: &str) -> Cow<'_, str> {
    let body = text.trim_matches('\r');
    if !body.chars().any(hostile) {
        return Cow::Borrowed(text);
    }
    let start = text.len() - text.trim_start_matches('\r').len();
    let end = start + body.len();
    let mut out = String::with_capacity(text.len() + 16);
    out.push_str(&text[..start]);
    for c in body.chars() {
        if hostile(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out.push_str(&text[end..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_shown_not_obeyed() {
        assert_eq!(printable("plain\ttext\n"), "plain\ttext\n");
        assert_eq!(
            printable("a\u{1b}[2Jb\u{7}c\rd\u{9b}e\n"),
            "a\\u{1b}[2Jb\\u{7}c\\u{d}d\\u{9b}e\n"
        );
        assert_eq!(
            printable("\rfile\u{1b}: 200 games"),
            "\rfile\\u{1b}: 200 games"
        );
        assert_eq!(printable("\r    \r"), "\r    \r");
    }
}
