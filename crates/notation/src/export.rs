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

/// A record encoded in an output format, ready to be written by an [`Exporter`] of that
/// format: encoding is the costly part (an archive replays the game), so a program may
/// encode on many threads and write in order on one.
///
/// ```
/// use citadel_notation::export::{Exporter, Format};
/// let r = &citadel_notation::pgn::parse("1. e4 e5 *").unwrap()[0];
/// let encoded = Format::Archive.encode(r).unwrap(); // on a worker thread
/// let mut out = Exporter::new(Format::Archive, Vec::new()).unwrap();
/// out.add_encoded(encoded).unwrap();
/// let bytes = out.finish().unwrap();
/// assert_eq!(citadel_notation::archive::read(&bytes).unwrap()[0], *r);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Encoded {
    /// A PGN record.
    Pgn(String),
    /// A JSON array element, indented.
    Json(String),
    /// An archive frame's payload.
    Archive(archive::Payload),
}

impl Encoded {
    /// The format it is in.
    pub fn format(&self) -> Format {
        match self {
            Encoded::Pgn(_) => Format::Pgn,
            Encoded::Json(_) => Format::Json,
            Encoded::Archive(_) => Format::Archive,
        }
    }
}

impl Format {
    /// Encodes `r` in this format.
    pub fn encode(self, r: &Record) -> Result<Encoded, ExportError> {
        Ok(match self {
            Format::Pgn => Encoded::Pgn(writer::write(r)),
            Format::Archive => Encoded::Archive(archive::Payload::of(r)),
            Format::Json => {
                let body = serde_json::to_string_pretty(r)
                    .map_err(|e| write_err(std::io::Error::other(e)))?;
                let mut text = String::with_capacity(body.len() + body.len() / 8);
                for (i, line) in body.lines().enumerate() {
                    if i > 0 {
                        text.push('\n');
                    }
                    text.push_str("  ");
                    text.push_str(line);
                }
                Encoded::Json(text)
            }
        })
    }
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
    /// A record encoded in another format than the exporter's.
    #[error("a record encoded as {got:?} given to an exporter of {expected:?}")]
    Mismatch {
        /// The exporter's format.
        expected: Format,
        /// The record's.
        got: Format,
    },
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
        let encoded = self.format.encode(r)?;
        self.add_encoded(encoded)
    }

    /// Adds a record encoded beforehand ([`Format::encode`], on any thread), in this
    /// exporter's format.
    pub fn add_encoded(&mut self, e: Encoded) -> Result<(), ExportError> {
        if e.format() != self.format {
            return Err(ExportError::Mismatch {
                expected: self.format,
                got: e.format(),
            });
        }
        let first = self.records == 0;
        self.records += 1;
        match (&mut self.out, e) {
            (Out::Archive(w), Encoded::Archive(p)) => {
                w.add_payload(p).map_err(ExportError::Archive)
            }
            (Out::Text(w), Encoded::Json(body)) => {
                let sep: &[u8] = if first { b"\n" } else { b",\n" };
                w.write_all(sep)
                    .and_then(|_| w.write_all(body.as_bytes()))
                    .map_err(write_err)
            }
            (Out::Text(w), Encoded::Pgn(text)) => {
                let sep: &[u8] = if first { b"" } else { b"\n" };
                w.write_all(sep)
                    .and_then(|_| w.write_all(text.as_bytes()))
                    .map_err(write_err)
            }
            (_, e) => Err(ExportError::Mismatch {
                expected: self.format,
                got: e.format(),
            }),
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
