//! Piece definitions: a name, a letter, a role and a list of movement atoms.

use crate::atom::{leap_images, Atom, Mode, UNLIMITED};
use crate::Role;
use citadel_geometry::Dir;

/// A kind of piece as data.
///
/// ```
/// use citadel_pieces::{Mode, PieceDef, Role};
/// use citadel_geometry::Dir;
/// // the princess: bishop + knight
/// let s = PieceDef::new("princess", 'S')
///     .role(Role::Princess)
///     .slide(&Dir::DIAGONAL)
///     .leap(1, 2, Mode::Any);
/// assert_eq!(s.atoms.len(), 4 + 8);
/// assert_eq!(s.role, Some(Role::Princess));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceDef {
    /// Display name, e.g. `"princess"`: the game's own name of the piece (legends,
    /// messages); other crates key on the [`role`](Self::role), never on the name.
    pub name: String,
    /// FEN letter as White (uppercase).
    pub letter: char,
    /// Which piece this is ([`Role`]): the key of its figure, its value and its learnt
    /// table. Every piece of the project's games has one; a piece made without one is drawn
    /// as its letter and has no key.
    #[cfg_attr(feature = "serde", serde(default))]
    pub role: Option<Role>,
    /// Movement atoms, each with its mode.
    pub atoms: Vec<(Atom, Mode)>,
    /// Whether the rank steps are mirrored for Black (pawns).
    pub oriented: bool,
}

impl PieceDef {
    /// A piece with no moves and no role yet.
    pub fn new(name: &str, letter: char) -> Self {
        PieceDef {
            name: name.to_string(),
            letter,
            role: None,
            atoms: Vec::new(),
            oriented: false,
        }
    }

    /// Adds every symmetric image of the leap (dx, dy).
    pub fn leap(mut self, dx: i8, dy: i8, mode: Mode) -> Self {
        for (x, y) in leap_images(dx, dy) {
            self.atoms.push((Atom::Leap { dx: x, dy: y }, mode));
        }
        self
    }

    /// Adds the single leap (dx, dy), as seen by White.
    pub fn leap_one(mut self, dx: i8, dy: i8, mode: Mode) -> Self {
        self.atoms.push((Atom::Leap { dx, dy }, mode));
        self
    }

    /// Adds unlimited slides in the given directions.
    pub fn slide(self, dirs: &[Dir]) -> Self {
        self.ride(dirs, 1, UNLIMITED, false, Mode::Any)
    }

    /// Adds rides of `min..=max` cells in the given directions.
    pub fn ride(mut self, dirs: &[Dir], min: u8, max: u8, jump: bool, mode: Mode) -> Self {
        for &dir in dirs {
            self.atoms.push((
                Atom::Ride {
                    dir,
                    min,
                    max,
                    jump,
                },
                mode,
            ));
        }
        self
    }

    /// Adds the bent ride (one diagonal step, then `min`+ straight cells outward).
    pub fn bent(mut self, min: u8, mode: Mode) -> Self {
        self.atoms.push((Atom::Bent { min }, mode));
        self
    }

    /// Adds all atoms of `other` (a compound piece).
    pub fn with(mut self, other: &PieceDef) -> Self {
        for a in &other.atoms {
            if !self.atoms.contains(a) {
                self.atoms.push(*a);
            }
        }
        self
    }

    /// Marks the piece's rank steps as mirrored for Black.
    pub fn oriented(mut self) -> Self {
        self.oriented = true;
        self
    }

    /// Gives the piece its role.
    pub fn role(mut self, role: Role) -> Self {
        self.role = Some(role);
        self
    }

    /// Renames the piece and gives it another letter (its role stays: a game's own name of
    /// the same piece, as Tamerlane's `fers` for the ferz).
    pub fn named(mut self, name: &str, letter: char) -> Self {
        self.name = name.to_string();
        self.letter = letter;
        self
    }
}
