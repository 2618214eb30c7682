"""Boards agree with the Rust crates (through the `citadel` command and the perft
fixtures): start positions, perft, FEN and SAN of replayed records, for every game."""

import json

import pytest

import citadel
import citadel.pgn
from conftest import FIXTURES, run_cli


def test_variants_lists_every_game(cli):
    ids = [v for v, _ in citadel.variants()]
    out = run_cli(cli, "variants").stdout
    assert ids and all(v in out for v in ids)
    assert "tamerlane" in ids and "byzantine" in ids


@pytest.mark.parametrize("variant", [v for v, _ in citadel.variants()])
def test_start_position_perft_agrees_with_cli(cli, variant):
    board = citadel.Board(variant)
    assert board.fen() == citadel.start_fen(variant)
    p = run_cli(cli, "perft", "--variant", variant, "--depth", 3, "--divide", "--json")
    expected = json.loads(p.stdout)
    assert board.perft(3) == expected["nodes"]
    assert board.perft(3, threads=2) == expected["nodes"]
    divide = board.divide(3)
    assert divide == {d["move"]: d["nodes"] for d in expected["divide"]}
    assert len(board.legal_moves) == len(divide)


@pytest.mark.parametrize("variant", [v for v, _ in citadel.variants()])
def test_fixture_positions_perft(variant):
    data = json.loads((FIXTURES / "perft" / f"{variant}.json").read_text())
    for pos in data["positions"]:
        board = citadel.Board(variant, pos["fen"])
        for depth, count in enumerate(pos["perft"][:3], start=1):
            if count > 300_000:
                break
            assert board.perft(depth) == count, (pos["name"], depth)


def fixture_game(variant):
    return sorted((FIXTURES / "games" / variant).glob("*.pgn"))[0]


@pytest.mark.parametrize("variant", [v for v, _ in citadel.variants()])
def test_replayed_record_agrees_with_cli(cli, tmp_path, variant):
    source = fixture_game(variant)
    canonical = tmp_path / "canonical.pgn"
    run_cli(cli, "convert", source, "--to", "pgn", "-o", canonical)
    summaries = [
        json.loads(line)
        for line in run_cli(cli, "replay", "--json", canonical).stdout.splitlines()
    ]
    games = list(citadel.pgn.read_games(canonical))
    assert len(games) == len(summaries)
    for game, summary in zip(games, summaries):
        board = game.board()
        for san in game.moves:
            move = board.parse_san(san)
            assert board.san(move) == san
            assert board.parse_uci(move.uci()) == move
            board.push(move)
        assert board.fen() == summary["final_fen"]
        assert board.ply() == summary["plies"] == len(board.move_stack)
        assert game.end().fen() == board.fen()
        assert game.validate()["final_fen"] == board.fen()
        if summary["result"] != "*":
            assert board.result() == summary["result"]
            assert board.is_game_over()
            assert str(board.outcome().termination) == summary["termination"]
        while board.ply():
            board.pop()
        assert board.fen() == game.board().fen()


def test_push_pop_and_moves():
    board = citadel.Board("chess")
    assert board.turn == citadel.WHITE
    e4 = board.push_san("e4")
    assert e4.uci() == "e2e4" and str(e4) == "e2e4" and repr(e4) == "Move('e2e4')"
    assert board.turn == citadel.BLACK
    board.push_uci("e7e5")
    assert board.peek().uci() == "e7e5"
    assert [m.uci() for m in board.move_stack] == ["e2e4", "e7e5"]
    copy = board.copy()
    assert board.pop().uci() == "e7e5"
    assert copy.fen() != board.fen() and copy.ply() == 2
    board = citadel.Board("chess")
    for san in ["f3", "e5", "g4", "Qh4#"]:
        board.push_san(san)
    assert board.is_check() and board.is_checkmate() and board.is_game_over()
    outcome = board.outcome()
    assert outcome.winner == citadel.BLACK
    assert outcome.termination == citadel.Termination.CHECKMATE
    assert str(outcome.termination) == "checkmate"
    assert outcome.result() == "0-1" and board.result() == "0-1"
    assert len(board.legal_moves) == 0 and not board.legal_moves


def test_diagrams_for_every_board(cli):
    for variant, _ in citadel.variants():
        board = citadel.Board(variant)
        svg = board._repr_svg_()
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
        assert svg == run_cli(cli, "show", "--variant", variant, "--svg").stdout
        shown = run_cli(cli, "show", "--variant", variant).stdout
        assert shown.startswith(str(board))
    assert "ring 4" in citadel.Board("byzantine")._repr_svg_()
    assert "ring 4" in str(citadel.Board("byzantine"))
    assert citadel.Board("tamerlane").svg(flipped=True) != citadel.Board("tamerlane").svg()


def test_pickle_keeps_the_position():
    import pickle

    board = citadel.Board("tamerlane")
    board.push(board.legal_moves[0])
    back = pickle.loads(pickle.dumps(board))
    assert back.fen() == board.fen() and back.variant == "tamerlane"


def test_games_from_a_variants_file(tmp_path):
    path = tmp_path / "mine.ini"
    path.write_text(
        "[knights-game:chess]\n"
        "startFen = nnnnknnn/pppppppp/8/8/8/8/PPPPPPPP/NNNNKNNN w - - 0 1\n"
        "castling = false\n"
    )
    assert citadel.load_variants(path) == ["knights-game"]
    assert ("knights-game", "knights-game") in citadel.variants()
    board = citadel.Board("knights-game")
    assert board.legal_moves.count() == 16 + 12
    board.push_san("Nbc3")
    assert board.fen().startswith("nnnnknnn/pppppppp/8/8/8/2N5/")


def test_a_bad_variants_file_names_the_line_and_key(tmp_path):
    path = tmp_path / "bad.ini"
    path.write_text("[broken:chess]\npieceDrops = true\n")
    with pytest.raises(ValueError, match=r"bad.ini:2: `pieceDrops`: not supported: drops"):
        citadel.load_variants(path)
