//! `citadel.pgn`: games read one by one from PGN text or archives, over the notation
//! crate's readers, and replayed over the rules.

use crate::board::Board;
use crate::errors::{self, IllegalMoveError, PgnError};
use citadel_notation::archive;
use citadel_notation::{replay, Diagnostic, SourceGame};
use citadel_rules::{with_game, VariantPosition};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;

/// A Python file object (binary or text) read as bytes, for the readers.
struct PyFile {
    file: Py<PyAny>,
    /// Bytes of a text chunk not yet handed out.
    pending: Vec<u8>,
}

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            self.pending = Python::with_gil(|py| -> PyResult<Vec<u8>> {
                let chunk = self.file.bind(py).call_method1("read", (1usize << 16,))?;
                if let Ok(b) = chunk.downcast::<PyBytes>() {
                    Ok(b.as_bytes().to_vec())
                } else if let Ok(s) = chunk.downcast::<PyString>() {
                    Ok(s.to_cow()?.as_bytes().to_vec())
                } else {
                    Err(pyo3::exceptions::PyTypeError::new_err(
                        "read() of the file returned neither bytes nor str",
                    ))
                }
            })
            .map_err(std::io::Error::other)?;
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

type Input = Box<dyn BufRead>;

/// The games of a file, read one at a time (memory bounded by the largest game). Each item
/// is a `Game`; a game that cannot be read raises `PgnError` with its location, and reading
/// can go on with the next.
#[pyclass(module = "citadel.pgn", name = "GameReader", unsendable)]
pub struct GameReader {
    games: archive::Games<std::io::Chain<std::io::Cursor<Vec<u8>>, Input>>,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> PyResult<Option<Game>> {
        match self.games.next() {
            None => Ok(None),
            Some(Ok(g)) => Ok(Some(Game { game: g })),
            Some(Err(e)) => Err(errors::from_read(&e)),
        }
    }
}

/// Reads the games of `source`: a path (`str` or `os.PathLike`) or a file object opened for
/// reading (binary or text), PGN text or a Citadel archive (told apart by the first bytes).
#[pyfunction]
pub fn read_games(source: &Bound<'_, PyAny>) -> PyResult<GameReader> {
    let input: Input = if source.hasattr("read")? {
        Box::new(BufReader::with_capacity(
            1 << 16,
            PyFile {
                file: source.clone().unbind(),
                pending: Vec::new(),
            },
        ))
    } else {
        let path: PathBuf = source.extract()?;
        let f = std::fs::File::open(&path)?;
        if f.metadata()?.is_dir() {
            return Err(pyo3::exceptions::PyIsADirectoryError::new_err(format!(
                "{}: is a directory",
                path.display()
            )));
        }
        Box::new(BufReader::with_capacity(1 << 16, f))
    };
    Ok(GameReader {
        games: archive::open(input),
    })
}

/// One game of a file: `headers` (tag pairs), `moves` (the main line as written), `result`,
/// `number` (its place in the file) and `line` (where it starts, `None` in an archive).
#[pyclass(module = "citadel.pgn", name = "Game", frozen)]
pub struct Game {
    game: SourceGame,
}

impl Game {
    /// A replay problem of this game as an exception: `IllegalMoveError` for a move,
    /// `PgnError` otherwise, both located.
    fn replay_error(&self, e: &replay::ReplayError) -> PyErr {
        let d = Diagnostic::from_replay(&self.game, e);
        let message = d.render("game");
        let message = message
            .strip_prefix("game:")
            .unwrap_or(&message)
            .trim()
            .to_string();
        if e.mv.is_some() {
            errors::from_diagnostic::<IllegalMoveError>(&d, message)
        } else {
            errors::from_diagnostic::<PgnError>(&d, message)
        }
    }
}

#[pymethods]
impl Game {
    /// The tag pairs, in their order.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.game.record.tags {
            if !d.contains(k)? {
                d.set_item(k, v)?;
            }
        }
        Ok(d)
    }

    /// The main line's moves as written (SAN or coordinates).
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.game
            .record
            .main
            .moves
            .iter()
            .map(|m| m.san.clone())
            .collect()
    }

    /// The result that ends the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`).
    #[getter]
    fn result(&self) -> &'static str {
        self.game.record.result.as_str()
    }

    /// The game's number in its file, from 1.
    #[getter]
    fn number(&self) -> usize {
        self.game.number
    }

    /// The line of the game's first token (`None` for an archived game).
    #[getter]
    fn line(&self) -> Option<usize> {
        self.game.locations.as_ref().map(|l| l.game.line)
    }

    /// The game's id, from its `Variant` tag (chess when there is none).
    #[getter]
    fn variant(&self) -> PyResult<&'static str> {
        replay::variant_of(&self.game.record)
            .map(|v| v.id())
            .map_err(|e| self.replay_error(&e))
    }

    /// The board at the game's start (its `FEN` tag, or the game's start position).
    fn board(&self) -> PyResult<Board> {
        let rec = &self.game.record;
        let v = replay::variant_of(rec).map_err(|e| self.replay_error(&e))?;
        let pos: VariantPosition = with_game!(v, G => replay::start_position::<G>(rec)
            .map(VariantPosition::from))
        .map_err(|e| self.replay_error(&e))?;
        Ok(Board::from_position(pos))
    }

    /// The board after the main line, its moves on the move stack; `IllegalMoveError` (with
    /// the move's line, column and game) if a move is not legal.
    fn end(&self) -> PyResult<Board> {
        let played = replay::play_variant(&self.game.record).map_err(|e| self.replay_error(&e))?;
        Ok(Board::from_position(played.end))
    }

    /// Validates the game as `citadel validate` does (every move legal, the declared result
    /// consistent with the rules) and returns its summary: `plies`, `declared_result`,
    /// `result`, `termination`, `final_fen`. Raises `IllegalMoveError` or `PgnError` with
    /// the location otherwise.
    fn validate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let r = replay::validate(&self.game.record).map_err(|e| self.replay_error(&e))?;
        let s = r.summary(self.game.number);
        let d = PyDict::new(py);
        d.set_item("plies", s.plies)?;
        d.set_item("declared_result", s.declared_result)?;
        d.set_item("result", s.result)?;
        d.set_item("termination", s.termination)?;
        d.set_item("final_fen", s.final_fen)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(number={}, variant='{}', moves={}, result='{}')",
            self.game.number,
            self.game.record.tag("Variant").unwrap_or("chess"),
            self.game.record.main.moves.len(),
            self.result()
        )
    }
}
