//! A game's kinds by [`Role`]: every kind of a game has a role, no two kinds share one, and
//! the role keys (`knight`, `pawn-of-rooks`) are how files and the command line name a
//! game's pieces (values, learnt tables). See [`citadel_pieces::Role`] for what a role is.

use crate::Config;
use citadel_geometry::BitWord;
use citadel_pieces::{PieceDef, Role};

/// A key that names no piece of a game (user input: a value or a piece to fit).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game} has no piece with the key `{key}` (its pieces: {})", .keys.join(", "))]
pub struct UnknownRoleKey {
    /// The game's id.
    pub game: &'static str,
    /// The key as given.
    pub key: String,
    /// The keys of the game's pieces, in kind order.
    pub keys: Vec<&'static str>,
}

/// What is wrong with the roles of a game's piece list, if anything: a piece without a role,
/// or two pieces with one role. Games' own lists are checked when their configuration is
/// built (a debug assertion, tested for every game).
pub fn role_problem(defs: &[PieceDef]) -> Option<String> {
    for (k, d) in defs.iter().enumerate() {
        let Some(role) = d.role else {
            return Some(format!("kind {k} ({}) has no role", d.name));
        };
        if let Some(j) = defs[..k].iter().position(|e| e.role == Some(role)) {
            return Some(format!(
                "kinds {j} ({}) and {k} ({}) are both `{role}`",
                defs[j].name, d.name
            ));
        }
    }
    None
}

impl<W: BitWord> Config<W> {
    /// The role of `kind` (every kind of the project's games has one).
    ///
    /// ```
    /// use citadel_pieces::Role;
    /// use citadel_rules::{courier::kind::MANN, Courier, Game};
    /// assert_eq!(Courier::config().role(MANN), Some(Role::Mann));
    /// ```
    pub fn role(&self, kind: u8) -> Option<Role> {
        self.pieces.defs().get(kind as usize)?.role
    }

    /// The kind whose role is `role`.
    pub fn kind_of_role(&self, role: Role) -> Option<u8> {
        self.pieces
            .defs()
            .iter()
            .position(|d| d.role == Some(role))
            .map(|k| k as u8)
    }

    /// The keys of the game's pieces, in kind order.
    ///
    /// ```
    /// use citadel_rules::{Game, Shatranj};
    /// let keys = Shatranj::config().role_keys();
    /// assert_eq!(keys, ["king", "ferz", "rook", "alfil", "knight", "pawn"]);
    /// ```
    pub fn role_keys(&self) -> Vec<&'static str> {
        self.pieces
            .defs()
            .iter()
            .filter_map(|d| d.role.map(Role::key))
            .collect()
    }

    /// The kind whose role has the key `key` (or one of its other spellings,
    /// [`Role::aliases`]); an error naming the key and listing the game's keys otherwise.
    ///
    /// ```
    /// use citadel_rules::{tamerlane::kind, Game, Tamerlane};
    /// let cfg = Tamerlane::config();
    /// assert_eq!(cfg.kind_of_key("wazir"), Ok(kind::VIZIER));
    /// assert_eq!(cfg.kind_of_key("vizier"), Ok(kind::VIZIER));
    /// let e = cfg.kind_of_key("queen").unwrap_err().to_string();
    /// assert!(e.starts_with("tamerlane has no piece with the key `queen` (its pieces: king, "));
    /// ```
    pub fn kind_of_key(&self, key: &str) -> Result<u8, UnknownRoleKey> {
        Role::from_key(key)
            .and_then(|r| self.kind_of_role(r))
            .ok_or_else(|| UnknownRoleKey {
                game: self.id,
                key: key.to_string(),
                keys: self.role_keys(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Variant};

    #[test]
    fn every_piece_of_every_game_has_a_role_of_its_own() {
        for v in Variant::ALL {
            with_game!(v, G => {
                let cfg = G::config();
                assert_eq!(role_problem(cfg.pieces.defs()), None, "{v:?}");
                for k in 0..cfg.pieces.len() as u8 {
                    let role = cfg.role(k).expect("a role");
                    assert_eq!(cfg.kind_of_role(role), Some(k), "{v:?}");
                    assert_eq!(cfg.kind_of_key(role.key()), Ok(k), "{v:?}");
                }
                assert_eq!(cfg.role_keys().len(), cfg.pieces.len());
            })
        }
    }

    #[test]
    fn a_list_without_roles_or_with_one_twice_is_told() {
        use citadel_pieces::catalog;
        assert_eq!(role_problem(&[catalog::king(), catalog::ferz()]), None);
        assert_eq!(
            role_problem(&[catalog::king(), PieceDef::new("dragon", 'D')]),
            Some("kind 1 (dragon) has no role".into())
        );
        assert_eq!(
            role_problem(&[catalog::ferz(), catalog::ferz().named("fers", 'F')]),
            Some("kinds 0 (ferz) and 1 (fers) are both `ferz`".into())
        );
    }

    #[test]
    fn courier_and_makruk_name_their_own_pieces() {
        use crate::{courier, makruk, Courier, Makruk};
        let c = Courier::config();
        assert_eq!(c.pieces.defs()[courier::kind::MANN as usize].name, "mann");
        assert_eq!(c.kind_of_key("mann"), Ok(courier::kind::MANN));
        assert_eq!(c.kind_of_key("schleich"), Ok(courier::kind::SCHLEICH));
        // the names the diagrams once needed name other games' pieces
        assert!(c.kind_of_key("guard").is_err());
        assert!(c.kind_of_key("vizier").is_err());
        let m = Makruk::config();
        assert_eq!(m.kind_of_key("met"), Ok(makruk::kind::MET));
        assert_eq!(m.kind_of_key("khon"), Ok(makruk::kind::KHON));
        assert!(m.kind_of_key("ferz").is_err());
    }
}
