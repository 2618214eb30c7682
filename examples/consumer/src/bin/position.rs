//! The one position trait (`citadel_notation::Position`) from outside the workspace: one
//! generic replay of a PGN file's games, run on a game's own `Position<G>` and on a
//! `VariantPosition` alike, with the one error (`IllegalMove`) for a refused move.

use citadel_notation::{pgn, position, Position};
use citadel_rules::{Chess, Claims, IllegalMove, Reason, Variant};

/// Plays `moves` (SAN, as the record has them) from `pos`; returns the final FEN and how the
/// game ended, or the first refused move with its ply.
fn replay<P: Position>(
    mut pos: P,
    moves: &[String],
) -> Result<(String, Option<String>), (usize, IllegalMove)> {
    for (ply, text) in moves.iter().enumerate() {
        let m = pos.parse_san(text).map_err(|e| (ply + 1, e))?;
        // the SAN written back is the record's, up to its check marks
        let written = pos.san(&m).map_err(|e| (ply + 1, e))?;
        assert_eq!(written.trim_end_matches(['+', '#']), text.trim_end_matches(['+', '#']));
        pos.try_play(m).map_err(|e| (ply + 1, e))?;
    }
    let end = pos.outcome(Claims::Draws).map(|o| o.to_string());
    Ok((pos.to_string(), end))
}

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/games/chess/classics.pgn"
        )
        .into()
    });
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut replayed = 0;
    for (n, game) in pgn::read_games(&text).into_iter().enumerate() {
        let Ok(game) = game else { continue };
        let record = game.record;
        let moves: Vec<String> = record.main.moves.iter().map(|m| m.san.clone()).collect();
        let variant: Variant = record
            .tag("Variant")
            .unwrap_or("chess")
            .parse()
            .expect("a game of the project");
        let start = record.tag("FEN").unwrap_or(variant.start_fen());
        // a game chosen at run time
        let any = position::from_fen(variant, start).expect("the record's start");
        let dynamic = replay(any, &moves);
        // the game's own type, for the chess games
        if variant == Variant::Chess {
            let mut chess = citadel_rules::Position::<Chess>::start();
            chess.set_fen(start).expect("the record's start");
            assert_eq!(replay(chess, &moves), dynamic, "game {}", n + 1);
        }
        match dynamic {
            Ok((fen, end)) => {
                replayed += 1;
                println!("game {}: {} plies, {fen}, {end:?}", n + 1, moves.len());
            }
            Err((ply, e)) => println!("game {}: ply {ply}: {e} (in {})", n + 1, e.fen),
        }
    }
    assert!(replayed > 0);
    // a refused move says why: the knight on d2 shields its king
    let pinned = position::from_fen(Variant::Chess, "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1").unwrap();
    let e = pinned.parse_move("Nf3").unwrap_err();
    assert!(matches!(e.reason, Reason::Pinned { .. }), "{e}");
    println!("{path}: {replayed} games replayed; Nf3 refused: {e}");
}
