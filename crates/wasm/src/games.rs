//! `games()`: the built-in games with their names and board sizes.

use citadel_rules::{with_game, Game, Variant};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A built-in game: its id (what `new Board(id)` takes), name, other names, board and start
/// position (a plain object in JavaScript, the `GameInfo` interface).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameInfo {
    /// The id (`tamerlane`), as the command line and `[Variant]` tags write it.
    pub id: String,
    /// The name (`Tamerlane chess`).
    pub name: String,
    /// Other names `new Board` accepts.
    pub aliases: Vec<String>,
    /// Files of the board (the round board: cells around a ring).
    pub files: u32,
    /// Ranks of the board (the round board: rings).
    pub ranks: u32,
    /// Cells, detached ones (citadels) included.
    pub cells: u32,
    /// Whether the board is round (Byzantine chess).
    pub round: bool,
    /// The start position's FEN.
    pub start_fen: String,
}

/// The facts of one game.
pub fn info(v: Variant) -> GameInfo {
    let (files, ranks, cells, round) = with_game!(v, G => {
        let geo = G::config().geometry();
        (geo.files() as u32, geo.ranks() as u32, geo.len() as u32, geo.wraps())
    });
    GameInfo {
        id: v.id().to_string(),
        name: v.name().to_string(),
        aliases: v.aliases().iter().map(|a| a.to_string()).collect(),
        files,
        ranks,
        cells,
        round,
        start_fen: v.start_fen().to_string(),
    }
}

/// The built-in games, in the order `citadel variants` lists them.
pub fn games() -> Vec<GameInfo> {
    Variant::ALL.into_iter().map(info).collect()
}

/// The built-in games with their names and boards, in the order `citadel variants` lists
/// them.
#[wasm_bindgen(js_name = games, unchecked_return_type = "GameInfo[]")]
pub fn games_js() -> Result<JsValue, JsError> {
    crate::to_js(&games())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_board() {
        let all = games();
        assert_eq!(all.len(), Variant::ALL.len());
        let tamerlane = all.iter().find(|g| g.id == "tamerlane").unwrap();
        assert_eq!(tamerlane.cells, 112);
        let byzantine = all.iter().find(|g| g.id == "byzantine").unwrap();
        assert!(byzantine.round);
        assert_eq!((byzantine.files, byzantine.ranks), (16, 4));
    }
}
