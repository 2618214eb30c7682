//! The list of games, written once: one line per game (its `Variant` name, its game type and
//! its id) generates the [`Variant`](crate::Variant) enum with [`Variant::ALL`] and
//! [`Variant::id`], the run-time position [`VariantPosition`](crate::VariantPosition) with
//! its `From` impls, and the dispatch macros [`with_game!`](crate::with_game) and
//! [`with_position!`](crate::with_position). Everything else about a game — its name,
//! aliases, pieces, values — is in its module's [`Config`](crate::Config).
//!
//! Adding a game is one module and one line here (new games go last, so that
//! [`Variant::ALL`]'s order stays as it was).
//!
//! [`Variant::ALL`]: crate::Variant::ALL
//! [`Variant::id`]: crate::Variant::id

/// Generates the game list's items. `$d` is a literal `$`, so that the generated macros can
/// have metavariables of their own.
macro_rules! games {
    ($d:tt $( $(#[$doc:meta])* $name:ident => $($ty:ident)::+, $id:literal; )*) => {
        /// Every game of the project, by its id.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub enum Variant {
            $( $(#[$doc])* $name, )*
            /// A game defined at run time ([`crate::defined`]), from a `variants.ini` file
            /// ([`crate::variants_ini`]).
            #[cfg_attr(feature = "serde", serde(skip))]
            Defined(crate::defined::DefinedId),
        }

        impl Variant {
            /// All built-in variants, in the order `citadel variants` lists them (the games
            /// defined at run time: [`crate::defined::all`]).
            pub const ALL: [Variant; [$(stringify!($name)),*].len()] = [$(Variant::$name),*];

            /// The id used on the command line and in `[Variant]` tags (a defined game's
            /// name in its file).
            pub fn id(self) -> &'static str {
                match self {
                    $( Variant::$name => $id, )*
                    Variant::Defined(id) => crate::defined::name(id),
                }
            }

            /// Whether the game is defined at run time rather than built in.
            pub fn is_defined(self) -> bool {
                matches!(self, Variant::Defined(_))
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
            ($d v:expr, $d G:ident => $d body:expr) => {
                match $d v {
                    $( $d crate::Variant::$name => {
                        type $d G = $d crate::$($ty)::+;
                        $d body
                    } )*
                    $d crate::Variant::Defined(id) => {
                        let _scope = $d crate::defined::Scope::enter(id);
                        type $d G = $d crate::Defined;
                        $d body
                    }
                }
            };
        }

        /// A position of any of the games, chosen at run time.
        ///
        /// ```
        /// use citadel_rules::{Variant, VariantPosition};
        /// let v: Variant = "persian-princess".parse().unwrap();
        /// let mut pos = VariantPosition::start(v);
        /// assert_eq!(pos.legal_moves().len(), 25);
        /// let m = pos.legal_moves()[0];
        /// pos.try_play(m).unwrap();
        /// assert_eq!(pos.perft(1), 25);
        /// assert_eq!(pos.undo(), Some(m));
        /// assert_eq!(pos.variant(), Variant::PersianPrincess);
        /// ```
        #[derive(Clone, Debug, PartialEq)]
        #[allow(missing_docs)]
        pub enum VariantPosition {
            $( $name(crate::Position<crate::$($ty)::+>), )*
            Defined(crate::Position<crate::Defined>),
        }

        /// Runs `$body` with `$p` bound to the [`Position`](crate::Position) inside a
        /// [`VariantPosition`], so a caller holding a position of a game chosen at run time
        /// can use generic code over `Position<G>` (the body is compiled once per game).
        ///
        /// ```
        /// use citadel_rules::{with_position, Game, Position, Variant, VariantPosition};
        /// fn kinds<G: Game>(_: &Position<G>) -> usize {
        ///     G::config().symbols.len()
        /// }
        /// let pos = VariantPosition::start(Variant::Tamerlane);
        /// assert_eq!(with_position!(&pos, p => kinds(p)), 23);
        /// ```
        #[macro_export]
        macro_rules! with_position {
            ($d pos:expr, $d p:ident => $d body:expr) => {
                match $d pos {
                    $( $d crate::VariantPosition::$name($d p) => $d body, )*
                    $d crate::VariantPosition::Defined($d p) => {
                        let _scope = $d crate::defined::Scope::enter_config($d p.config());
                        $d body
                    }
                }
            };
        }

        impl From<crate::Position<crate::Defined>> for VariantPosition {
            fn from(p: crate::Position<crate::Defined>) -> Self {
                VariantPosition::Defined(p)
            }
        }

        $(
            impl From<crate::Position<crate::$($ty)::+>> for VariantPosition {
                fn from(p: crate::Position<crate::$($ty)::+>) -> Self {
                    VariantPosition::$name(p)
                }
            }
        )*

        impl VariantPosition {
            /// The game.
            pub fn variant(&self) -> Variant {
                match self {
                    $( VariantPosition::$name(_) => Variant::$name, )*
                    VariantPosition::Defined(p) => p.config().variant,
                }
            }
        }
    };
}

games! {
    $
    /// Persian Chess, Celtic Citadel.
    CelticCitadel => CelticCitadel, "celtic-citadel";
    /// Persian Chess, Persian Princess.
    PersianPrincess => PersianPrincess, "persian-princess";
    /// Persian Chess, Egyptian Eye.
    EgyptianEye => EgyptianEye, "egyptian-eye";
    /// Persian Chess, Oriental Omega.
    OrientalOmega => OrientalOmega, "oriental-omega";
    /// Mini Citadel Chess.
    MiniCitadel => MiniCitadel, "mini-citadel";
    /// Tamerlane chess.
    Tamerlane => Tamerlane, "tamerlane";
    /// Byzantine (round) chess.
    Byzantine => Byzantine, "byzantine";
    /// FIDE chess (calibration).
    Chess => Chess, "chess";
    /// Shatranj (calibration).
    Shatranj => Shatranj, "shatranj";
    /// Courier chess (12x8, medieval).
    Courier => Courier, "courier";
    /// Makruk (Thai chess).
    Makruk => Makruk, "makruk";
    /// Chess960 (Fischer random chess).
    Chess960 => Chess960, "chess960";
}
