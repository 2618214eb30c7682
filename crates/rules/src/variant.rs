//! The `Variant` enum: one entry point for every game, and static dispatch to its rules.

/// Every game of the project, by its id.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Variant {
    /// FIDE chess (calibration).
    Chess,
    /// Persian Chess, Celtic Citadel.
    CelticCitadel,
    /// Persian Chess, Persian Princess.
    PersianPrincess,
    /// Persian Chess, Egyptian Eye.
    EgyptianEye,
    /// Persian Chess, Oriental Omega.
    OrientalOmega,
    /// Mini Citadel Chess.
    MiniCitadel,
    /// Tamerlane chess.
    Tamerlane,
    /// Byzantine (round) chess.
    Byzantine,
    /// Shatranj (calibration).
    Shatranj,
}

impl Variant {
    /// All variants, in the order `citadel variants` lists them.
    pub const ALL: [Variant; 9] = [
        Variant::CelticCitadel,
        Variant::PersianPrincess,
        Variant::EgyptianEye,
        Variant::OrientalOmega,
        Variant::MiniCitadel,
        Variant::Tamerlane,
        Variant::Byzantine,
        Variant::Chess,
        Variant::Shatranj,
    ];

    /// The id used on the command line and in `[Variant]` tags.
    pub fn id(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::CelticCitadel => "celtic-citadel",
            Variant::PersianPrincess => "persian-princess",
            Variant::EgyptianEye => "egyptian-eye",
            Variant::OrientalOmega => "oriental-omega",
            Variant::MiniCitadel => "mini-citadel",
            Variant::Tamerlane => "tamerlane",
            Variant::Byzantine => "byzantine",
            Variant::Shatranj => "shatranj",
        }
    }

    /// A human name.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Chess => "Chess (FIDE, calibration)",
            Variant::CelticCitadel => "Persian Chess: Celtic Citadel",
            Variant::PersianPrincess => "Persian Chess: Persian Princess",
            Variant::EgyptianEye => "Persian Chess: Egyptian Eye",
            Variant::OrientalOmega => "Persian Chess: Oriental Omega",
            Variant::MiniCitadel => "Mini Citadel Chess",
            Variant::Tamerlane => "Tamerlane chess",
            Variant::Byzantine => "Byzantine (round) chess",
            Variant::Shatranj => "Shatranj (calibration)",
        }
    }

    /// The variant with this id.
    ///
    /// ```
    /// use citadel_rules::Variant;
    /// assert_eq!(Variant::from_id("egyptian-eye"), Some(Variant::EgyptianEye));
    /// assert_eq!(Variant::from_id("eye"), None);
    /// ```
    pub fn from_id(id: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.id() == id)
    }

    /// The start position's FEN.
    pub fn start_fen(self) -> &'static str {
        crate::with_game!(self, G => <G as crate::Game>::config().start_fen)
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl std::str::FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Variant::from_id(s).ok_or_else(|| {
            let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
            let mut shown: String = s.chars().take(80).collect();
            if shown.len() < s.len() {
                shown.push('…');
            }
            format!("unknown variant `{shown}` (known: {})", ids.join(", "))
        })
    }
}

/// Runs `$body` with the type alias `$G` bound to the game type of the variant `$v`:
/// one match, then static dispatch inside.
///
/// ```
/// use citadel_rules::{with_game, Game, Variant};
/// let n = with_game!(Variant::Chess, G => G::config().symbols.len());
/// assert_eq!(n, 6);
/// ```
#[macro_export]
macro_rules! with_game {
    ($v:expr, $G:ident => $body:expr) => {
        match $v {
            $crate::Variant::Chess => {
                type $G = $crate::Chess;
                $body
            }
            $crate::Variant::CelticCitadel => {
                type $G = $crate::CelticCitadel;
                $body
            }
            $crate::Variant::PersianPrincess => {
                type $G = $crate::PersianPrincess;
                $body
            }
            $crate::Variant::EgyptianEye => {
                type $G = $crate::EgyptianEye;
                $body
            }
            $crate::Variant::OrientalOmega => {
                type $G = $crate::OrientalOmega;
                $body
            }
            $crate::Variant::MiniCitadel => {
                type $G = $crate::MiniCitadel;
                $body
            }
            $crate::Variant::Tamerlane => {
                type $G = $crate::Tamerlane;
                $body
            }
            $crate::Variant::Byzantine => {
                type $G = $crate::Byzantine;
                $body
            }
            $crate::Variant::Shatranj => {
                type $G = $crate::Shatranj;
                $body
            }
        }
    };
}
