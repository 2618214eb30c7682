"""Bad input raises the right exception, carrying where the problem is."""

import io

import pytest

import citadel
import citadel.engine
import citadel.pgn
from conftest import FIXTURES


def test_exceptions_are_value_errors():
    for e in (
        citadel.IllegalMoveError,
        citadel.AmbiguousMoveError,
        citadel.InvalidMoveError,
        citadel.InvalidFenError,
        citadel.PgnError,
    ):
        assert issubclass(e, ValueError)


def test_move_errors_as_python_chess_raises_them():
    board = citadel.Board("chess")
    # not a move at all
    with pytest.raises(citadel.InvalidMoveError) as e:
        board.push_san("hello")
    assert e.value.reason == "syntax" and e.value.move == "hello"
    with pytest.raises(citadel.InvalidMoveError):
        board.push_san("Nz3")
    # well formed, refused
    with pytest.raises(citadel.IllegalMoveError) as e:
        board.push_san("Nc4")
    assert e.value.reason == "no piece" and e.value.fen == board.fen()
    # a pinned knight says so
    board = citadel.Board("chess", "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1")
    with pytest.raises(citadel.IllegalMoveError) as e:
        board.push_san("Nf3")
    assert e.value.reason == "pinned" and "pinned" in str(e.value)
    # two knights can go to d2
    board = citadel.Board("chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(citadel.AmbiguousMoveError) as e:
        board.push_san("Nd2")
    assert sorted(e.value.candidates) == ["Nbd2", "Nfd2"]
    # a promotion with a choice must name its piece, in SAN and in coordinates
    board = citadel.Board("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    for push, text in ((board.push_san, "a8"), (board.push_uci, "a7a8")):
        with pytest.raises(citadel.IllegalMoveError) as e:
            push(text)
        assert e.value.reason == "promotion required"
    assert board.push_uci("a7a8n").uci() == "a7a8n"


def test_legal_moves_is_a_live_view():
    board = citadel.Board("chess")
    moves = board.legal_moves
    assert len(moves) == 20 and moves.count() == 20 and bool(moves)
    e4 = board.parse_san("e4")
    assert e4 in moves and "e4" not in moves
    board.push(e4)
    assert len(moves) == 20 and e4 not in moves  # the same view, the new position
    assert all(m in board.legal_moves for m in moves)
    assert moves[-1] == list(moves)[-1]


def test_illegal_moves():
    board = citadel.Board("tamerlane")
    with pytest.raises(citadel.IllegalMoveError) as e:
        board.push_san("Nf9")
    assert e.value.move == "Nf9"
    with pytest.raises(citadel.IllegalMoveError):
        board.push_uci("a1a9")
    with pytest.raises(citadel.InvalidMoveError):
        board.push_san("not a move")
    chess_move = citadel.Board("chess").legal_moves[0]
    with pytest.raises(citadel.IllegalMoveError):
        board.push(chess_move)
    with pytest.raises(citadel.IllegalMoveError):
        board.san(chess_move)
    reply = citadel.Board("tamerlane")
    reply.push(reply.legal_moves[0])
    black = reply.legal_moves[0]
    with pytest.raises(citadel.IllegalMoveError):
        board.push(black)  # Black's move with White to move
    assert board.fen() == citadel.start_fen("tamerlane")


def test_invalid_fen_and_variant():
    with pytest.raises(citadel.InvalidFenError) as e:
        citadel.Board("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
    assert "field 2" in e.value.field
    with pytest.raises(citadel.InvalidFenError):
        citadel.Board("byzantine", "8/8/8/8/8/8/8/8 w - - 0 1")
    with pytest.raises(ValueError, match="unknown variant"):
        citadel.Board("crazyhouse")
    with pytest.raises(IndexError):
        citadel.Board("chess").pop()


def test_pgn_errors_carry_their_location():
    text = '[Variant "chess"]\n\n1. e4 e5 {unterminated\n'
    games = citadel.pgn.read_games(io.StringIO(text))
    with pytest.raises(citadel.PgnError) as e:
        next(games)
    assert (e.value.line, e.value.game) == (3, 1)
    assert e.value.column is not None
    # reading goes on after a broken game
    text = '[Variant "chess"]\n\n1. e4 ) *\n\n[Variant "chess"]\n\n1. d4 *\n'
    games = citadel.pgn.read_games(io.BytesIO(text.encode()))
    with pytest.raises(citadel.PgnError):
        next(games)
    assert next(games).moves == ["d4"]
    with pytest.raises(StopIteration):
        next(games)


def test_illegal_move_of_a_game_is_located():
    games = list(citadel.pgn.read_games(FIXTURES / "games" / "invalid" / "illegal-move.pgn"))
    game = games[2]
    with pytest.raises(citadel.IllegalMoveError) as e:
        game.end()
    assert (e.value.line, e.value.column, e.value.game) == (18, 75, 3)
    assert e.value.move == "move 14... Nf9" and "f9" in str(e.value)
    with pytest.raises(citadel.IllegalMoveError):
        game.validate()


def test_wrong_result_is_a_pgn_error():
    game = next(iter(citadel.pgn.read_games(FIXTURES / "games" / "invalid" / "wrong-result.pgn")))
    with pytest.raises(citadel.PgnError) as e:
        game.validate()
    assert (e.value.line, e.value.column) == (5, 19)
    assert e.value.game == 1 and e.value.move is None


def test_missing_file_and_bad_limits():
    with pytest.raises(FileNotFoundError):
        citadel.pgn.read_games("no/such/file.pgn")
    with pytest.raises(FileNotFoundError):
        citadel.validate(["no/such/file.pgn"])
    with pytest.raises(IsADirectoryError):
        citadel.validate([FIXTURES])
    with pytest.raises(IsADirectoryError):
        citadel.pgn.read_games(FIXTURES)
    with pytest.raises(ValueError):
        citadel.engine.best_move(citadel.Board())
    with pytest.raises(ValueError):
        citadel.engine.best_move(citadel.Board(), depth=0)
    with pytest.raises(ValueError):
        citadel.Board().divide(0)
