//! `Board`, `Move`, `Outcome` and `Termination`: a position of any game with python-chess's
//! names, over the notation crate's [`Position`] trait (moves, FEN, SAN and coordinates)
//! for the rules crate's `VariantPosition`.

use crate::errors;
use citadel_notation::{position, Position};
use citadel_rules::{
    with_position, Color, GameResult, Move, MoveList, Termination, Variant, VariantPosition,
};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The variant a name stands for (an id such as `tamerlane`, or an alias), or `ValueError`
/// listing the known ids.
pub fn variant_named(name: &str) -> PyResult<Variant> {
    name.parse::<Variant>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A move of one game, as `Board.legal_moves` and the `push_*` methods give it.
#[pyclass(module = "citadel", name = "Move", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMove {
    /// The rules' move.
    pub raw: Move,
    /// Its coordinate form.
    pub uci: String,
    /// The game it belongs to.
    pub variant: Variant,
}

impl PyMove {
    /// `m`, legal in `pos`, with its coordinate form.
    pub fn new(pos: &VariantPosition, m: Move) -> Self {
        PyMove {
            raw: m,
            uci: pos.coord(&m),
            variant: pos.variant(),
        }
    }
}

#[pymethods]
impl PyMove {
    /// The move in coordinates (`e2e4`, `e9e10q`, `f2i2`), as UCI engines write it.
    fn uci(&self) -> &str {
        &self.uci
    }

    /// The game's id.
    #[getter]
    fn variant(&self) -> &'static str {
        self.variant.id()
    }

    fn __str__(&self) -> &str {
        &self.uci
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.uci)
    }
}

/// What ended a game, as python-chess's `Termination` enum: `Termination.CHECKMATE`, ...;
/// `str()` gives its lowercase name (`checkmate`, `bare king`), as the records write it.
#[pyclass(module = "citadel", name = "Termination", eq, eq_int, frozen, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyTermination {
    /// The side to move has no legal move and is in check.
    #[pyo3(name = "CHECKMATE")]
    Checkmate,
    /// The side to move has no legal move and is not in check.
    #[pyo3(name = "STALEMATE")]
    Stalemate,
    /// A citadel rule decided the game.
    #[pyo3(name = "CITADEL")]
    Citadel,
    /// The bare-king rule decided the game.
    #[pyo3(name = "BARE_KING")]
    BareKing,
    /// The same position occurred three times.
    #[pyo3(name = "REPETITION")]
    Repetition,
    /// The move-count rule ran out.
    #[pyo3(name = "MOVE_LIMIT")]
    MoveLimit,
    /// Neither side can mate.
    #[pyo3(name = "INSUFFICIENT_MATERIAL")]
    InsufficientMaterial,
    /// A side's pieces of a kind died out (a game's extinction rule).
    #[pyo3(name = "EXTINCTION")]
    Extinction,
    /// A piece reached its side's flag cells (a game's flag rule).
    #[pyo3(name = "FLAG")]
    Flag,
    /// A reason of a game newer than this binding.
    #[pyo3(name = "OTHER")]
    Other,
}

impl From<Termination> for PyTermination {
    fn from(t: Termination) -> Self {
        match t {
            Termination::Checkmate => PyTermination::Checkmate,
            Termination::Stalemate => PyTermination::Stalemate,
            Termination::Citadel => PyTermination::Citadel,
            Termination::BareKing => PyTermination::BareKing,
            Termination::Repetition => PyTermination::Repetition,
            Termination::MoveLimit => PyTermination::MoveLimit,
            Termination::InsufficientMaterial => PyTermination::InsufficientMaterial,
            Termination::Extinction => PyTermination::Extinction,
            Termination::Flag => PyTermination::Flag,
            _ => PyTermination::Other,
        }
    }
}

#[pymethods]
impl PyTermination {
    fn __str__(&self) -> &'static str {
        match self {
            PyTermination::Checkmate => "checkmate",
            PyTermination::Stalemate => "stalemate",
            PyTermination::Citadel => "citadel",
            PyTermination::BareKing => "bare king",
            PyTermination::Repetition => "repetition",
            PyTermination::MoveLimit => "move limit",
            PyTermination::InsufficientMaterial => "insufficient material",
            PyTermination::Extinction => "extinction",
            PyTermination::Flag => "flag",
            PyTermination::Other => "other",
        }
    }
}

/// How a game ended: `winner` (`True` White, `False` Black, `None` a draw) and
/// `termination` (a [`Termination`](PyTermination)).
#[pyclass(module = "citadel", name = "Outcome", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyOutcome {
    inner: citadel_rules::Outcome,
}

impl PyOutcome {
    /// Wraps the rules' outcome.
    pub fn new(inner: citadel_rules::Outcome) -> Self {
        PyOutcome { inner }
    }
}

#[pymethods]
impl PyOutcome {
    /// `True` if White won, `False` if Black won, `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<bool> {
        self.inner.winner.map(|c| c == Color::White)
    }

    /// What ended the game (`Termination.CHECKMATE`, ...).
    #[getter]
    fn termination(&self) -> PyTermination {
        self.inner.termination.into()
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    fn result(&self) -> &'static str {
        self.inner.result().as_str()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, termination=Termination.{})",
            match self.winner() {
                Some(true) => "True",
                Some(false) => "False",
                None => "None",
            },
            self.inner
                .termination
                .name()
                .to_uppercase()
                .replace(' ', "_")
        )
    }
}

/// A position of any of the games, with its move history, in python-chess's terms.
///
/// `Board(variant="chess", fen=None)`: the start position of the game (an id from
/// `citadel.variants()`, or an alias such as `normal`), or the position of `fen`.
#[pyclass(module = "citadel", name = "Board")]
#[derive(Clone)]
pub struct Board {
    pub(crate) pos: VariantPosition,
    /// The legal moves of `pos`, once asked for (cleared by every move and take-back).
    legal: Option<Box<MoveList>>,
}

impl Board {
    /// A board at `pos`.
    pub fn from_position(pos: VariantPosition) -> Self {
        Board { pos, legal: None }
    }

    /// The legal moves, computed once per position.
    fn legal(&mut self) -> &MoveList {
        let pos = &self.pos;
        self.legal
            .get_or_insert_with(|| Box::new(pos.legal_moves()))
    }

    /// Plays `m`, known legal.
    fn play(&mut self, m: Move) {
        self.pos.play_unchecked(m);
        self.legal = None;
    }

    /// Whether `m` is a legal move of this position.
    fn allows(&mut self, m: &PyMove) -> bool {
        m.variant == self.pos.variant() && self.legal().contains(&m.raw)
    }

    fn outcome_inner(&mut self) -> Option<citadel_rules::Outcome> {
        self.legal();
        let pos = &self.pos;
        self.legal.as_deref().map_or_else(
            || pos.outcome(citadel_rules::Claims::Draws),
            |l| pos.outcome_among(l),
        )
    }

    /// `IllegalMoveError` for a move of another game.
    fn same_game(&self, m: &PyMove) -> PyResult<()> {
        if m.variant == self.pos.variant() {
            return Ok(());
        }
        Err(errors::illegal(
            &m.uci,
            format!(
                "{} is a move of {}, not of {}",
                m.uci,
                m.variant.id(),
                self.pos.variant().id()
            ),
        ))
    }

    /// The legal moves as Python objects.
    fn legal_list(&mut self) -> Vec<PyMove> {
        self.legal();
        let pos = &self.pos;
        self.legal
            .as_deref()
            .map(|l| l.iter().map(|&m| PyMove::new(pos, m)).collect())
            .unwrap_or_default()
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (variant = "chess", fen = None))]
    fn py_new(variant: &str, fen: Option<&str>) -> PyResult<Self> {
        let v = variant_named(variant)?;
        let pos = match fen {
            None => VariantPosition::start(v),
            Some(f) => position::from_fen(v, f).map_err(|e| errors::from_fen(&e))?,
        };
        Ok(Board::from_position(pos))
    }

    /// The game's id (`tamerlane`).
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().id()
    }

    /// The side to move: `True` for White, `False` for Black (`citadel.WHITE`,
    /// `citadel.BLACK`).
    #[getter]
    fn turn(&self) -> bool {
        self.pos.turn() == Color::White
    }

    /// The fullmove number.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.fullmove_number()
    }

    /// The halfmove clock (plies since the last capture or pawn move).
    #[getter]
    fn halfmove_clock(&self) -> u16 {
        self.pos.halfmove_clock()
    }

    /// The position's FEN (ring FEN for Byzantine chess).
    fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The legal moves, as python-chess's `board.legal_moves`: a live view of this board's
    /// legal moves, with `len()`, `in`, iteration, `count()` (and indexing).
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> LegalMoveGenerator {
        LegalMoveGenerator {
            board: slf.clone().unbind(),
        }
    }

    /// Whether `move` is legal here.
    fn is_legal(&mut self, r#move: PyRef<'_, PyMove>) -> bool {
        self.allows(&r#move)
    }

    /// Plays `move` (from `legal_moves` or `parse_san`/`parse_uci`); `IllegalMoveError` if it
    /// is not legal here.
    fn push(&mut self, r#move: PyRef<'_, PyMove>) -> PyResult<()> {
        self.same_game(&r#move)?;
        if self.legal().contains(&r#move.raw) {
            self.play(r#move.raw);
            Ok(())
        } else {
            let mut probe = self.pos.clone();
            match probe.try_play(r#move.raw) {
                Err(e) => Err(errors::from_illegal(&r#move.uci, &e)),
                Ok(()) => Err(errors::illegal(
                    &r#move.uci,
                    format!("illegal move {}", r#move.uci),
                )),
            }
        }
    }

    /// Reads a legal move in SAN (`Nf3`, `O-O`, `e10=Q`). Raises `InvalidMoveError` for a
    /// text that is no move, `AmbiguousMoveError` for one that fits several moves,
    /// `IllegalMoveError` for a move the position refuses (all `ValueError`s).
    fn parse_san(&self, san: &str) -> PyResult<PyMove> {
        let m = self
            .pos
            .parse_san(san)
            .map_err(|e| errors::from_illegal(san, &e))?;
        Ok(PyMove::new(&self.pos, m))
    }

    /// Reads a legal move in coordinates (`e2e4`, `e9e10q`; a promotion with a choice names
    /// its piece); raises as `parse_san`.
    fn parse_uci(&self, uci: &str) -> PyResult<PyMove> {
        let m = self
            .pos
            .parse_coord(uci)
            .map_err(|e| errors::from_illegal(uci, &e))?;
        Ok(PyMove::new(&self.pos, m))
    }

    /// Plays a move given in SAN and returns it.
    fn push_san(&mut self, san: &str) -> PyResult<PyMove> {
        let m = self.parse_san(san)?;
        self.play(m.raw);
        Ok(m)
    }

    /// Plays a move given in coordinates and returns it.
    fn push_uci(&mut self, uci: &str) -> PyResult<PyMove> {
        let m = self.parse_uci(uci)?;
        self.play(m.raw);
        Ok(m)
    }

    /// The SAN of `move` (legal here), with `+` or `#`; `IllegalMoveError` for any other.
    fn san(&mut self, r#move: PyRef<'_, PyMove>) -> PyResult<String> {
        self.same_game(&r#move)?;
        self.pos
            .san(&r#move.raw)
            .map_err(|e| errors::from_illegal(&r#move.uci, &e))
    }

    /// Takes back the last move and returns it; `IndexError` if there is none.
    fn pop(&mut self) -> PyResult<PyMove> {
        match self.pos.undo() {
            Some(m) => {
                self.legal = None;
                Ok(PyMove::new(&self.pos, m))
            }
            None => Err(PyIndexError::new_err("pop from empty move stack")),
        }
    }

    /// The last move played; `IndexError` if there is none.
    fn peek(&self) -> PyResult<PyMove> {
        let mut before = self.pos.clone();
        match before.undo() {
            Some(m) => Ok(PyMove::new(&before, m)),
            None => Err(PyIndexError::new_err("peek at empty move stack")),
        }
    }

    /// The moves played since the board was set up, first to last.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        let mut p = self.pos.clone();
        let mut moves = Vec::new();
        while let Some(m) = p.undo() {
            moves.push(PyMove::new(&p, m));
        }
        moves.reverse();
        moves
    }

    /// Plies played since the board was set up.
    fn ply(&self) -> usize {
        self.pos.ply_count()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.in_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&mut self) -> bool {
        self.outcome_inner()
            .is_some_and(|o| o.termination == citadel_rules::Termination::Checkmate)
    }

    /// Whether the game is over by its rules (mate, stalemate, citadel, bare king) or a draw
    /// (repetition, the move-count rule, insufficient material).
    fn is_game_over(&mut self) -> bool {
        self.outcome_inner().is_some()
    }

    /// How the game ended, or `None` while it goes on.
    fn outcome(&mut self) -> Option<PyOutcome> {
        self.outcome_inner().map(PyOutcome::new)
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    fn result(&mut self) -> &'static str {
        GameResult::of(self.outcome_inner()).as_str()
    }

    /// A copy of the board, history included.
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// Counts the leaf nodes of the move tree to `depth` plies (on `threads` threads; the
    /// GIL is released meanwhile).
    #[pyo3(signature = (depth, threads = 1))]
    fn perft(&self, py: Python<'_>, depth: u32, threads: usize) -> u64 {
        let pos = self.pos.clone();
        py.allow_threads(move || {
            with_position!(&pos, p => citadel_search::perft_parallel(p, depth, threads.max(1)))
        })
    }

    /// Perft split by first move: a dict from each legal move's coordinates to the leaf
    /// count below it (`depth` ≥ 1; the GIL is released meanwhile).
    #[pyo3(signature = (depth, threads = 1))]
    fn divide<'py>(
        &self,
        py: Python<'py>,
        depth: u32,
        threads: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        if depth == 0 {
            return Err(PyValueError::new_err("divide needs a depth of at least 1"));
        }
        let pos = self.pos.clone();
        let counts = py.allow_threads(move || {
            with_position!(&pos, p => citadel_search::divide_parallel(p, depth, threads.max(1)))
        });
        let d = PyDict::new(py);
        for (m, n) in counts {
            d.set_item(self.pos.coord(&m), n)?;
        }
        Ok(d)
    }

    /// The SVG diagram (the board in its true shape, the round board too), with the last
    /// move and a royal piece in check marked.
    #[pyo3(signature = (flipped = false, coordinates = true))]
    fn svg(&self, flipped: bool, coordinates: bool) -> String {
        with_position!(&self.pos, p => {
            let mut o = citadel_diagram::Options::from_position(p);
            o.flip = flipped;
            o.no_coordinates = !coordinates;
            citadel_diagram::svg(p, &o)
        })
    }

    /// The SVG diagram, so that a notebook draws the board.
    fn _repr_svg_(&self) -> String {
        self.svg(false, true)
    }

    /// The text diagram: ranks (or rings) from the highest down, `.` for an empty cell.
    fn __str__(&self) -> String {
        with_position!(&self.pos, p => citadel_notation::diagram::render(p))
    }

    fn __repr__(&self) -> String {
        format!("Board('{}', '{}')", self.variant(), self.fen())
    }

    /// Pickled as its game and FEN (the move history is not kept).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let b = slf.borrow();
        Ok((
            slf.get_type().into_any(),
            (b.variant().to_string(), b.fen()),
        ))
    }
}

/// A board's legal moves, as python-chess's `board.legal_moves`: a live view that reads the
/// board's position each time it is used (`len()`, `in`, iteration, `count()`, `bool()`, and
/// indexing as a list).
#[pyclass(module = "citadel", name = "LegalMoveGenerator")]
pub struct LegalMoveGenerator {
    board: Py<Board>,
}

#[pymethods]
impl LegalMoveGenerator {
    fn __len__(&self, py: Python<'_>) -> usize {
        self.board.borrow_mut(py).legal().len()
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        self.__len__(py) > 0
    }

    /// The number of legal moves.
    fn count(&self, py: Python<'_>) -> usize {
        self.__len__(py)
    }

    fn __contains__(&self, py: Python<'_>, item: &Bound<'_, PyAny>) -> bool {
        match item.extract::<PyRef<'_, PyMove>>() {
            Ok(m) => self.board.borrow_mut(py).allows(&m),
            Err(_) => false,
        }
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let moves = self.board.borrow_mut(py).legal_list();
        let list = pyo3::types::PyList::new(py, moves)?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// A move by index, or a list of them by slice, as of a list.
    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let moves = self.board.borrow_mut(py).legal_list();
        let list = pyo3::types::PyList::new(py, moves)?;
        Ok(list.as_any().get_item(index)?.unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let mut board = self.board.borrow_mut(py);
        board.legal();
        let pos = &board.pos;
        let texts: Vec<String> = board
            .legal
            .as_deref()
            .map(|l| l.iter().filter_map(|m| pos.san(m).ok()).collect())
            .unwrap_or_default();
        format!("<LegalMoveGenerator ({})>", texts.join(", "))
    }
}
