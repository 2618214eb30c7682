//! Protocol input: a GUI's lines read as bytes, so that a line which is not UTF-8 reaches the
//! protocol (which reports and skips it) instead of ending the session.

use std::io::BufRead;

/// The lines of `input` without their line ends (`\n` or `\r\n`), as bytes; the lines end
/// at the end of the input or at a read error.
pub fn byte_lines(mut input: impl BufRead) -> impl Iterator<Item = Vec<u8>> {
    std::iter::from_fn(move || {
        let mut line = Vec::new();
        match input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                }
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                Some(line)
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_their_bytes() {
        let input: &[u8] = b"uci\n\xff\xfe x\r\nisready";
        let lines: Vec<Vec<u8>> = byte_lines(input).collect();
        assert_eq!(
            lines,
            [b"uci".to_vec(), b"\xff\xfe x".to_vec(), b"isready".to_vec()]
        );
    }
}
