"""Type stubs of the native module (the classes are re-exported by ``citadel``,
``citadel.pgn`` and ``citadel.engine``)."""

import os
from typing import IO, Dict, Iterator, List, Optional, Tuple, Union

_Part = Tuple[int, Optional[int], int]
_PartReport = Tuple[
    int, int, int, List[Tuple[int, Optional[int], Optional[int], Optional[str], str]]
]

class IllegalMoveError(ValueError):
    """A move that is not legal in the position."""

    move: Optional[str]
    reason: str
    fen: Optional[str]
    candidates: List[str]
    line: Optional[int]
    column: Optional[int]
    game: Optional[int]

class AmbiguousMoveError(ValueError):
    """A move text that fits several legal moves (``candidates``, in SAN)."""

    move: Optional[str]
    reason: str
    fen: Optional[str]
    candidates: List[str]
    line: Optional[int]
    column: Optional[int]
    game: Optional[int]

class InvalidMoveError(ValueError):
    """A text that is not a move at all (its syntax, an unknown piece letter or cell)."""

    move: Optional[str]
    reason: str
    fen: Optional[str]
    candidates: List[str]
    line: Optional[int]
    column: Optional[int]
    game: Optional[int]

class InvalidFenError(ValueError):
    """A FEN that is not a position of the game."""

    fen: str
    field: str

class PgnError(ValueError):
    """A game of a file that cannot be read or does not replay."""

    line: Optional[int]
    column: Optional[int]
    game: int
    move: Optional[str]
    reason: str

class Move:
    """A move of one game."""

    @property
    def variant(self) -> str: ...
    def uci(self) -> str:
        """The move in coordinates (``e2e4``, ``e9e10q``)."""

class Termination:
    """What ended a game; ``str()`` gives its lowercase name (``bare king``)."""

    CHECKMATE: "Termination"
    STALEMATE: "Termination"
    CITADEL: "Termination"
    BARE_KING: "Termination"
    REPETITION: "Termination"
    MOVE_LIMIT: "Termination"
    INSUFFICIENT_MATERIAL: "Termination"
    EXTINCTION: "Termination"
    FLAG: "Termination"
    OTHER: "Termination"

class Outcome:
    """How a game ended."""

    @property
    def winner(self) -> Optional[bool]:
        """``True`` White won, ``False`` Black won, ``None`` a draw."""
    @property
    def termination(self) -> Termination:
        """``Termination.CHECKMATE``, ``STALEMATE``, ``CITADEL``, ``BARE_KING``,
        ``REPETITION``, ``MOVE_LIMIT``, ``INSUFFICIENT_MATERIAL``, ``EXTINCTION`` or
        ``FLAG``."""
    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""

class LegalMoveGenerator:
    """A live view of a board's legal moves (``len``, ``in``, iteration, indexing)."""

    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, move: object) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __getitem__(self, index: Union[int, slice]) -> Union[Move, List[Move]]: ...
    def count(self) -> int: ...

class Board:
    """A position of any of the games, with its move history."""

    def __init__(self, variant: str = "chess", fen: Optional[str] = None) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def turn(self) -> bool:
        """``True`` (``citadel.WHITE``) or ``False`` (``citadel.BLACK``)."""
    @property
    def fullmove_number(self) -> int: ...
    @property
    def halfmove_clock(self) -> int: ...
    @property
    def legal_moves(self) -> "LegalMoveGenerator": ...
    @property
    def move_stack(self) -> List[Move]: ...
    def fen(self) -> str: ...
    def is_legal(self, move: Move) -> bool: ...
    def push(self, move: Move) -> None: ...
    def push_san(self, san: str) -> Move: ...
    def push_uci(self, uci: str) -> Move: ...
    def parse_san(self, san: str) -> Move: ...
    def parse_uci(self, uci: str) -> Move: ...
    def san(self, move: Move) -> str: ...
    def pop(self) -> Move: ...
    def peek(self) -> Move: ...
    def ply(self) -> int: ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_game_over(self) -> bool: ...
    def outcome(self) -> Optional[Outcome]: ...
    def result(self) -> str: ...
    def copy(self) -> "Board": ...
    def perft(self, depth: int, threads: int = 1) -> int: ...
    def divide(self, depth: int, threads: int = 1) -> Dict[str, int]: ...
    def svg(self, flipped: bool = False, coordinates: bool = True) -> str: ...
    def _repr_svg_(self) -> str: ...

class BestMove:
    """What a search found."""

    @property
    def move(self) -> Optional[Move]: ...
    @property
    def score(self) -> Optional[int]:
        """Centipawns from the side to move's point of view, ``None`` for a mate score."""
    @property
    def mate(self) -> Optional[int]: ...
    @property
    def depth(self) -> int: ...
    @property
    def seldepth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def time(self) -> float: ...
    @property
    def pv(self) -> List[Move]: ...

class Game:
    """One game of a file."""

    @property
    def headers(self) -> Dict[str, str]: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def result(self) -> str: ...
    @property
    def number(self) -> int: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def variant(self) -> str: ...
    def board(self) -> Board: ...
    def end(self) -> Board: ...
    def validate(self) -> Dict[str, Union[int, str]]: ...

class GameReader(Iterator[Game]):
    def __iter__(self) -> "GameReader": ...
    def __next__(self) -> Game: ...

def variants(loaded: bool = True) -> List[Tuple[str, str]]:
    """The games as ``(id, name)``: the built-in ones, then (unless ``loaded`` is false)
    those of the variants files loaded by ``load_variants``."""
def load_variants(path: Union[str, "os.PathLike[str]"]) -> List[str]:
    """Reads a variants file (Fairy-Stockfish's ``variants.ini`` format) and returns the ids
    of its games, which ``Board(id)`` then plays; ``ValueError`` names the file, line and key
    of a fault."""
def start_fen(variant: str) -> str: ...
def best_move(
    board: Board,
    depth: Optional[int] = None,
    movetime: Optional[int] = None,
    nodes: Optional[int] = None,
    hash: int = 16,
    threads: int = 1,
) -> BestMove: ...
def read_games(source: Union[str, "os.PathLike[str]", IO[str], IO[bytes]]) -> GameReader: ...
def plan(path: Union[str, "os.PathLike[str]"], part_bytes: int) -> List[_Part]: ...
def validate_part(path: Union[str, "os.PathLike[str]"], part: _Part) -> _PartReport: ...
def validate_parts(
    parts: List[Tuple[str, _Part]], threads: int = 0
) -> List[_PartReport]: ...
def render(
    file: str,
    game: int,
    line: Optional[int],
    column: Optional[int],
    move: Optional[str],
    reason: str,
) -> str: ...
def random_game(
    variant: str, seed: int, max_plies: int = 300, policy: str = "uniform"
) -> str: ...
def training_data(
    variant: str,
    first_game: int,
    games: int,
    nodes: int = 5000,
    opening_plies: int = 4,
    max_plies: int = 600,
    seed: int = 1,
    threads: int = 1,
) -> bytes: ...
def match_games(
    variant: str,
    engine: str,
    opponent: str,
    first_game: int,
    games: int,
    seed: int = 1,
    movetime: int = 100,
    tc: Optional[str] = None,
    opening_plies: int = 4,
    max_plies: int = 600,
    engine_net: Optional[Union[str, "os.PathLike[str]"]] = None,
    opponent_net: Optional[Union[str, "os.PathLike[str]"]] = None,
) -> List[Tuple[str, int]]: ...
def match_status(
    wins: int, draws: int, losses: int, sprt: Optional[str] = None
) -> Tuple[str, Optional[str], Optional[str]]: ...
