//! Piece definitions compiled against a board: per-cell leap tables and ride lists, and the
//! forward (targets) and reverse (is this cell attacked?) queries over them.

use crate::atom::{Atom, Mode};
use crate::PieceDef;
use citadel_geometry::{BitWord, Bitboard, Dir, Geometry, Square};
use std::sync::Arc;

/// Rides other than unlimited slides (range limits, jumping, or a mode) that share their
/// range, jumping and mode: one direction, or several whose rays never meet, which are
/// then looked up together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ride {
    /// The directions (bit `d as u8` for direction `d`).
    dirs: u8,
    min: u8,
    max: u8,
    jump: bool,
    mode: Mode,
}

/// A [`Ride`] compiled against a board: per cell, the cells at a distance it may stop at
/// (on an empty board), going its way (`ahead`) and the opposite way (`behind`, for the
/// reverse attack test). A blockable ride reaches `slides & ahead`: its directions' rays
/// from a cell are disjoint, so a cell of one ray's span is never reached along another.
#[derive(Clone, Debug)]
struct RideTable<W: BitWord> {
    ride: Ride,
    ahead: Arc<[Bitboard<W>]>,
    behind: Arc<[Bitboard<W>]>,
}

impl<W: BitWord> RideTable<W> {
    fn new(geo: &Geometry<W>, ride: Ride) -> Self {
        let span = |dirs: u8| -> Arc<[Bitboard<W>]> {
            geo.all()
                .iter()
                .map(|from| {
                    dir_list(dirs)
                        .flat_map(|dir| {
                            geo.ray(from, dir)
                                .iter()
                                .enumerate()
                                .filter(|&(i, _)| {
                                    i + 1 >= ride.min as usize && i < ride.max as usize
                                })
                                .map(|(_, &c)| c)
                        })
                        .collect()
                })
                .collect()
        };
        RideTable {
            ride,
            ahead: span(ride.dirs),
            behind: span(ride.dirs.rotate_left(4)),
        }
    }

    /// Whether the rides of `dirs` may be looked up together: no two of their rays from
    /// one cell share a cell (a ring's east and west rays do).
    fn disjoint(geo: &Geometry<W>, dirs: u8) -> bool {
        geo.all().iter().all(|from| {
            let mut seen = Bitboard::EMPTY;
            dir_list(dirs).all(|d| {
                let m = geo.ray_mask(from, d);
                let ok = (seen & m).is_empty();
                seen |= m;
                ok
            })
        })
    }

    /// The cells the ride reaches from `from`, with `occupied` blocking unless it jumps.
    #[inline(always)]
    fn reach(&self, geo: &Geometry<W>, from: Square, occupied: Bitboard<W>) -> Bitboard<W> {
        let span = self.ahead[from.index()];
        if self.ride.jump {
            span
        } else {
            geo.slides(from, self.ride.dirs, occupied) & span
        }
    }

    /// The cells from which the ride reaches `target`.
    #[inline(always)]
    fn sources(&self, geo: &Geometry<W>, target: Square, occupied: Bitboard<W>) -> Bitboard<W> {
        let span = self.behind[target.index()];
        if self.ride.jump {
            span
        } else {
            geo.slides(target, self.ride.dirs.rotate_left(4), occupied) & span
        }
    }
}

/// The directions of a direction mask (bit `d as u8` for direction `d`).
fn dir_list(dirs: u8) -> impl Iterator<Item = Dir> {
    Dir::ALL
        .into_iter()
        .filter(move |&d| dirs >> d as u8 & 1 != 0)
}

/// A bent ride compiled against a board: per cell, the corner cells one diagonal step away;
/// per cell and straight direction, the cells at least `min` steps away that way (where a
/// bent rider turning on that cell may stop).
#[derive(Clone, Debug)]
struct BentTable<W: BitWord> {
    min: u8,
    mode: Mode,
    /// Per cell: its neighbour along each of [`Dir::DIAGONAL`], if any.
    corners: Arc<[[Option<Square>; 4]]>,
    /// Per cell: the far cells along each of [`Dir::ORTHOGONAL`].
    far: Arc<[[Bitboard<W>; 4]]>,
    /// Per cell: the cells a bent rider may reach it from on an empty board.
    from: Arc<[Bitboard<W>]>,
}

/// The two outward directions of a leg through a corner reached along `Dir::DIAGONAL[i]`,
/// as indices into [`Dir::ORTHOGONAL`].
const OUTWARD: [[usize; 2]; 4] = {
    let mut t = [[0; 2]; 4];
    let mut i = 0;
    while i < 4 {
        let d = Dir::DIAGONAL[i] as usize;
        // a diagonal's orthogonal components are the directions on either side of it
        t[i] = [((d + 7) % 8) / 2, ((d + 1) % 8) / 2];
        i += 1;
    }
    t
};

impl<W: BitWord> BentTable<W> {
    fn new(geo: &Geometry<W>, min: u8, mode: Mode) -> Self {
        let n = geo.len();
        let mut corners = vec![[None; 4]; n];
        let mut far = vec![[Bitboard::EMPTY; 4]; n];
        let mut from = vec![Bitboard::EMPTY; n];
        for sq in geo.all() {
            for (j, u) in Dir::ORTHOGONAL.into_iter().enumerate() {
                far[sq.index()][j] = geo
                    .ray(sq, u)
                    .iter()
                    .skip(min as usize - 1)
                    .copied()
                    .collect();
            }
        }
        for sq in geo.all() {
            for (i, d) in Dir::DIAGONAL.into_iter().enumerate() {
                let Some(corner) = geo.neighbour(sq, d) else {
                    continue;
                };
                debug_assert!(components(d)
                    .iter()
                    .all(|&u| OUTWARD[i].contains(&(u as usize / 2))));
                corners[sq.index()][i] = Some(corner);
                for j in OUTWARD[i] {
                    for c in far[corner.index()][j] {
                        from[c.index()].insert(sq);
                    }
                }
            }
        }
        BentTable {
            min,
            mode,
            corners: corners.into(),
            far: far.into(),
            from: from.into(),
        }
    }

    /// The cells a bent rider on `from` reaches, with `occupied` blocking.
    #[inline(always)]
    fn reach(&self, geo: &Geometry<W>, from: Square, occupied: Bitboard<W>) -> Bitboard<W> {
        let mut out = Bitboard::EMPTY;
        for (i, corner) in self.corners[from.index()].into_iter().enumerate() {
            let Some(corner) = corner.filter(|&c| !occupied.contains(c)) else {
                continue;
            };
            let far = &self.far[corner.index()];
            for j in OUTWARD[i] {
                out |= geo.slide(corner, Dir::ORTHOGONAL[j], occupied) & far[j];
            }
        }
        out
    }
}

/// One piece kind of one colour, compiled against a board (with sets of cells over the
/// board's word `W`). Its tables are shared by its clones, so that kinds that move alike cost
/// the cache one copy.
#[derive(Clone, Debug)]
pub struct CompiledPiece<W: BitWord = u128> {
    /// Per cell: the cells its leaps may move to without capturing.
    quiet: Arc<[Bitboard<W>]>,
    /// Per cell: the cells its leaps may capture on (the `quiet` table itself when they are
    /// the same, as for most pieces).
    capture: Arc<[Bitboard<W>]>,
    first: Arc<[Bitboard<W>]>,
    capture_from: Arc<[Bitboard<W>]>,
    slide_dirs: u8,
    /// See [`line_dirs`](Self::line_dirs).
    line_dirs: u8,
    rides: Arc<[RideTable<W>]>,
    bent: Arc<[BentTable<W>]>,
    /// Per cell: the cells from which a capturing ride or bent ride may reach it on an
    /// empty board (a quick no for most attack tests).
    extra_from: Arc<[Bitboard<W>]>,
}

/// A [`CompiledPiece`] under construction.
struct Draft<W: BitWord> {
    quiet: Vec<Bitboard<W>>,
    capture: Vec<Bitboard<W>>,
    first: Vec<Bitboard<W>>,
    capture_from: Vec<Bitboard<W>>,
    slide_dirs: u8,
    rides: Vec<RideTable<W>>,
    bent: Vec<BentTable<W>>,
    extra_from: Vec<Bitboard<W>>,
}

fn mirror(dir: Dir) -> Dir {
    let (dx, dy) = dir.delta();
    Dir::from_delta(dx, -dy).expect("a mirrored king step is a king step")
}

impl<W: BitWord> CompiledPiece<W> {
    /// Compiles `def` for one colour (`black` mirrors oriented pieces).
    pub fn new(geo: &Geometry<W>, def: &PieceDef, black: bool) -> Self {
        let n = geo.len();
        let flip = black && def.oriented;
        let mut rides = Vec::new();
        let mut p = Draft {
            quiet: vec![Bitboard::EMPTY; n],
            capture: vec![Bitboard::EMPTY; n],
            first: vec![Bitboard::EMPTY; n],
            capture_from: vec![Bitboard::EMPTY; n],
            slide_dirs: 0,
            rides: Vec::new(),
            bent: Vec::new(),
            extra_from: vec![Bitboard::EMPTY; n],
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
                        rides.push(Ride {
                            dirs: 1 << dir as u8,
                            min,
                            max,
                            jump,
                            mode,
                        });
                    }
                }
                Atom::Bent { min } => p.bent.push(BentTable::new(geo, min, mode)),
            }
        }
        // rides alike but for their direction are looked up together where they may be
        let mut groups: Vec<Ride> = Vec::new();
        for r in rides {
            let alike = |g: &&mut Ride| {
                (g.min, g.max, g.jump, g.mode) == (r.min, r.max, r.jump, r.mode)
                    && (r.jump || RideTable::disjoint(geo, g.dirs | r.dirs))
            };
            match groups.iter_mut().find(alike) {
                Some(g) => g.dirs |= r.dirs,
                None => groups.push(r),
            }
        }
        p.rides = groups.into_iter().map(|r| RideTable::new(geo, r)).collect();
        for from in geo.all() {
            for to in p.capture[from.index()] {
                p.capture_from[to.index()].insert(from);
            }
        }
        for target in geo.all() {
            let i = target.index();
            for r in p.rides.iter().filter(|r| r.ride.mode.captures()) {
                p.extra_from[i] |= r.behind[i];
            }
            for b in p.bent.iter().filter(|b| b.mode.captures()) {
                p.extra_from[i] |= b.from[i];
            }
        }
        let line_dirs = p
            .rides
            .iter()
            .filter(|r| !r.ride.jump && r.ride.mode.captures())
            .fold(p.slide_dirs, |m, r| m | r.ride.dirs);
        let quiet: Arc<[Bitboard<W>]> = p.quiet.into();
        CompiledPiece {
            line_dirs,
            capture: if *p.capture == *quiet {
                quiet.clone()
            } else {
                p.capture.into()
            },
            quiet,
            first: p.first.into(),
            capture_from: p.capture_from.into(),
            slide_dirs: p.slide_dirs,
            rides: p.rides.into(),
            bent: p.bent.into(),
            extra_from: p.extra_from.into(),
        }
    }

    /// Makes this piece use the tables of `others` that hold the same cells as its own (often
    /// the empty table), so that equal tables cost the cache one copy.
    pub(crate) fn share_tables<'a>(&mut self, others: impl Iterator<Item = &'a CompiledPiece<W>>) {
        for o in others {
            for t in [
                &o.quiet,
                &o.capture,
                &o.first,
                &o.capture_from,
                &o.extra_from,
            ] {
                for mine in [
                    &mut self.quiet,
                    &mut self.capture,
                    &mut self.first,
                    &mut self.capture_from,
                    &mut self.extra_from,
                ] {
                    if *mine == *t {
                        *mine = t.clone();
                    }
                }
            }
        }
    }

    /// Cells a piece on `from` may move to without capturing (only empty ones), and cells it
    /// attacks (where it would capture an enemy piece), with `occupied` blocking.
    #[inline(always)]
    pub fn targets(
        &self,
        geo: &Geometry<W>,
        from: Square,
        occupied: Bitboard<W>,
    ) -> (Bitboard<W>, Bitboard<W>) {
        let i = from.index();
        let mut quiet = self.quiet[i];
        let mut attacks = self.capture[i];
        if self.slide_dirs != 0 {
            let s = geo.slides(from, self.slide_dirs, occupied);
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
        geo: &Geometry<W>,
        from: Square,
        occupied: Bitboard<W>,
        quiet: &mut Bitboard<W>,
        attacks: &mut Bitboard<W>,
    ) {
        for r in self.rides.iter() {
            let mode = r.ride.mode;
            if mode == Mode::First {
                continue;
            }
            let reach = r.reach(geo, from, occupied);
            if mode.moves() {
                *quiet |= reach;
            }
            if mode.captures() {
                *attacks |= reach;
            }
        }
        for b in self.bent.iter() {
            let reach = b.reach(geo, from, occupied);
            if b.mode.moves() {
                *quiet |= reach;
            }
            if b.mode.captures() {
                *attacks |= reach;
            }
        }
    }

    /// Empty cells a piece on `from` may reach with its first-move atoms.
    #[inline(always)]
    pub fn first_targets(
        &self,
        geo: &Geometry<W>,
        from: Square,
        occupied: Bitboard<W>,
    ) -> Bitboard<W> {
        let mut t = self.first[from.index()];
        for r in self.rides.iter() {
            if r.ride.mode == Mode::First {
                t |= r.reach(geo, from, occupied);
            }
        }
        t & !occupied
    }

    /// Whether this piece has first-move atoms.
    pub fn has_first_moves(&self) -> bool {
        self.first.iter().any(|b| b.any()) || self.rides.iter().any(|r| r.ride.mode == Mode::First)
    }

    /// Whether `other` attacks exactly the same cells as this piece from every cell, with
    /// any occupancy (Tamerlane's eleven pawns; its king, prince and adventitious king).
    pub fn same_attacks(&self, other: &CompiledPiece<W>) -> bool {
        let capturing = |p: &CompiledPiece<W>| {
            (
                p.rides
                    .iter()
                    .filter(|r| r.ride.mode.captures())
                    .map(|r| r.ride)
                    .collect::<Vec<_>>(),
                p.bent
                    .iter()
                    .filter(|b| b.mode.captures())
                    .map(|b| b.min)
                    .collect::<Vec<_>>(),
            )
        };
        self.slide_dirs == other.slide_dirs
            && self.capture_from == other.capture_from
            && capturing(self) == capturing(other)
    }

    /// Whether a piece of this kind on some cell of `pieces` attacks `target` by a leap.
    #[inline(always)]
    pub fn leaps_attack(&self, target: Square, pieces: Bitboard<W>) -> bool {
        self.leap_attackers(target, pieces).any()
    }

    /// The cells of `pieces` from which a piece of this kind attacks `target` by a leap.
    #[inline(always)]
    pub fn leap_attackers(&self, target: Square, pieces: Bitboard<W>) -> Bitboard<W> {
        self.capture_from[target.index()] & pieces
    }

    /// Whether a piece of this kind on some cell of `pieces` attacks `target`.
    #[inline(always)]
    pub fn attacks(
        &self,
        geo: &Geometry<W>,
        target: Square,
        pieces: Bitboard<W>,
        occupied: Bitboard<W>,
    ) -> bool {
        self.scan::<false>(geo, target, pieces, occupied).any()
    }

    /// The cells of `pieces` from which a piece of this kind attacks `target`: the set whose
    /// emptiness [`attacks`](Self::attacks) tells.
    #[inline(always)]
    pub fn attackers(
        &self,
        geo: &Geometry<W>,
        target: Square,
        pieces: Bitboard<W>,
        occupied: Bitboard<W>,
    ) -> Bitboard<W> {
        self.scan::<true>(geo, target, pieces, occupied)
    }

    /// The attack test behind [`attacks`](Self::attacks) (`ALL` false: some non-empty set as
    /// soon as one piece is seen to attack, else none) and [`attackers`](Self::attackers)
    /// (`ALL` true: exactly the attacking pieces).
    #[inline(always)]
    fn scan<const ALL: bool>(
        &self,
        geo: &Geometry<W>,
        target: Square,
        pieces: Bitboard<W>,
        occupied: Bitboard<W>,
    ) -> Bitboard<W> {
        let mut found = self.leap_attackers(target, pieces);
        if !ALL && found.any() {
            return found;
        }
        // a slide reaching `target` is the opposite slide taken from it
        if self.slide_dirs != 0 {
            let back = self.slide_dirs.rotate_left(4);
            if ALL {
                found |= geo.slides(target, back, occupied) & pieces;
            } else if geo.slides_hit(target, back, occupied, pieces) {
                return pieces;
            }
        }
        if (self.extra_from[target.index()] & pieces).any() {
            found |= self.extra_scan::<ALL>(geo, target, pieces, occupied);
        }
        found
    }

    /// [`scan`](Self::scan) for the rides other than unlimited slides and the bent rides.
    #[inline(never)]
    fn extra_scan<const ALL: bool>(
        &self,
        geo: &Geometry<W>,
        target: Square,
        pieces: Bitboard<W>,
        occupied: Bitboard<W>,
    ) -> Bitboard<W> {
        let mut found = Bitboard::EMPTY;
        for r in self.rides.iter() {
            // a ride reaching `target` is the same ride taken backwards from it
            if r.ride.mode.captures() {
                found |= r.sources(geo, target, occupied) & pieces;
                if !ALL && found.any() {
                    return found;
                }
            }
        }
        for b in self.bent.iter() {
            if b.mode.captures() {
                for src in b.from[target.index()] & pieces & !found {
                    if b.reach(geo, src, occupied).contains(target) {
                        found.insert(src);
                        if !ALL {
                            return found;
                        }
                    }
                }
            }
        }
        found
    }

    /// The cells between `from` and `target` on the ways this piece on `from` attacks
    /// `target` (with `occupied` blocking): the cells where a piece put would stand in the
    /// way of such an attack. None for a leap or a jumping ride; for a straight ride, the
    /// cells between on its line; for a bent ride, its corner and the straight cells after.
    pub fn attack_paths(
        &self,
        geo: &Geometry<W>,
        from: Square,
        target: Square,
        occupied: Bitboard<W>,
    ) -> Bitboard<W> {
        // the (empty) cells before `target` on `ray`, if it lies there at a distance in
        // `min..=max` with nothing in between
        let leg = |ray: &[Square], min: u8, max: u8| -> Option<Bitboard<W>> {
            let mut path = Bitboard::EMPTY;
            for (i, &c) in ray.iter().take(max as usize).enumerate() {
                if c == target {
                    return (i + 1 >= min as usize).then_some(path);
                }
                if occupied.contains(c) {
                    return None;
                }
                path.insert(c);
            }
            None
        };
        let mut out = Bitboard::EMPTY;
        let lines = std::iter::once((self.slide_dirs, 1, crate::UNLIMITED)).chain(
            self.rides
                .iter()
                .filter(|r| !r.ride.jump && r.ride.mode.captures())
                .map(|r| (r.ride.dirs, r.ride.min, r.ride.max)),
        );
        for (dirs, min, max) in lines {
            for d in dir_list(dirs) {
                if geo.ray_mask(from, d).contains(target) {
                    out |= leg(geo.ray(from, d), min, max).unwrap_or(Bitboard::EMPTY);
                }
            }
        }
        for b in self.bent.iter().filter(|b| b.mode.captures()) {
            for (i, corner) in b.corners[from.index()].into_iter().enumerate() {
                let Some(corner) = corner.filter(|&c| !occupied.contains(c)) else {
                    continue;
                };
                for j in OUTWARD[i] {
                    let d = Dir::ORTHOGONAL[j];
                    if geo.ray_mask(corner, d).contains(target) {
                        if let Some(path) = leg(geo.ray(corner, d), b.min, crate::UNLIMITED) {
                            out |= path | Bitboard::from_square(corner);
                        }
                    }
                }
            }
        }
        out
    }

    /// Bit mask of the directions along which the piece captures by a blockable ride
    /// (unlimited slides and limited non-jumping rides): a piece between it and a royal on
    /// such a line may be pinned.
    #[inline(always)]
    pub fn line_dirs(&self) -> u8 {
        self.line_dirs
    }

    /// The least straight distance of the piece's capturing bent ride, if it has one.
    pub fn bent_min(&self) -> Option<u8> {
        self.bent.iter().find(|b| b.mode.captures()).map(|b| b.min)
    }

    /// The cells from which this piece's capturing bent ride could reach `target` on an
    /// empty board (none if it has no bent ride).
    #[inline(always)]
    pub fn bent_from(&self, target: Square) -> Bitboard<W> {
        self.bent
            .iter()
            .filter(|b| b.mode.captures())
            .fold(Bitboard::EMPTY, |m, b| m | b.from[target.index()])
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

/// The orthogonal components of a diagonal direction.
fn components(d: Dir) -> [Dir; 2] {
    let (dx, dy) = d.delta();
    [
        Dir::from_delta(dx, 0).expect("orthogonal step"),
        Dir::from_delta(0, dy).expect("orthogonal step"),
    ]
}

/// Calls `f(source, path)` for every cell from which a bent rider reaches `target` through
/// empty cells, where `path` holds the cells in between; stops at the first `true`.
/// With `occupied` empty it lists every geometric source; pin detection passes the real
/// occupancy minus candidate blockers.
pub fn bent_sources<W: BitWord>(
    geo: &Geometry<W>,
    target: Square,
    min: u8,
    occupied: Bitboard<W>,
    mut f: impl FnMut(Square, Bitboard<W>) -> bool,
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
                // the diagonal step taken was one of the two next to `u`; its source lies
                // one step behind the corner
                for diag in [u as usize + 1, u as usize + 7] {
                    if let Some(src) = geo.neighbour(c, Dir::ALL[diag % 8].opposite()) {
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
