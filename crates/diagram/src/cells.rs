//! Cells named in a picture's annotations (a last move, arrows, marks), read against a
//! game's board.

use citadel_geometry::{split_square_pair, Square};
use citadel_notation::clip;
use citadel_rules::Game;

/// A cell or a pair of cells that the game's board does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    /// The text is not two cell names (`e2e4`, `e2-e4`).
    #[error("`{}` is not two cells like e2e4", clip(.0))]
    NotAPair(String),
    /// The name is no cell of the game.
    #[error("`{}` is not a cell of {game}", clip(.name))]
    NotACell {
        /// The name.
        name: String,
        /// The game's id.
        game: &'static str,
    },
}

/// The cell of `G`'s board named `name`.
///
/// ```
/// use citadel_diagram::cells::cell;
/// use citadel_rules::Chess;
/// assert!(cell::<Chess>("e4").is_ok());
/// assert_eq!(cell::<Chess>("k9").unwrap_err().to_string(), "`k9` is not a cell of chess");
/// ```
pub fn cell<G: Game>(name: &str) -> Result<Square, CellError> {
    let cfg = G::config();
    cfg.geometry()
        .parse_square(name)
        .ok_or_else(|| CellError::NotACell {
            name: name.to_string(),
            game: cfg.id,
        })
}

/// Two cells of `G`'s board written together (`e2e4`, `k2x1`) or with a hyphen (`e2-e4`).
///
/// ```
/// use citadel_diagram::cells::cell_pair;
/// use citadel_rules::Chess;
/// assert!(cell_pair::<Chess>("e2-e4").is_ok());
/// assert_eq!(cell_pair::<Chess>("e2").unwrap_err().to_string(), "`e2` is not two cells like e2e4");
/// ```
pub fn cell_pair<G: Game>(text: &str) -> Result<(Square, Square), CellError> {
    let (a, b) = split_square_pair(text).ok_or_else(|| CellError::NotAPair(text.to_string()))?;
    Ok((cell::<G>(a)?, cell::<G>(b)?))
}
