//! Games defined at run time: a configuration built from data (a `variants.ini` section,
//! [`crate::variants_ini`]), registered once for the life of the process, and played by one
//! game type, [`Defined`], over the same core as the built-in games.
//!
//! A built-in game's type knows its configuration statically ([`Game::config`]). A defined
//! game's configuration is data chosen at run time, so [`Defined::config`] answers the
//! configuration *in scope* on the calling thread: [`with_game!`](crate::with_game) and
//! [`with_position!`](crate::with_position) put a defined game in scope for their body, as
//! they bind the game type for a built-in one, and a [`Position<Defined>`] carries its own
//! configuration (the core reads that one). Code that hands a defined game's position to
//! another thread, or keeps one beyond the `with_game!` that made it, puts its game in scope
//! there ([`scope_of`]).

use crate::{Config, Game, Outcome, Position, PositionError, Variant};
use citadel_geometry::Bitboard;
use std::cell::Cell;
use std::sync::RwLock;

/// A game defined at run time ([`Variant::Defined`]); its data is its [`Config`], set when it
/// is registered ([`reserve`] and [`install`]). Its rules are the core's and the configuration's
/// [`data_rules`](Config::data_rules): no code of its own.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Defined;

/// The number of a registered game, in the order of registration.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct DefinedId(pub u16);

/// One registered game: its name, and its configuration once built.
struct Entry {
    name: &'static str,
    config: Option<&'static Config>,
}

/// Every game registered in this process, in order (never shrinks: positions keep pointing
/// at their configuration).
static REGISTRY: RwLock<Vec<Entry>> = RwLock::new(Vec::new());

/// The most games one process may register.
pub const MAX_DEFINED: usize = u16::MAX as usize;

fn registry() -> std::sync::RwLockReadGuard<'static, Vec<Entry>> {
    REGISTRY.read().unwrap_or_else(|e| e.into_inner())
}

/// Reserves a number for a game named `name`, whose configuration is then built with
/// [`Variant::Defined`] of that number and handed to [`install`]. `None` when the process
/// has registered [`MAX_DEFINED`] games.
pub fn reserve(name: &str) -> Option<DefinedId> {
    let mut r = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    if r.len() >= MAX_DEFINED {
        return None;
    }
    r.push(Entry {
        name: Box::leak(name.to_string().into_boxed_str()),
        config: None,
    });
    Some(DefinedId((r.len() - 1) as u16))
}

/// Installs the configuration of a reserved game (kept for the life of the process: a
/// configuration is leaked once per game defined, so that positions may point at it).
pub fn install(id: DefinedId, config: &'static Config) {
    let mut r = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = r.get_mut(id.0 as usize) {
        e.config = Some(config);
    }
}

/// The name a registered game was reserved under.
pub fn name(id: DefinedId) -> &'static str {
    registry().get(id.0 as usize).map_or("", |e| e.name)
}

/// The configuration of a registered game.
///
/// # Panics
///
/// If `id` was reserved and not yet installed (a program error: ids reach users only once
/// installed).
pub fn config(id: DefinedId) -> &'static Config {
    registry()
        .get(id.0 as usize)
        .and_then(|e| e.config)
        .unwrap_or_else(|| panic!("defined game {} has no configuration yet", id.0))
}

/// The installed game that a name (its id, title or one of its aliases, ignoring letter
/// case) stands for, the latest registered first: a file loaded later redefines a name.
pub fn find(name: &str) -> Option<Variant> {
    let name = name.trim();
    let r = registry();
    r.iter().enumerate().rev().find_map(|(i, e)| {
        let cfg = e.config?;
        let hit = cfg.id.eq_ignore_ascii_case(name)
            || cfg.title.eq_ignore_ascii_case(name)
            || cfg.aliases.iter().any(|a| a.eq_ignore_ascii_case(name));
        hit.then_some(Variant::Defined(DefinedId(i as u16)))
    })
}

/// The installed game with exactly this [`definition`](Config::definition), the latest first.
pub fn with_definition(definition: &str) -> Option<Variant> {
    let r = registry();
    r.iter().enumerate().rev().find_map(|(i, e)| {
        (e.config?.definition? == definition).then_some(Variant::Defined(DefinedId(i as u16)))
    })
}

/// Every installed game whose name no later one took, in the order of registration.
pub fn all() -> Vec<Variant> {
    let r = registry();
    let mut out: Vec<Variant> = Vec::new();
    for (i, e) in r.iter().enumerate() {
        if e.config.is_none() {
            continue;
        }
        let later = r[i + 1..]
            .iter()
            .any(|l| l.config.is_some() && l.name.eq_ignore_ascii_case(e.name));
        if !later {
            out.push(Variant::Defined(DefinedId(i as u16)));
        }
    }
    out
}

thread_local! {
    /// The defined game in scope on this thread.
    static CURRENT: Cell<Option<&'static Config>> = const { Cell::new(None) };
}

/// A defined game in scope on this thread until the value is dropped, when the one before it
/// (if any) is back in scope.
#[must_use = "the game is in scope only while the scope value lives"]
pub struct Scope {
    previous: Option<&'static Config>,
}

impl Scope {
    /// Puts the registered game `id` in scope.
    pub fn enter(id: DefinedId) -> Scope {
        Scope::enter_config(config(id))
    }

    /// Puts the game of `config` in scope.
    pub fn enter_config(config: &'static Config) -> Scope {
        Scope {
            previous: CURRENT.with(|c| c.replace(Some(config))),
        }
    }
}

/// Puts the game of `pos` in scope on this thread when it is a defined game (nothing for a
/// built-in one): for code that hands a position to another thread, or keeps one beyond the
/// [`with_game!`](crate::with_game) that made it.
pub fn scope_of<G: Game>(pos: &Position<G>) -> Option<Scope> {
    let cfg: &'static Config<G::Word> = pos.config();
    if !cfg.variant.is_defined() {
        return None;
    }
    let any: &'static dyn std::any::Any = cfg;
    any.downcast_ref::<Config>().map(Scope::enter_config)
}

impl Drop for Scope {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.previous));
    }
}

impl Game for Defined {
    type Word = u128;

    /// The defined game in scope on this thread.
    ///
    /// # Panics
    ///
    /// When no defined game is in scope: a program error (see the module's introduction).
    #[inline]
    fn config() -> &'static Config {
        CURRENT
            .with(Cell::get)
            .expect("a defined game's configuration asked for outside its scope")
    }

    #[inline(always)]
    fn decided(pos: &Position<Self>) -> Option<Outcome> {
        let cfg = pos.config();
        cfg.data_rules
            .decided(pos)
            .or_else(|| cfg.goals.decided(pos))
    }

    /// A pawn that has nothing to promote to stops short of its promotion zone.
    #[inline(always)]
    fn forbidden(pos: &Position<Self>, from: citadel_geometry::Square) -> Bitboard<u128> {
        let cfg = pos.config();
        if !cfg.data_rules.pawns_stop_short {
            return Bitboard::EMPTY;
        }
        match pos.piece_at(from) {
            Some(p) if cfg.is_pawn(p.kind) => cfg.promotion_zone[pos.turn().index()],
            _ => Bitboard::EMPTY,
        }
    }

    fn special_moves(pos: &Position<Self>, lg: &crate::Legality<u128>, out: &mut crate::MoveList) {
        if let Some(c) = &pos.config().data_rules.castling {
            c.generate(pos, lg, out);
        }
    }

    fn tactical_special_moves(
        _pos: &Position<Self>,
        _lg: &crate::Legality<u128>,
        _out: &mut crate::MoveList,
    ) {
    }

    #[inline(always)]
    fn effect(pos: &Position<Self>, m: &crate::Move, ch: &mut crate::Changes) -> bool {
        match &pos.config().data_rules.castling {
            Some(c) => c.effect(pos, m, ch),
            None => false,
        }
    }

    #[inline(always)]
    fn update_rights(pos: &mut Position<Self>, m: &crate::Move) {
        if let Some(c) = &pos.config().data_rules.castling {
            let r = c.rights_after(pos.rights(), m);
            if r != pos.rights() {
                pos.set_rights(r);
            }
        }
    }

    fn move_name(m: &crate::Move) -> Option<String> {
        let c = Self::config().data_rules.castling.as_ref()?;
        c.name_of(m)
    }

    /// Kings alone: no piece left that could mate, bare or reach a flag.
    fn insufficient_material(pos: &Position<Self>) -> bool {
        let cfg = pos.config();
        let bb = pos.bitboards();
        let royal = (0..cfg.pieces.len() as u8)
            .filter(|&k| cfg.is_royal(k))
            .fold(Bitboard::EMPTY, |acc, k| acc | bb.kind[k as usize]);
        royal.any() && (bb.occupied() & !royal).is_empty() && cfg.data_rules.flag.is_none()
    }

    fn validate(pos: &Position<Self>) -> Result<(), PositionError> {
        if let Some(c) = &pos.config().data_rules.castling {
            c.validate(pos)?;
        }
        Ok(())
    }
}
