"""Citadel for Python: play, check and analyse large and historical chess variants.

A python-chess-like API over the Citadel rules for every game: the Persian Chess games,
Mini Citadel, Tamerlane, Byzantine (round) chess, chess, shatranj and Courier chess.

>>> import citadel
>>> board = citadel.Board("tamerlane")
>>> move = board.push_san("e4")
>>> board.turn == citadel.BLACK
True
"""

from citadel._native import (
    AmbiguousMoveError,
    Board,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    LegalMoveGenerator,
    Move,
    Outcome,
    PgnError,
    Termination,
    load_variants,
    start_fen,
    variants,
)
from citadel._validate import Problem, Report, validate
from citadel._native import random_game

#: The side to move is White (``Board.turn``), or White won (``Outcome.winner``).
WHITE = True
#: The side to move is Black, or Black won.
BLACK = False

__all__ = [
    "BLACK",
    "WHITE",
    "AmbiguousMoveError",
    "Board",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "LegalMoveGenerator",
    "Move",
    "Outcome",
    "PgnError",
    "Termination",
    "Problem",
    "Report",
    "load_variants",
    "random_game",
    "start_fen",
    "validate",
    "variants",
]
