//! Piece definitions compiled against a board: per-cell leap tables and ride lists, and the
//! forward (targets) and reverse (is this cell attacked?) queries over them.

use crate::atom::{Atom, Mode};
use crate::PieceDef;
use citadel_geometry::{Bitboard, Dir, Geometry, Square};

/// A ride other than an unlimited slide (range limits, jumping, or a mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ride {
    dir: Dir,
    min: u8,
    max: u8,
    jump: bool,
    mode: Mode,
}

/// One piece kind of one colour, compiled against a board.
#[derive(Clone, Debug)]
pub struct CompiledPiece {
    quiet: Vec<Bitboard>,
    capture: Vec<Bitboard>,
    first: Vec<Bitboard>,
    capture_from: Vec<Bitboard>,
    slide_dirs: u8,
    rides: Vec<Ride>,
    bent: Vec<(u8, Mode)>,
}

fn mirror(dir: Dir) -> Dir {
    let (dx, dy) = dir.delta();
    Dir::from_delta(dx, -dy).expect("a mirrored king step is a king step")
}

impl CompiledPiece {
    /// Compiles `def` for one colour (`black` mirrors oriented pieces).
    pub fn new(geo: &Geometry, def: &PieceDef, black: bool) -> Self {
        let n = geo.len();
        let flip = black && def.oriented;
        let mut p = CompiledPiece {
            quiet: vec![Bitboard::EMPTY; n],
            capture: vec![Bitboard::EMPTY; n],
            first: vec![Bitboard::EMPTY; n],
            capture_from: vec![Bitboard::EMPTY; n],
            slide_dirs: 0,
            rides: Vec::new(),
            bent: Vec::new(),
        };
        for &(atom, mode) in &def.atoms {
            match atom {
                Atom::Leap { dx, dy } => {
                    let dy = if flip { -dy } else { dy };
                    for from in geo.all() {
                        if let Some(to) = geo.step(from, dx, dy) {
                            let i = from.index();
                            match mode {
                                Mode::Any => {
                                    p.quiet[i].insert(to);
                                    p.capture[i].insert(to);
                                }
                                Mode::Move => p.quiet[i].insert(to),
                                Mode::Capture => p.capture[i].insert(to),
                                Mode::First => p.first[i].insert(to),
                            }
                        }
                    }
                }
                Atom::Ride {
                    dir,
                    min,
                    max,
                    jump,
                } => {
                    let dir = if flip { mirror(dir) } else { dir };
                    if min == 1 && max == crate::UNLIMITED && !jump && mode == Mode::Any {
                        p.slide_dirs |= 1 << dir as u8;
                    } else {
                        p.rides.push(Ride {
                            dir,
                            min,
                            max,
                            jump,
                            mode,
                        });
                    }
                }
                Atom::Bent { min } => p.bent.push((min, mode)),
            }
        }
        for from in geo.all() {
            for to in p.capture[from.index()] {
                p.capture_from[to.index()].insert(from);
            }
        }
        p
    }

    /// Cells a piece on `from` may move to without capturing (only empty ones), and cells it
    /// attacks (where it would capture an enemy piece), with `occupied` blocking.
    #[inline(always)]
    pub fn targets(
        &self,
        geo: &Geometry,
        from: Square,
        occupied: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let i = from.index();
        let mut quiet = self.quiet[i];
        let mut attacks = self.capture[i];
        if self.slide_dirs != 0 {
            let mut s = Bitboard::EMPTY;
            let mut dirs = self.slide_dirs;
            while dirs != 0 {
                let d = Dir::ALL[dirs.trailing_zeros() as usize];
                dirs &= dirs - 1;
                s |= geo.slide(from, d, occupied);
            }
            quiet |= s;
            attacks |= s;
        }
        if !self.rides.is_empty() || !self.bent.is_empty() {
            self.extra_targets(geo, from, occupied, &mut quiet, &mut attacks);
        }
        (quiet & !occupied, attacks)
    }

    #[inline(never)]
    fn extra_targets(
        &self,
        geo: &Geometry,
        from: Square,
        occupied: Bitboard,
        quiet: &mut Bitboard,
        attacks: &mut Bitboard,
    ) {
        for r in &self.rides {
            if r.mode == Mode::First {
                continue;
            }
            let reach = ride_reach(geo, from, r, occupied);
            if r.mode.moves() {
                *quiet |= reach;
            }
            if r.mode.captures() {
                *attacks |= reach;
            }
        }
        for &(min, mode) in &self.bent {
            let reach = bent_reach(geo, from, min, occupied);
            if mode.moves() {
                *quiet |= reach;
            }
            if mode.captures() {
                *attacks |= reach;
            }
        }
    }

    /// Empty cells a piece on `from` may reach with its first-move atoms.
    #[inline(always)]
    pub fn first_targets(&self, geo: &Geometry, from: Square, occupied: Bitboard) -> Bitboard {
        let mut t = self.first[from.index()];
        for r in &self.rides {
            if r.mode == Mode::First {
                t |= ride_reach(geo, from, r, occupied);
            }
        }
        t & !occupied
    }

    /// Whether this piece has first-move atoms.
    pub fn has_first_moves(&self) -> bool {
        self.first.iter().any(|b| b.any()) || self.rides.iter().any(|r| r.mode == Mode::First)
    }

    /// Whether `other` attacks exactly the same cells as this piece from every cell, with
    /// any occupancy (Tamerlane's eleven pawns; its king, prince and adventitious king).
    pub fn same_attacks(&self, other: &CompiledPiece) -> bool {
        let capturing = |p: &CompiledPiece| {
            (
                p.rides
                    .iter()
                    .filter(|r| r.mode.captures())
                    .copied()
                    .collect::<Vec<_>>(),
                p.bent
                    .iter()
                    .filter(|(_, m)| m.captures())
                    .map(|&(min, _)| min)
                    .collect::<Vec<_>>(),
            )
        };
        self.slide_dirs == other.slide_dirs
            && self.capture_from == other.capture_from
            && capturing(self) == capturing(other)
    }

    /// Whether a piece of this kind on some cell of `pieces` attacks `target` by a leap.
    #[inline(always)]
    pub fn leaps_attack(&self, target: Square, pieces: Bitboard) -> bool {
        (self.capture_from[target.index()] & pieces).any()
    }

    /// Whether a piece of this kind on some cell of `pieces` attacks `target`.
    #[inline(always)]
    pub fn attacks(
        &self,
        geo: &Geometry,
        target: Square,
        pieces: Bitboard,
        occupied: Bitboard,
    ) -> bool {
        if self.leaps_attack(target, pieces) {
            return true;
        }
        let mut dirs = self.slide_dirs;
        while dirs != 0 {
            let d = Dir::ALL[dirs.trailing_zeros() as usize];
            dirs &= dirs - 1;
            let back = d.opposite();
            if (geo.ray_mask(target, back) & pieces).any() {
                if let Some(b) = geo.first_on_ray(target, back, occupied) {
                    if pieces.contains(b) {
                        return true;
                    }
                }
            }
        }
        if !self.rides.is_empty() || !self.bent.is_empty() {
            return self.extra_attacks(geo, target, pieces, occupied);
        }
        false
    }

    #[inline(never)]
    fn extra_attacks(
        &self,
        geo: &Geometry,
        target: Square,
        pieces: Bitboard,
        occupied: Bitboard,
    ) -> bool {
        for r in &self.rides {
            // a ride reaching `target` is the same ride taken backwards from it
            let back = Ride {
                dir: r.dir.opposite(),
                ..*r
            };
            if r.mode.captures() && (ride_reach(geo, target, &back, occupied) & pieces).any() {
                return true;
            }
        }
        for &(min, mode) in &self.bent {
            if mode.captures() && bent_attacks(geo, target, min, pieces, occupied) {
                return true;
            }
        }
        false
    }

    /// Bit mask of the directions along which the piece captures by a blockable ride
    /// (unlimited slides and limited non-jumping rides): a piece between it and a royal on
    /// such a line may be pinned.
    pub fn line_dirs(&self) -> u8 {
        let mut m = self.slide_dirs;
        for r in &self.rides {
            if !r.jump && r.mode.captures() {
                m |= 1 << r.dir as u8;
            }
        }
        m
    }

    /// The least straight distance of the piece's capturing bent ride, if it has one.
    pub fn bent_min(&self) -> Option<u8> {
        self.bent
            .iter()
            .find(|(_, m)| m.captures())
            .map(|&(min, _)| min)
    }

    /// Whether the piece has any ride or bent ride beyond unlimited slides.
    pub fn has_extra_rides(&self) -> bool {
        !self.rides.is_empty()
    }

    /// Whether the piece has a bent ride.
    pub fn has_bent(&self) -> bool {
        !self.bent.is_empty()
    }

    /// Bit mask of the directions of its unlimited slides (bit `d as u8`).
    pub fn slide_dirs(&self) -> u8 {
        self.slide_dirs
    }
}

fn ride_reach(geo: &Geometry, from: Square, r: &Ride, occupied: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for (i, &c) in geo.ray(from, r.dir).iter().enumerate() {
        let dist = i + 1;
        if dist > r.max as usize {
            break;
        }
        if dist >= r.min as usize {
            out.insert(c);
        }
        if occupied.contains(c) && !r.jump {
            break;
        }
    }
    out
}

/// The orthogonal components of a diagonal direction.
fn components(d: Dir) -> [Dir; 2] {
    let (dx, dy) = d.delta();
    [
        Dir::from_delta(dx, 0).expect("orthogonal step"),
        Dir::from_delta(0, dy).expect("orthogonal step"),
    ]
}

fn bent_reach(geo: &Geometry, from: Square, min: u8, occupied: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for d in Dir::DIAGONAL {
        let (dx, dy) = d.delta();
        let Some(corner) = geo.step(from, dx, dy) else {
            continue;
        };
        if occupied.contains(corner) {
            continue;
        }
        for u in components(d) {
            for (i, &c) in geo.ray(corner, u).iter().enumerate() {
                if i + 1 >= min as usize {
                    out.insert(c);
                }
                if occupied.contains(c) {
                    break;
                }
            }
        }
    }
    out
}

/// Whether a bent rider on a cell of `pieces` reaches `target`: walk back from the target
/// along each orthogonal line over empty cells; from the `min`-th cell on, that cell may be
/// the corner, with the rider one diagonal step behind it.
fn bent_attacks(
    geo: &Geometry,
    target: Square,
    min: u8,
    pieces: Bitboard,
    occupied: Bitboard,
) -> bool {
    bent_sources(geo, target, min, occupied, |src, _| pieces.contains(src))
}

/// Calls `f(source, path)` for every cell from which a bent rider reaches `target` through
/// empty cells, where `path` holds the cells in between; stops at the first `true`.
/// With `occupied` empty it lists every geometric source; pin detection passes the real
/// occupancy minus candidate blockers.
pub fn bent_sources(
    geo: &Geometry,
    target: Square,
    min: u8,
    occupied: Bitboard,
    mut f: impl FnMut(Square, Bitboard) -> bool,
) -> bool {
    for u in Dir::ORTHOGONAL {
        let back = u.opposite();
        let mut path = Bitboard::EMPTY;
        for (i, &c) in geo.ray(target, back).iter().enumerate() {
            if occupied.contains(c) {
                break;
            }
            path.insert(c);
            if i + 1 >= min as usize {
                let (ux, uy) = u.delta();
                for (px, py) in [(uy, ux), (-uy, -ux)] {
                    // the diagonal step taken was u + p; its source lies one step behind
                    if let Some(src) = geo.step(c, -(ux + px), -(uy + py)) {
                        if f(src, path) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}
