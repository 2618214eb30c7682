//! The exceptions: `IllegalMoveError`, `InvalidFenError` and `PgnError`, all subclasses of
//! `ValueError`, carrying where the problem is as attributes; and the conversions from the
//! crates' typed errors.

use citadel_notation::{Diagnostic, FenError, MoveError, ReadError, SanError};
use citadel_rules::IllegalMove;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    _native,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal in the position, or text that is not a move.\n\n\
     Attributes: `move` (the text or move refused), and for a move of a game read from a \
     file `line`, `column` and `game` (else `None`)."
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

/// A move refused by the rules.
pub fn illegal(mv: &str, message: String) -> PyErr {
    Python::with_gil(|py| {
        raise::<IllegalMoveError>(
            py,
            message,
            &[
                (
                    "move",
                    mv.into_pyobject(py)
                        .map_or(py.None(), |s| s.into_any().unbind()),
                ),
                ("line", py.None()),
                ("column", py.None()),
                ("game", py.None()),
            ],
        )
    })
}

/// A move that is no legal move: its text and the rules' reason.
pub fn from_illegal(mv: &str, e: &IllegalMove) -> PyErr {
    illegal(mv, e.to_string())
}

/// Text that is no legal move in SAN.
pub fn from_san(text: &str, e: &SanError) -> PyErr {
    illegal(text, e.to_string())
}

/// Text that is no legal move in coordinates.
pub fn from_coord(text: &str, e: &MoveError) -> PyErr {
    illegal(text, e.to_string())
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
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("PgnError", py.get_type::<PgnError>())?;
    Ok(())
}
