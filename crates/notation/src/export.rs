//! Writing records one at a time in an output format: canonical PGN, a JSON array, or an
//! archive.
//!
//! ```
//! use citadel_notation::export::{Exporter, Format};
//! use citadel_notation::pgn;
//! let records = pgn::parse("1. e4 e5 *\n\n1. d4 d5 *\n").unwrap();
//! let mut out = Exporter::new(Format::Json, Vec::new()).unwrap();
//! for r in &records {
//!     out.add(r).unwrap();
//! }
//! let json: serde_json::Value = serde_json::from_slice(&out.finish().unwrap()).unwrap();
//! assert_eq!(json.as_array().unwrap().len(), 2);
//! ```

use crate::{archive, writer, ArchiveError, IoError, Record};
use std::io::Write;

/// An output format of records.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    /// PGN records ([`writer::write`]), separated by blank lines.
    Pgn,
    /// A JSON array of records (the serde data model), one indented record per element.
    Json,
    /// A binary archive ([`archive::Writer`]).
    Archive,
}

/// Why records cannot be written.
#[derive(Clone, Debug, thiserror::Error)]
pub enum ExportError {
    /// The output cannot be written.
    #[error("cannot write the output: {0}")]
    Write(#[source] IoError),
    /// The archive cannot be written.
    #[error("{0}")]
    Archive(#[source] ArchiveError),
}

/// The output, by format.
enum Out<W: Write> {
    Text(W),
    Archive(archive::Writer<W>),
}

/// Writes records one at a time in a [`Format`].
pub struct Exporter<W: Write> {
    format: Format,
    out: Out<W>,
    records: usize,
}

impl<W: Write> Exporter<W> {
    /// Starts the output (a JSON array's `[`, an archive's header).
    pub fn new(format: Format, mut out: W) -> Result<Self, ExportError> {
        let out = match format {
            Format::Archive => {
                Out::Archive(archive::Writer::new(out).map_err(ExportError::Archive)?)
            }
            Format::Json => {
                out.write_all(b"[").map_err(write_err)?;
                Out::Text(out)
            }
            Format::Pgn => Out::Text(out),
        };
        Ok(Exporter {
            format,
            out,
            records: 0,
        })
    }

    /// Adds a record.
    pub fn add(&mut self, r: &Record) -> Result<(), ExportError> {
        let first = self.records == 0;
        self.records += 1;
        let text = match (&mut self.out, self.format) {
            (Out::Archive(w), _) => return w.add(r).map_err(ExportError::Archive),
            (Out::Text(_), Format::Json) => {
                let body = serde_json::to_string_pretty(r)
                    .map_err(|e| write_err(std::io::Error::other(e)))?;
                let mut text = String::from(if first { "\n" } else { ",\n" });
                for (i, line) in body.lines().enumerate() {
                    if i > 0 {
                        text.push('\n');
                    }
                    text.push_str("  ");
                    text.push_str(line);
                }
                text
            }
            (Out::Text(_), _) => {
                let w = writer::write(r);
                if first {
                    w
                } else {
                    format!("\n{w}")
                }
            }
        };
        match &mut self.out {
            Out::Text(w) => w.write_all(text.as_bytes()).map_err(write_err),
            Out::Archive(_) => Ok(()),
        }
    }

    /// Records written so far.
    pub fn records(&self) -> usize {
        self.records
    }

    /// Ends the output (a JSON array's `]`, an archive's end marker), flushes it and returns
    /// it.
    pub fn finish(self) -> Result<W, ExportError> {
        match self.out {
            Out::Archive(w) => w.finish().map_err(ExportError::Archive),
            Out::Text(mut w) => {
                if self.format == Format::Json {
                    let end: &[u8] = if self.records == 0 { b"]\n" } else { b"\n]\n" };
                    w.write_all(end).map_err(write_err)?;
                }
                w.flush().map_err(write_err)?;
                Ok(w)
            }
        }
    }
}

fn write_err(e: std::io::Error) -> ExportError {
    ExportError::Write(e.into())
}
