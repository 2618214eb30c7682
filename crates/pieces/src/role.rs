//! Roles: the typed identity of a piece kind ([`Role`]), separate from its display name and
//! its letter.

use std::fmt;

/// The typed identity of a piece kind, separate from its display name and its letter.
///
/// A game's kinds are indices into its piece set; a role says which piece a kind *is*, so
/// that the other crates can pick its figure, read its value or its learnt table by a key
/// that means the same piece in every game (the display name is then free to be the game's
/// own: Courier's mann, Makruk's khon).
///
/// One name, spelled or translated differently, is one role, whatever the piece's moves in a
/// given game: Tamerlane's fers is Shatranj's ferz, its vizier the wazir, its elephant the
/// alfil ("the elephant") and its war engine the dabbaba ("war engine"); Mini Citadel's short
/// rook is that game's rook. A piece a game names on its own has a role of its own even where
/// it moves as another one (Courier's mann and schleich, Makruk's met and khon): a key then
/// never means two different pieces, as `guard` once meant Mini Citadel's guard in one game
/// and Courier's mann in another.
///
/// Keys are lowercase, words joined by `-` (`pawn-of-rooks`); [`Role::from_key`] also reads the other spellings the project accepted before
/// roles ([`Role::aliases`]: `fers`, `vizier`, `elephant`, `war engine`, `pawn of rooks`,
/// `pawn>`, ...).
///
/// ```
/// use citadel_pieces::Role;
/// assert_eq!(Role::Mann.key(), "mann");
/// assert_eq!(Role::from_key("pawn-of-war-engines"), Some(Role::PawnOfWarEngines));
/// assert_eq!(Role::from_key("vizier"), Some(Role::Wazir));
/// assert_eq!(Role::from_key("dragon"), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Role {
    /// The king (chess; also Mini Citadel's weak king).
    King,
    /// The queen (chess; also Mini Citadel's weak queen).
    Queen,
    /// The rook (chess; also Mini Citadel's short rook).
    Rook,
    /// The bishop (chess, Courier's courier; also Mini Citadel's short bishop).
    Bishop,
    /// The knight.
    Knight,
    /// The pawn (chess's, Shatranj's and their kin).
    Pawn,
    /// Persian Chess's princess (bishop + knight).
    Princess,
    /// Persian Chess's fortress (rook + knight).
    Fortress,
    /// Oriental Omega's champion (WAD).
    Champion,
    /// Oriental Omega's wizard (NF).
    Wizard,
    /// Mini Citadel's guard (AD, a knight leap as first move).
    Guard,
    /// Mini Citadel's promoted king.
    PromotedKing,
    /// Mini Citadel's promoted queen.
    PromotedQueen,
    /// Mini Citadel's promoted rook.
    PromotedRook,
    /// Mini Citadel's promoted bishop.
    PromotedBishop,
    /// Mini Citadel's promoted knight.
    PromotedKnight,
    /// Mini Citadel's promoted guard.
    PromotedGuard,
    /// Mini Citadel's promoted pawn.
    PromotedPawn,
    /// The ferz (Shatranj's queen; Tamerlane's fers).
    Ferz,
    /// The alfil (Shatranj's bishop; Tamerlane's elephant).
    Alfil,
    /// The wazir (Tamerlane's vizier).
    Wazir,
    /// The dabbaba (Tamerlane's war engine).
    Dabbaba,
    /// The camel (Tamerlane).
    Camel,
    /// The giraffe (Tamerlane).
    Giraffe,
    /// The scout (Tamerlane's tali'a).
    Scout,
    /// Tamerlane's prince (shahzada).
    Prince,
    /// Tamerlane's adventitious king (shah masnu'a).
    AdventitiousKing,
    /// Tamerlane's pawn of rooks.
    PawnOfRooks,
    /// Tamerlane's pawn of knights.
    PawnOfKnights,
    /// Tamerlane's pawn of scouts.
    PawnOfScouts,
    /// Tamerlane's pawn of giraffes.
    PawnOfGiraffes,
    /// Tamerlane's pawn of viziers.
    PawnOfViziers,
    /// Tamerlane's pawn of kings (it becomes a prince).
    PawnOfKings,
    /// Tamerlane's pawn of fers.
    PawnOfFers,
    /// Tamerlane's pawn of elephants.
    PawnOfElephants,
    /// Tamerlane's pawn of camels.
    PawnOfCamels,
    /// Tamerlane's pawn of war engines.
    PawnOfWarEngines,
    /// Tamerlane's pawn of pawns.
    PawnOfPawns,
    /// Byzantine chess's pawn moving toward higher files (`P>`).
    PawnUp,
    /// Byzantine chess's pawn moving toward lower files (`P<`).
    PawnDown,
    /// Courier chess's mann (moves as a king, not royal).
    Mann,
    /// Courier chess's schleich (moves as a wazir).
    Schleich,
    /// Makruk's met (moves as a ferz).
    Met,
    /// Makruk's khon (`FfW`).
    Khon,
}

/// Every role with its key and its other accepted spellings, in [`Role::ALL`]'s order: the
/// one table both directions of the text form read.
const TABLE: [(Role, &str, &[&str]); 44] = {
    use Role::*;
    [
        (King, "king", &[]),
        (Queen, "queen", &[]),
        (Rook, "rook", &[]),
        (Bishop, "bishop", &[]),
        (Knight, "knight", &[]),
        (Pawn, "pawn", &[]),
        (Princess, "princess", &[]),
        (Fortress, "fortress", &[]),
        (Champion, "champion", &[]),
        (Wizard, "wizard", &[]),
        (Guard, "guard", &[]),
        (PromotedKing, "promoted-king", &["promoted king"]),
        (PromotedQueen, "promoted-queen", &["promoted queen"]),
        (PromotedRook, "promoted-rook", &["promoted rook"]),
        (PromotedBishop, "promoted-bishop", &["promoted bishop"]),
        (PromotedKnight, "promoted-knight", &["promoted knight"]),
        (PromotedGuard, "promoted-guard", &["promoted guard"]),
        (PromotedPawn, "promoted-pawn", &["promoted pawn"]),
        (Ferz, "ferz", &["fers"]),
        (Alfil, "alfil", &["elephant"]),
        (Wazir, "wazir", &["vizier"]),
        (Dabbaba, "dabbaba", &["war engine", "war-engine"]),
        (Camel, "camel", &[]),
        (Giraffe, "giraffe", &[]),
        (Scout, "scout", &[]),
        (Prince, "prince", &[]),
        (
            AdventitiousKing,
            "adventitious-king",
            &["adventitious king"],
        ),
        (PawnOfRooks, "pawn-of-rooks", &["pawn of rooks"]),
        (PawnOfKnights, "pawn-of-knights", &["pawn of knights"]),
        (PawnOfScouts, "pawn-of-scouts", &["pawn of scouts"]),
        (PawnOfGiraffes, "pawn-of-giraffes", &["pawn of giraffes"]),
        (PawnOfViziers, "pawn-of-viziers", &["pawn of viziers"]),
        (PawnOfKings, "pawn-of-kings", &["pawn of kings"]),
        (PawnOfFers, "pawn-of-fers", &["pawn of fers"]),
        (PawnOfElephants, "pawn-of-elephants", &["pawn of elephants"]),
        (PawnOfCamels, "pawn-of-camels", &["pawn of camels"]),
        (
            PawnOfWarEngines,
            "pawn-of-war-engines",
            &["pawn of war engines"],
        ),
        (PawnOfPawns, "pawn-of-pawns", &["pawn of pawns"]),
        (PawnUp, "pawn-up", &["pawn>"]),
        (PawnDown, "pawn-down", &["pawn<"]),
        (Mann, "mann", &[]),
        (Schleich, "schleich", &[]),
        (Met, "met", &[]),
        (Khon, "khon", &[]),
    ]
};

impl Role {
    /// Every role, in declaration order.
    pub const ALL: [Role; 44] = {
        let mut all = [Role::King; 44];
        let mut i = 0;
        while i < TABLE.len() {
            all[i] = TABLE[i].0;
            i += 1;
        }
        all
    };

    /// The role's row of the table (the table lists the roles in declaration order).
    fn row(self) -> &'static (Role, &'static str, &'static [&'static str]) {
        &TABLE[self as usize]
    }

    /// The role's stable key, as files and command-line options write it (`"pawn-of-rooks"`).
    pub fn key(self) -> &'static str {
        self.row().1
    }

    /// Other spellings [`from_key`](Self::from_key) reads as this role: the names the
    /// project's games gave the piece before roles (`"fers"` for the ferz, `"pawn>"`).
    pub fn aliases(self) -> &'static [&'static str] {
        self.row().2
    }

    /// The role whose key (or one of whose [`aliases`](Self::aliases)) is `key`.
    pub fn from_key(key: &str) -> Option<Role> {
        TABLE
            .iter()
            .find(|(_, k, aliases)| *k == key || aliases.contains(&key))
            .map(|&(r, _, _)| r)
    }

    /// The role of the promoted form of this piece (Mini Citadel's promotions), if it has one.
    ///
    /// ```
    /// use citadel_pieces::Role;
    /// assert_eq!(Role::Guard.promoted(), Some(Role::PromotedGuard));
    /// assert_eq!(Role::Giraffe.promoted(), None);
    /// ```
    pub fn promoted(self) -> Option<Role> {
        use Role::*;
        Some(match self {
            King => PromotedKing,
            Queen => PromotedQueen,
            Rook => PromotedRook,
            Bishop => PromotedBishop,
            Knight => PromotedKnight,
            Guard => PromotedGuard,
            Pawn => PromotedPawn,
            _ => return None,
        })
    }
}

impl fmt::Display for Role {
    /// Writes the [`key`](Role::key).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Role {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Role {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let key = String::deserialize(d)?;
        Role::from_key(&key)
            .ok_or_else(|| serde::de::Error::custom(format!("no piece role has the key `{key}`")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lists_every_role_in_declaration_order() {
        for (i, r) in Role::ALL.iter().enumerate() {
            assert_eq!(*r as usize, i, "{r:?}");
            assert_eq!(TABLE[i].0, *r);
        }
    }

    #[test]
    fn every_key_and_alias_reads_as_its_own_role_only() {
        let mut seen: Vec<&str> = Vec::new();
        for r in Role::ALL {
            let k = r.key();
            assert!(
                k.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{k}"
            );
            assert_eq!(Role::from_key(k), Some(r));
            assert_eq!(r.to_string(), k);
            for a in r.aliases() {
                assert_eq!(Role::from_key(a), Some(r), "{a}");
            }
            for s in std::iter::once(&k).chain(r.aliases()) {
                assert!(!seen.contains(s), "{s} twice");
                seen.push(s);
            }
        }
    }

    #[test]
    fn promotions_stay_among_the_promoted_roles() {
        for r in Role::ALL {
            if let Some(p) = r.promoted() {
                assert!(p.key().starts_with("promoted-"), "{r}");
                assert_eq!(p.key(), format!("promoted-{}", r.key()));
                assert_eq!(p.promoted(), None);
            }
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_writes_the_key_and_reads_keys_and_aliases() {
        assert_eq!(
            serde_json::to_string(&Role::PawnOfKings).unwrap(),
            r#""pawn-of-kings""#
        );
        let r: Role = serde_json::from_str(r#""vizier""#).unwrap();
        assert_eq!(r, Role::Wazir);
        let e = serde_json::from_str::<Role>(r#""dragon""#).unwrap_err();
        assert!(e.to_string().contains("`dragon`"), "{e}");
    }
}
