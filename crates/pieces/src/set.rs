//! A game's full set of pieces compiled against its board.

use crate::{CompiledPiece, PieceDef};
use citadel_geometry::{BitWord, Bitboard, Geometry, Square};

/// Every piece kind of a game, compiled for both colours against the game's board (sets of
/// cells over the board's word `W`). Kinds are indices into [`defs`](Self::defs).
#[derive(Clone, Debug)]
pub struct PieceSet<W: BitWord = u128> {
    geo: Geometry<W>,
    defs: Vec<PieceDef>,
    /// Per colour and kind: kinds (and colours) that move alike share their tables (clones
    /// of one compiled piece), so that a game with many look-alike kinds (Tamerlane's eleven
    /// pawns) keeps its tables small enough for the cache.
    compiled: [Vec<CompiledPiece<W>>; 2],
    /// Per colour: kinds grouped by identical attacks (bit mask of kinds, representative).
    classes: [Vec<(u32, usize)>; 2],
    /// Per colour: the kinds with a capturing bent ride (bit mask).
    bent_kinds: [u32; 2],
}

impl<W: BitWord> PieceSet<W> {
    /// Compiles `defs` for both colours (index 0 White, 1 Black).
    pub fn new(geo: Geometry<W>, defs: Vec<PieceDef>) -> Self {
        let mut distinct: Vec<((&[_], bool), CompiledPiece<W>)> = Vec::new();
        let compiled = [false, true].map(|black| {
            defs.iter()
                .map(|d| {
                    let key = (d.atoms.as_slice(), black && d.oriented);
                    match distinct.iter().find(|(k, _)| *k == key) {
                        Some((_, p)) => p.clone(),
                        None => {
                            let mut p = CompiledPiece::new(&geo, d, black);
                            p.share_tables(distinct.iter().map(|(_, q)| q));
                            distinct.push((key, p.clone()));
                            p
                        }
                    }
                })
                .collect::<Vec<_>>()
        });
        let classes = [0, 1].map(|c| attack_classes(&compiled[c]));
        let bent_kinds = [0, 1].map(|c| {
            compiled[c]
                .iter()
                .enumerate()
                .filter(|(_, p)| p.bent_min().is_some())
                .fold(0, |m, (k, _)| m | 1 << k)
        });
        PieceSet {
            geo,
            defs,
            compiled,
            classes,
            bent_kinds,
        }
    }

    /// The board.
    #[inline(always)]
    pub fn geometry(&self) -> &Geometry<W> {
        &self.geo
    }

    /// The piece definitions, by kind.
    pub fn defs(&self) -> &[PieceDef] {
        &self.defs
    }

    /// Number of kinds.
    pub fn len(&self) -> usize {
        self.defs.len()
    }

    /// Whether the set has no kinds.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }

    /// The kinds of `color` with a capturing bent ride (bit `k` for kind `k`): the only
    /// riders besides straight ones that may pin.
    #[inline(always)]
    pub fn bent_kinds(&self, color: usize) -> u32 {
        self.bent_kinds[color]
    }

    /// The compiled piece of `kind` for `color` (0 White, 1 Black).
    #[inline(always)]
    pub fn piece(&self, color: usize, kind: usize) -> &CompiledPiece<W> {
        &self.compiled[color][kind]
    }

    /// Whether any piece of `color` attacks `target`; `pieces(kind)` gives the cells of that
    /// colour's pieces of each kind (already without pieces that attack nothing), all of
    /// them within `attackers`.
    #[inline(always)]
    pub fn attacked_by(
        &self,
        target: Square,
        color: usize,
        occupied: Bitboard<W>,
        attackers: Bitboard<W>,
        pieces: impl Fn(usize) -> Bitboard<W>,
    ) -> bool {
        self.scan::<false>(target, color, occupied, attackers, pieces)
            .any()
    }

    /// The cells of the pieces of `color` that attack `target`, with `occupied` blocking;
    /// `pieces` and `attackers` as for [`attacked_by`](Self::attacked_by), which tells
    /// whether this set is empty.
    #[inline(always)]
    pub fn attackers(
        &self,
        target: Square,
        color: usize,
        occupied: Bitboard<W>,
        attackers: Bitboard<W>,
        pieces: impl Fn(usize) -> Bitboard<W>,
    ) -> Bitboard<W> {
        self.scan::<true>(target, color, occupied, attackers, pieces)
    }

    /// The attack test behind [`attacked_by`](Self::attacked_by) (`ALL` false: some
    /// non-empty set as soon as one piece is seen to attack, else none) and
    /// [`attackers`](Self::attackers) (`ALL` true: exactly the attacking pieces).
    #[inline(always)]
    fn scan<const ALL: bool>(
        &self,
        target: Square,
        color: usize,
        occupied: Bitboard<W>,
        attackers: Bitboard<W>,
        pieces: impl Fn(usize) -> Bitboard<W>,
    ) -> Bitboard<W> {
        const ORTH: u8 = 0b0101_0101;
        const DIAG: u8 = 0b1010_1010;
        let geo = &self.geo;
        let mut orth = Bitboard::EMPTY;
        let mut diag = Bitboard::EMPTY;
        let mut found = Bitboard::EMPTY;
        for &(kinds, rep) in &self.classes[color] {
            let p = &self.compiled[color][rep];
            let dirs = p.slide_dirs();
            let simple = !p.has_extra_rides() && !p.has_bent();
            // a mere leaper attacks from a few cells: a quick no before its kinds are read
            if dirs == 0 && simple && !p.leaps_attack(target, attackers) {
                continue;
            }
            let mut b = Bitboard::EMPTY;
            let mut m = kinds;
            while m != 0 {
                b |= pieces(m.trailing_zeros() as usize);
                m &= m - 1;
            }
            if b.is_empty() {
                continue;
            }
            // pieces sliding along all or none of the lines of each kind are looked up
            // together at the end
            let grouped = (dirs & ORTH == 0 || dirs & ORTH == ORTH)
                && (dirs & DIAG == 0 || dirs & DIAG == DIAG)
                && simple;
            if grouped {
                found |= p.leap_attackers(target, b);
                if dirs & ORTH != 0 {
                    orth |= b;
                }
                if dirs & DIAG != 0 {
                    diag |= b;
                }
            } else if ALL {
                found |= p.attackers(geo, target, b, occupied);
            } else if p.attacks(geo, target, b, occupied) {
                return b;
            }
            if !ALL && found.any() {
                return found;
            }
        }
        if ALL {
            for (lines, on) in [(ORTH, orth), (DIAG, diag)] {
                if on.any() {
                    found |= geo.slides(target, lines, occupied) & on;
                }
            }
            found
        } else if (orth.any() && geo.slides_hit(target, ORTH, occupied, orth))
            || (diag.any() && geo.slides_hit(target, DIAG, occupied, diag))
        {
            orth | diag
        } else {
            Bitboard::EMPTY
        }
    }
}

fn attack_classes<W: BitWord>(pieces: &[CompiledPiece<W>]) -> Vec<(u32, usize)> {
    let mut classes: Vec<(u32, usize)> = Vec::new();
    for (kind, p) in pieces.iter().enumerate() {
        match classes
            .iter_mut()
            .find(|(_, rep)| pieces[*rep].same_attacks(p))
        {
            Some(class) => class.0 |= 1 << kind,
            None => classes.push((1 << kind, kind)),
        }
    }
    classes
}
