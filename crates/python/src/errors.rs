//! The exceptions: python-chess's three for moves (`IllegalMoveError`, `AmbiguousMoveError`,
//! `InvalidMoveError`), `InvalidFenError` and `PgnError`, all subclasses of `ValueError`,
//! carrying where the problem is as attributes; and the conversions from the crates' typed
//! errors.

use citadel_notation::{Diagnostic, FenError, ReadError};
use citadel_rules::{IllegalMove, Reason};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    _native,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal in the position.\n\n\
     Attributes: `move` (the text or move refused), `reason` (why, e.g. `pinned`, \
     `king in check`, `no piece`, `promotion required`, `game over`), `fen` (the position), \
     and for a move of a game read from a file `line`, `column` and `game` (else `None`)."
);
pyo3::create_exception!(
    _native,
    AmbiguousMoveError,
    PyValueError,
    "A move text that fits several legal moves. Attributes as `IllegalMoveError`, and \
     `candidates` (the fitting moves in SAN)."
);
pyo3::create_exception!(
    _native,
    InvalidMoveError,
    PyValueError,
    "A text that is not a move at all: its syntax, an unknown piece letter or cell. \
     Attributes as `IllegalMoveError`."
);
pyo3::create_exception!(
    _native,
    InvalidFenError,
    PyValueError,
    "A FEN that is not a position of the game. Attributes: `fen` (the text), `field` \
     (which field is wrong, e.g. `board (field 1)`)."
);
pyo3::create_exception!(
    _native,
    PgnError,
    PyValueError,
    "A game of a file that cannot be read or does not replay. Attributes: `line` and \
     `column` (`None` for archived games), `game` (its number in the file), `move` (the \
     move at fault, if any) and `reason`."
);

/// Builds an exception of type `T` with `message` and the attributes `attrs`.
fn raise<T: pyo3::PyTypeInfo>(
    py: Python<'_>,
    message: String,
    attrs: &[(&str, PyObject)],
) -> PyErr {
    let err = PyErr::new::<T, _>(message);
    let value = err.value(py);
    for (name, v) in attrs {
        // setting an attribute of a fresh exception object cannot fail
        let _ = value.setattr(*name, v);
    }
    err
}

/// A move refused by the rules, from outside the rules' reasons (a move of another game):
/// `IllegalMoveError` with `message`.
pub fn illegal(mv: &str, message: String) -> PyErr {
    Python::with_gil(|py| {
        raise::<IllegalMoveError>(
            py,
            message,
            &[
                ("move", str_obj(py, mv)),
                ("reason", str_obj(py, "other game")),
                ("fen", py.None()),
                ("line", py.None()),
                ("column", py.None()),
                ("game", py.None()),
            ],
        )
    })
}

/// The short name of a reason, the exception's `reason` attribute.
fn reason_name(r: &Reason) -> &'static str {
    match r {
        Reason::Syntax(_) => "syntax",
        Reason::UnknownPiece(_) => "unknown piece",
        Reason::NoSuchSquare(_) => "no such square",
        Reason::NoPiece { .. } | Reason::NoPieceFrom { .. } | Reason::NoMoveFrom { .. } => {
            "no piece"
        }
        Reason::NoCapture { .. } => "no capture",
        Reason::Pinned { .. } => "pinned",
        Reason::KingInCheck { .. } => "king in check",
        Reason::Ambiguous { .. } => "ambiguous",
        Reason::PromotionRequired { .. } => "promotion required",
        Reason::BadPromotion(_) => "bad promotion",
        Reason::BadRemoval(_) => "bad removal",
        Reason::Unavailable(_) => "unavailable",
        Reason::GameOver(_) => "game over",
        _ => "illegal",
    }
}

/// A move the position refused, as python-chess raises it: `InvalidMoveError` for a text
/// that is no move, `AmbiguousMoveError` for one that fits several, `IllegalMoveError`
/// otherwise; `mv` is the move as the caller gave it.
pub fn from_illegal(mv: &str, e: &IllegalMove) -> PyErr {
    Python::with_gil(|py| {
        let candidates = match &e.reason {
            Reason::Ambiguous { candidates, .. } => candidates.clone(),
            Reason::PromotionRequired { choices, .. } => choices.clone(),
            _ => Vec::new(),
        };
        let attrs = [
            ("move", str_obj(py, mv)),
            ("reason", str_obj(py, reason_name(&e.reason))),
            ("fen", str_obj(py, &e.fen)),
            (
                "candidates",
                candidates
                    .into_pyobject(py)
                    .map_or(py.None(), |l| l.into_any().unbind()),
            ),
            ("line", py.None()),
            ("column", py.None()),
            ("game", py.None()),
        ];
        let message = e.to_string();
        if e.is_invalid() {
            raise::<InvalidMoveError>(py, message, &attrs)
        } else if e.is_ambiguous() {
            raise::<AmbiguousMoveError>(py, message, &attrs)
        } else {
            raise::<IllegalMoveError>(py, message, &attrs)
        }
    })
}

/// A FEN that does not read.
pub fn from_fen(e: &FenError) -> PyErr {
    Python::with_gil(|py| {
        raise::<InvalidFenError>(
            py,
            e.to_string(),
            &[
                ("fen", str_obj(py, &e.text)),
                ("field", str_obj(py, &e.field.to_string())),
            ],
        )
    })
}

/// A game that cannot be read from its file.
pub fn from_read(e: &ReadError) -> PyErr {
    let message = e.to_string();
    from_diagnostic::<PgnError>(&Diagnostic::from_read(e), message)
}

/// A located problem with a game, as an exception of type `T` (`PgnError` or
/// `IllegalMoveError`).
pub fn from_diagnostic<T: pyo3::PyTypeInfo>(d: &Diagnostic, message: String) -> PyErr {
    Python::with_gil(|py| {
        let opt = |v: Option<usize>| v.map_or(py.None(), |n| int_obj(py, n));
        raise::<T>(
            py,
            message,
            &[
                ("line", opt(d.loc.map(|l| l.line))),
                ("column", opt(d.loc.map(|l| l.col))),
                ("game", int_obj(py, d.game)),
                (
                    "move",
                    d.mv.as_deref().map_or(py.None(), |m| str_obj(py, m)),
                ),
                ("reason", str_obj(py, &d.reason)),
            ],
        )
    })
}

fn str_obj(py: Python<'_>, s: &str) -> PyObject {
    pyo3::types::PyString::new(py, s).into_any().unbind()
}

fn int_obj(py: Python<'_>, n: usize) -> PyObject {
    n.into_pyobject(py)
        .map_or(py.None(), |i| i.into_any().unbind())
}

/// Registers the exception types in the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("PgnError", py.get_type::<PgnError>())?;
    Ok(())
}
