"""The engine through Python: mates found, principal variations legal."""

import citadel
import citadel.engine


def test_mate_in_one():
    board = citadel.Board("chess", "7k/8/6K1/8/8/8/8/R7 w - - 0 1")
    r = citadel.engine.best_move(board, depth=3)
    assert r.move.uci() == "a1a8" and r.mate == 1 and r.score is None
    assert r.depth >= 1 and r.nodes > 0 and r.pv[0] == r.move


def test_every_game_searches_and_the_pv_is_legal():
    for variant, _ in citadel.variants():
        board = citadel.Board(variant)
        r = citadel.engine.best_move(board, depth=2, nodes=20_000)
        assert r.move in board.legal_moves
        for m in r.pv:
            board.push(m)


def test_game_over_has_no_move():
    board = citadel.Board("chess")
    for san in ["f3", "e5", "g4", "Qh4#"]:
        board.push_san(san)
    assert citadel.engine.best_move(board, depth=2).move is None
