//! The board model: existing cells, names, colours, topology, steps and rays.

use crate::magic::{MagicTable, MAX_BITS};
use crate::{BitWord, Bitboard, Coord, Dir, Square};

/// What is known about one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareInfo {
    /// Frame coordinate (may lie outside the frame for detached cells).
    pub coord: Coord,
    /// Algebraic name, e.g. `"f6"` or `"x1"`.
    pub name: String,
    /// Whether the cell is dark (a1 is dark).
    pub dark: bool,
}

/// A precomputed ray: the cells met going one way from a square, nearest first, up to the
/// edge, a hole, or (on a ring) just before returning to the start.
#[derive(Clone, Copy, Debug, Default)]
struct RaySpan<W: BitWord> {
    mask: Bitboard<W>,
    start: u32,
    len: u8,
}

/// A board: a set of cells with coordinates, names, colours and a topology.
///
/// All the boards of the project are built by the constructors in [`boards`](crate::boards);
/// [`GeometryBuilder`] builds others.
///
/// ```
/// use citadel_geometry::{boards, Dir};
/// use citadel_geometry::Geometry;
/// let g: Geometry = boards::persian();
/// assert_eq!(g.len(), 85);
/// let b2 = g.parse_square("b2").unwrap();
/// assert_eq!(g.step(b2, -1, -1), g.parse_square("a1"));
/// assert_eq!(g.step(b2, -1, 0), None); // a2 does not exist
/// assert_eq!(g.ray(b2, Dir::North).len(), 8);
/// ```
#[derive(Clone, Debug)]
pub struct Geometry<W: BitWord = u128> {
    name: &'static str,
    files: u8,
    ranks: u8,
    wrap_files: bool,
    squares: Vec<SquareInfo>,
    frame: Vec<Option<Square>>,
    detached: Bitboard<W>,
    links: Vec<Bitboard<W>>,
    all: Bitboard<W>,
    rays: Vec<[RaySpan<W>; 8]>,
    ray_cells: Vec<Square>,
    /// Per cell and direction: the first cell of the ray, if any (one load for
    /// [`neighbour`](Geometry::neighbour)).
    neighbours: Vec<[Option<Square>; 8]>,
    lines: Vec<[Line<W>; 4]>,
    /// Axes (bit `a` for directions `a` and `a + 4`) whose lines obey the index order that
    /// [`Line::attacks`] needs: all but the files' axis on a ring.
    ordered_axes: u8,
    /// Slider attacks of the line sets that fit a table, by lookup.
    magic: MagicTable<W>,
    /// Per direction mask: the line sets of `magic` it covers (bit `i` for set `i`), and
    /// the directions left for the slides without table.
    plans: [(u8, u8); 256],
}

/// The four orthogonal directions as a direction mask.
const ORTH: u8 = 0b0101_0101;
/// The four diagonal directions as a direction mask.
const DIAG: u8 = 0b1010_1010;

/// The two opposite rays through a square along one axis: `lower` holds the ray whose cells
/// have smaller indices than the square (nearest = highest index), `upper` the other one.
#[derive(Clone, Copy, Debug, Default)]
struct Line<W: BitWord> {
    lower: Bitboard<W>,
    upper: Bitboard<W>,
}

impl<W: BitWord> Line<W> {
    /// The cells a rider along the whole line reaches, blockers included, by obstruction
    /// difference: the nearest blocker below is the highest set bit of `lower & occupied`,
    /// the nearest above the lowest set bit of `upper & occupied`; the cells between them are
    /// one subtraction away. Needs every `lower` cell below the square and every `upper`
    /// cell above it in index order, nearer cells nearer in index.
    #[inline(always)]
    fn attacks(self, occupied: Bitboard<W>) -> Bitboard<W> {
        let lower = (self.lower & occupied).0;
        let upper = (self.upper & occupied).0;
        let below = W::MAX << (W::BITS - 1 - (lower | W::ONE).leading_zeros());
        let above = upper & upper.wrapping_neg();
        Bitboard((above << 1).wrapping_add(below)) & (self.lower | self.upper)
    }
}

/// Builds a [`Geometry`] from a frame, an existence predicate and optional detached cells.
#[derive(Debug)]
pub struct GeometryBuilder {
    name: &'static str,
    files: u8,
    ranks: u8,
    wrap_files: bool,
    exists: Vec<bool>,
    detached: Vec<(String, Coord, Vec<Coord>)>,
}

impl GeometryBuilder {
    /// A frame of `files` x `ranks` cells, all existing.
    pub fn new(name: &'static str, files: u8, ranks: u8) -> Self {
        GeometryBuilder {
            name,
            files,
            ranks,
            wrap_files: false,
            exists: vec![true; files as usize * ranks as usize],
            detached: Vec::new(),
        }
    }

    /// Keeps only the frame cells for which `f(file, rank)` (0-based) holds.
    pub fn keep(mut self, f: impl Fn(u8, u8) -> bool) -> Self {
        for r in 0..self.ranks {
            for c in 0..self.files {
                let i = r as usize * self.files as usize + c as usize;
                self.exists[i] = self.exists[i] && f(c, r);
            }
        }
        self
    }

    /// Makes files wrap around (the last file is next to the first), as on a ring board.
    pub fn wrap_files(mut self) -> Self {
        self.wrap_files = true;
        self
    }

    /// Adds a cell outside the frame at `coord`, linked only to the listed frame cells.
    /// No step, leap or ray reaches it; games use [`Geometry::links`] to move there.
    pub fn detached(mut self, name: &str, coord: Coord, neighbours: &[Coord]) -> Self {
        self.detached
            .push((name.to_string(), coord, neighbours.to_vec()));
        self
    }

    /// Builds the geometry over the word `W` and precomputes its rays.
    ///
    /// ```
    /// use citadel_geometry::{Geometry, GeometryBuilder};
    /// let g: Geometry<u64> = GeometryBuilder::new("8x8", 8, 8).build();
    /// assert_eq!(g.all().count(), 64);
    /// ```
    ///
    /// # Panics
    /// Panics when the board has more cells than `W` has bits or a detached cell names a
    /// neighbour outside the board; both are programming errors in a board definition.
    pub fn build<W: BitWord>(self) -> Geometry<W> {
        let mut cells: Vec<(Coord, String, bool)> = Vec::new();
        for r in 0..self.ranks {
            for c in 0..self.files {
                if self.exists[r as usize * self.files as usize + c as usize] {
                    let coord = Coord {
                        file: c as i8,
                        rank: r as i8,
                    };
                    cells.push((coord, default_name(coord), false));
                }
            }
        }
        for (name, coord, _) in &self.detached {
            cells.push((*coord, name.clone(), true));
        }
        cells.sort_by_key(|(c, _, _)| (c.rank, c.file));
        assert!(
            cells.len() <= W::BITS as usize,
            "the {} board has {} cells, more than its {}-bit bitboards hold",
            self.name,
            cells.len(),
            W::BITS
        );

        let mut frame = vec![None; self.files as usize * self.ranks as usize];
        let mut squares = Vec::with_capacity(cells.len());
        let mut detached = Bitboard::EMPTY;
        for (i, (coord, name, det)) in cells.iter().enumerate() {
            let sq = Square(i as u8);
            if *det {
                detached.insert(sq);
            } else {
                frame[coord.rank as usize * self.files as usize + coord.file as usize] = Some(sq);
            }
            squares.push(SquareInfo {
                coord: *coord,
                name: name.clone(),
                dark: (coord.file as i32 + coord.rank as i32).rem_euclid(2) == 0,
            });
        }
        let all: Bitboard<W> = (0..squares.len()).map(|i| Square(i as u8)).collect();
        let mut g = Geometry {
            name: self.name,
            files: self.files,
            ranks: self.ranks,
            wrap_files: self.wrap_files,
            squares,
            frame,
            detached,
            links: Vec::new(),
            all,
            rays: Vec::new(),
            ray_cells: Vec::new(),
            neighbours: Vec::new(),
            lines: Vec::new(),
            ordered_axes: 0,
            magic: MagicTable::default(),
            plans: [(0, 0); 256],
        };
        let mut links = vec![Bitboard::EMPTY; g.len()];
        for (name, _, neighbours) in &self.detached {
            let d = g.parse_square(name).expect("detached cell was just added");
            for n in neighbours {
                let n = g.at(*n).expect("a detached cell's neighbour must exist");
                links[d.index()].insert(n);
                links[n.index()].insert(d);
            }
        }
        g.links = links;
        g.compute_rays();
        g.compute_magic();
        g
    }
}

fn default_name(c: Coord) -> String {
    format!("{}{}", (b'a' + c.file as u8) as char, c.rank + 1)
}

impl<W: BitWord> Geometry<W> {
    fn compute_rays(&mut self) {
        let mut rays = Vec::with_capacity(self.len());
        let mut cells = Vec::new();
        for i in 0..self.len() {
            let from = Square(i as u8);
            let mut spans = [RaySpan::default(); 8];
            for d in Dir::ALL {
                let (dx, dy) = d.delta();
                let start = cells.len() as u32;
                let mut mask = Bitboard::EMPTY;
                let mut cur = from;
                while let Some(next) = self.step(cur, dx, dy) {
                    if next == from || mask.contains(next) {
                        break;
                    }
                    mask.insert(next);
                    cells.push(next);
                    cur = next;
                }
                spans[d as usize] = RaySpan {
                    mask,
                    start,
                    len: (cells.len() as u32 - start) as u8,
                };
            }
            rays.push(spans);
        }
        self.rays = rays;
        self.ray_cells = cells;
        self.neighbours = (0..self.len())
            .map(|i| Dir::ALL.map(|d| self.ray(Square(i as u8), d).first().copied()))
            .collect();
        self.lines = (0..self.len())
            .map(|i| {
                std::array::from_fn(|a| {
                    let (d, back) = (Dir::ALL[a], Dir::ALL[a + 4]);
                    let (lo, hi) = if d.increases_index() {
                        (back, d)
                    } else {
                        (d, back)
                    };
                    Line {
                        lower: self.rays[i][lo as usize].mask,
                        upper: self.rays[i][hi as usize].mask,
                    }
                })
            })
            .collect();
        self.ordered_axes = if self.wrap_files {
            0b1111 & !(1 << Dir::East as u8)
        } else {
            0b1111
        };
        debug_assert!(self.lines.iter().enumerate().all(|(i, ls)| {
            let (below, _) = split_at::<W>(Square(i as u8));
            ls.iter().enumerate().all(|(a, l)| {
                self.ordered_axes >> a & 1 == 0
                    || (l.lower & !below).is_empty()
                        && (l.upper & (below | Bitboard::from_square(Square(i as u8)))).is_empty()
            })
        }));
    }

    /// The cells whose occupancy decides where a rider from `sq` along the directions of
    /// `dirs` goes: each ray without its last cell.
    fn relevant(&self, sq: Square, dirs: u8) -> Bitboard<W> {
        let mut m = Bitboard::EMPTY;
        for d in Dir::ALL.into_iter().filter(|&d| dirs >> d as u8 & 1 != 0) {
            if let Some((_, inner)) = self.ray(sq, d).split_last() {
                m |= inner.iter().copied().collect();
            }
        }
        m
    }

    /// Builds the attack tables: the orthogonal and the diagonal directions as one line
    /// set each where every cell's mask fits a table (one lookup for two lines). None on a
    /// `u128` board, where a lookup (two multiplications and a 16-byte slot) was measured
    /// no faster than the obstruction difference of its lines.
    fn compute_magic(&mut self) {
        let fits = |dirs: u8| {
            self.all()
                .iter()
                .all(|sq| self.relevant(sq, dirs).count() <= MAX_BITS)
        };
        // an axis alone (one line) is no faster by table than by obstruction difference
        let sets: Vec<u8> = [ORTH, DIAG]
            .into_iter()
            .filter(|&whole| W::BITS <= 64 && fits(whole))
            .collect();
        let g = &*self;
        let magic = MagicTable::build(
            g.len(),
            sets,
            |i, dirs| g.relevant(Square(i as u8), dirs),
            |i, dirs, occupied| g.slides_by_rays(Square(i as u8), dirs, occupied),
        );
        self.magic = magic;
        self.plans = std::array::from_fn(|dirs| {
            let mut rest = dirs as u8;
            let mut sets = 0;
            for (i, &set) in self.magic.sets().iter().enumerate() {
                if rest & set == set {
                    sets |= 1 << i;
                    rest &= !set;
                }
            }
            (sets, rest)
        });
    }

    /// [`slides`](Self::slides) by walking each ray's slide: the reference the tables are
    /// filled from.
    fn slides_by_rays(&self, sq: Square, dirs: u8, occupied: Bitboard<W>) -> Bitboard<W> {
        Dir::ALL
            .into_iter()
            .filter(|&d| dirs >> d as u8 & 1 != 0)
            .fold(Bitboard::EMPTY, |m, d| m | self.slide(sq, d, occupied))
    }

    /// The board's name, e.g. `"persian"`.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Number of files of the frame.
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks of the frame (rings, on a ring board).
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// Whether files wrap around (ring board).
    pub fn wraps(&self) -> bool {
        self.wrap_files
    }

    /// Number of existing cells.
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// Whether the board has no cells (never true for a built board).
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// All existing cells.
    pub fn all(&self) -> Bitboard<W> {
        self.all
    }

    /// Cells reachable only through [`links`](Self::links) (Tamerlane's citadels).
    pub fn detached(&self) -> Bitboard<W> {
        self.detached
    }

    /// The cells linked to a detached cell, or the detached cells linked to a frame cell.
    pub fn links(&self, sq: Square) -> Bitboard<W> {
        self.links[sq.index()]
    }

    /// Information on one cell.
    pub fn info(&self, sq: Square) -> &SquareInfo {
        &self.squares[sq.index()]
    }

    /// The frame coordinate of a cell.
    #[inline]
    pub fn coord(&self, sq: Square) -> Coord {
        self.squares[sq.index()].coord
    }

    /// The cell's name, e.g. `"k11"`.
    pub fn name_of(&self, sq: Square) -> &str {
        &self.squares[sq.index()].name
    }

    /// The frame cell at `coord`, if it exists (wrapping files on a ring).
    pub fn at(&self, coord: Coord) -> Option<Square> {
        let mut f = coord.file as i32;
        let r = coord.rank as i32;
        if self.wrap_files {
            f = f.rem_euclid(self.files as i32);
        }
        if f < 0 || f >= self.files as i32 || r < 0 || r >= self.ranks as i32 {
            return self
                .squares
                .iter()
                .position(|s| s.coord == coord)
                .filter(|&i| self.detached.contains(Square(i as u8)))
                .map(|i| Square(i as u8));
        }
        self.frame[r as usize * self.files as usize + f as usize]
    }

    /// The frame cell reached by the step (dx, dy) from `sq`: never a detached cell, and never
    /// from one.
    pub fn step(&self, sq: Square, dx: i8, dy: i8) -> Option<Square> {
        if self.detached.contains(sq) {
            return None;
        }
        let c = self.coord(sq);
        let mut f = c.file as i32 + dx as i32;
        let r = c.rank as i32 + dy as i32;
        if self.wrap_files {
            f = f.rem_euclid(self.files as i32);
        }
        if f < 0 || f >= self.files as i32 || r < 0 || r >= self.ranks as i32 {
            return None;
        }
        self.frame[r as usize * self.files as usize + f as usize]
    }

    /// The cells of the ray from `sq` in direction `d`, nearest first.
    #[inline(always)]
    pub fn ray(&self, sq: Square, d: Dir) -> &[Square] {
        let s = &self.rays[sq.index()][d as usize];
        &self.ray_cells[s.start as usize..s.start as usize + s.len as usize]
    }

    /// The ray from `sq` in direction `d` as a set.
    #[inline(always)]
    pub fn ray_mask(&self, sq: Square, d: Dir) -> Bitboard<W> {
        self.rays[sq.index()][d as usize].mask
    }

    /// The cells a rider from `sq` in direction `d` reaches with `occupied` cells blocking:
    /// every empty cell up to and including the first occupied one.
    #[inline(always)]
    pub fn slide(&self, sq: Square, d: Dir, occupied: Bitboard<W>) -> Bitboard<W> {
        let ray = self.rays[sq.index()][d as usize].mask;
        let blockers = ray & occupied;
        if blockers.is_empty() {
            return ray;
        }
        if self.wrap_files && matches!(d, Dir::East | Dir::West) {
            return wrapped_slide(sq, d, ray, blockers);
        }
        let b = if d.increases_index() {
            blockers.first()
        } else {
            blockers.last()
        };
        // The ray beyond the nearest blocker is that blocker's own ray (also on a ring: only
        // the east and west rays come back round).
        match b {
            Some(b) => ray ^ self.rays[b.index()][d as usize].mask,
            None => ray,
        }
    }

    /// The cells riders from `sq` in the directions of `dirs` (bit `d as u8` for direction
    /// `d`) reach with `occupied` cells blocking: the union of [`slide`](Self::slide) over
    /// those directions. On a `u64` board, the orthogonal and the diagonal directions are
    /// each one lookup in a perfect-hash table built with the board where every cell's mask
    /// fits one (magic multiplication; PEXT would need `unsafe`, which the workspace
    /// forbids); other pairs of opposite directions are one obstruction difference each,
    /// and single directions (or a ring's files) a walk-free slide along the ray.
    ///
    /// ```
    /// use citadel_geometry::{boards, Bitboard, Dir};
    /// let g: citadel_geometry::Geometry = boards::standard();
    /// let (d4, d6) = (g.parse_square("d4").unwrap(), g.parse_square("d6").unwrap());
    /// let occ = Bitboard::from_square(d6);
    /// let rook = 1 << Dir::North as u8 | 1 << Dir::East as u8 | 1 << Dir::South as u8 | 1 << Dir::West as u8;
    /// assert_eq!(g.slides(d4, rook, occ).count(), 12);
    /// assert_eq!(g.slides(d4, 1 << Dir::North as u8, occ).count(), 2);
    /// ```
    #[inline(always)]
    pub fn slides(&self, sq: Square, dirs: u8, occupied: Bitboard<W>) -> Bitboard<W> {
        let mut out = Bitboard::EMPTY;
        let (mut sets, rest) = self.plans[dirs as usize];
        while sets != 0 {
            out |= self
                .magic
                .attacks(sets.trailing_zeros() as usize, sq.index(), occupied);
            sets &= sets - 1;
        }
        if rest == 0 {
            return out;
        }
        let mut axes = rest & (rest >> 4) & self.ordered_axes;
        let mut single = rest & !(axes | axes << 4);
        let lines = &self.lines[sq.index()];
        while axes != 0 {
            out |= lines[axes.trailing_zeros() as usize].attacks(occupied);
            axes &= axes - 1;
        }
        while single != 0 {
            out |= self.slide(sq, Dir::ALL[single.trailing_zeros() as usize], occupied);
            single &= single - 1;
        }
        out
    }

    /// Whether a rider from `sq` in one of the directions of `dirs` reaches a cell of
    /// `targets` with `occupied` cells blocking: `(slides(sq, dirs, occupied) & targets).any()`,
    /// with a cheap test of each line or ray on the empty board first (attack tests mostly
    /// answer no).
    #[inline(always)]
    pub fn slides_hit(
        &self,
        sq: Square,
        dirs: u8,
        occupied: Bitboard<W>,
        targets: Bitboard<W>,
    ) -> bool {
        let (mut sets, rest) = self.plans[dirs as usize];
        while sets != 0 {
            let i = sets.trailing_zeros() as usize;
            if (self.magic.empty_attacks(i, sq.index()) & targets).any()
                && (self.magic.attacks(i, sq.index(), occupied) & targets).any()
            {
                return true;
            }
            sets &= sets - 1;
        }
        let mut axes = rest & (rest >> 4) & self.ordered_axes;
        let mut single = rest & !(axes | axes << 4);
        let lines = &self.lines[sq.index()];
        while axes != 0 {
            let line = lines[axes.trailing_zeros() as usize];
            if ((line.lower | line.upper) & targets).any()
                && (line.attacks(occupied) & targets).any()
            {
                return true;
            }
            axes &= axes - 1;
        }
        while single != 0 {
            let d = Dir::ALL[single.trailing_zeros() as usize];
            if (self.ray_mask(sq, d) & targets).any()
                && self
                    .first_on_ray(sq, d, occupied)
                    .is_some_and(|b| targets.contains(b))
            {
                return true;
            }
            single &= single - 1;
        }
        false
    }

    /// The cell one king step from `sq` in direction `d` (`step` with that direction's
    /// delta), from a precomputed table.
    #[inline(always)]
    pub fn neighbour(&self, sq: Square, d: Dir) -> Option<Square> {
        self.neighbours[sq.index()][d as usize]
    }

    /// The first occupied cell on the ray from `sq` in direction `d`.
    #[inline(always)]
    pub fn first_on_ray(&self, sq: Square, d: Dir, occupied: Bitboard<W>) -> Option<Square> {
        let blockers = self.rays[sq.index()][d as usize].mask & occupied;
        if blockers.is_empty() {
            return None;
        }
        if self.wrap_files && matches!(d, Dir::East | Dir::West) {
            let (below, above) = split_at(sq);
            return if d == Dir::East {
                (blockers & above)
                    .first()
                    .or_else(|| (blockers & below).first())
            } else {
                (blockers & below)
                    .last()
                    .or_else(|| (blockers & above).last())
            };
        }
        if d.increases_index() {
            blockers.first()
        } else {
            blockers.last()
        }
    }

    /// The cell named `name` (`"f6"`, `"k11"`, `"x1"`), if it exists on this board.
    ///
    /// ```
    /// let g: citadel_geometry::Geometry = citadel_geometry::boards::persian();
    /// assert!(g.parse_square("a1").is_some());
    /// assert!(g.parse_square("a2").is_none());
    /// assert!(g.parse_square("z9").is_none());
    /// ```
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        let bytes = name.as_bytes();
        if bytes.len() >= 2
            && bytes[0].is_ascii_lowercase()
            && bytes[1..].iter().all(u8::is_ascii_digit)
        {
            if bytes[1] == b'0' {
                return None;
            }
            let file = (bytes[0] - b'a') as i32;
            // at most three digits: a longer rank is on no board
            if bytes.len() > 4 {
                return None;
            }
            let rank = bytes[1..]
                .iter()
                .fold(0i32, |r, &d| r * 10 + (d - b'0') as i32);
            if file < self.files as i32 && rank >= 1 && rank <= self.ranks as i32 {
                return self.frame[(rank - 1) as usize * self.files as usize + file as usize];
            }
        }
        self.detached
            .iter()
            .find(|&sq| self.squares[sq.index()].name == name)
    }

    /// Whether `letters` is the file part of some cell's name (`"e"`, Tamerlane's `"x"`), as
    /// a disambiguation in SAN names a file.
    ///
    /// ```
    /// let g: citadel_geometry::Geometry = citadel_geometry::boards::persian();
    /// assert!(g.is_file_name("a") && g.is_file_name("k"));
    /// assert!(!g.is_file_name("x") && !g.is_file_name("ab"));
    /// ```
    pub fn is_file_name(&self, letters: &str) -> bool {
        if let [b] = letters.as_bytes() {
            let file = b.wrapping_sub(b'a');
            if file < self.files {
                let files = self.files as usize;
                if (0..self.ranks as usize).any(|r| self.frame[r * files + file as usize].is_some())
                {
                    return true;
                }
            }
        }
        self.detached.iter().any(|sq| {
            let name = self.squares[sq.index()].name.as_str();
            name.trim_end_matches(|c: char| c.is_ascii_digit()) == letters
        })
    }

    /// Two cells written together (`e2e4`, `k2x1`) or with a hyphen (`e2-e4`): the second
    /// starts at the first letter after the first character.
    ///
    /// ```
    /// use citadel_geometry::boards;
    /// let geo = boards::standard::<u64>();
    /// let (a, b) = geo.parse_square_pair("e2-e4").unwrap();
    /// assert_eq!((geo.name_of(a), geo.name_of(b)), ("e2", "e4"));
    /// assert_eq!(geo.parse_square_pair("e2e4"), Some((a, b)));
    /// assert_eq!(geo.parse_square_pair("e2"), None);
    /// ```
    pub fn parse_square_pair(&self, text: &str) -> Option<(Square, Square)> {
        let (a, b) = split_square_pair(text)?;
        Some((self.parse_square(a)?, self.parse_square(b)?))
    }

    /// The FEN rows of the board, highest rank first: for each rank, its cells left to right
    /// with `None` for frame positions that do not exist. Detached cells stand at their
    /// coordinate (Tamerlane: `x1` after `k2`, `x2` before `a9`).
    pub fn fen_rows(&self) -> Vec<Vec<Option<Square>>> {
        (0..self.ranks as i8)
            .rev()
            .map(|r| {
                let mut lo = 0i8;
                let mut hi = self.files as i8 - 1;
                for sq in self.detached {
                    let c = self.coord(sq);
                    if c.rank == r {
                        lo = lo.min(c.file);
                        hi = hi.max(c.file);
                    }
                }
                (lo..=hi)
                    .map(|f| {
                        let coord = Coord { file: f, rank: r };
                        if f >= 0 && f < self.files as i8 {
                            self.frame[r as usize * self.files as usize + f as usize]
                        } else {
                            self.at(coord)
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

/// The cells with an index below `sq`, and those above it.
#[inline(always)]
fn split_at<W: BitWord>(sq: Square) -> (Bitboard<W>, Bitboard<W>) {
    let below = Bitboard(W::bit(sq.0).wrapping_sub(W::ONE));
    (below, !below & !Bitboard::from_square(sq))
}

/// Cells with index `n` and above (none for `n` = the word's width).
#[inline(always)]
fn from_index<W: BitWord>(n: u8) -> Bitboard<W> {
    if n as u32 >= W::BITS {
        Bitboard::EMPTY
    } else {
        Bitboard(!W::bit(n).wrapping_sub(W::ONE))
    }
}

/// The east or west slide along a ring (`blockers` = the ray's occupied cells, not empty).
/// A ring's cells have consecutive indices, so the east ray is the run of cells above `sq`
/// in increasing order, then (past the seam) the run below it, also increasing; the west
/// ray is the mirror image. The nearest blocker is a bit scan in the right run.
#[inline(always)]
fn wrapped_slide<W: BitWord>(
    sq: Square,
    d: Dir,
    ray: Bitboard<W>,
    blockers: Bitboard<W>,
) -> Bitboard<W> {
    let (below, above) = split_at(sq);
    if d == Dir::East {
        if let Some(b) = (blockers & above).first() {
            return ray & above & !from_index(b.0 + 1);
        }
        match (blockers & below).first() {
            Some(b) => ray & (above | (below & !from_index(b.0 + 1))),
            None => ray,
        }
    } else {
        if let Some(b) = (blockers & below).last() {
            return ray & below & from_index(b.0);
        }
        match (blockers & above).last() {
            Some(b) => ray & (below | (above & from_index(b.0))),
            None => ray,
        }
    }
}

/// The two cell names of a pair written together (`e2e4`, `k2x1`) or with a hyphen
/// (`e2-e4`), not yet checked against a board: the second starts at the first letter after
/// the first character.
///
/// ```
/// assert_eq!(citadel_geometry::split_square_pair("k2x1"), Some(("k2", "x1")));
/// assert_eq!(citadel_geometry::split_square_pair("e2"), None);
/// ```
pub fn split_square_pair(text: &str) -> Option<(&str, &str)> {
    if let Some(ab) = text.split_once('-') {
        return Some(ab);
    }
    let split = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())?
        .0;
    Some(text.split_at(split))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards;

    /// The tables agree with the rays' slides on every board, every cell and many
    /// occupancies, for every direction mask a piece may have.
    fn agrees<W: BitWord>(g: Geometry<W>) {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..300 {
            let occ = Bitboard::narrow(Bitboard(
                (next() & next()) as u128 | ((next() & next()) as u128) << 64,
            )) & g.all();
            for sq in g.all() {
                for dirs in 0..=255u8 {
                    let want = g.slides_by_rays(sq, dirs, occ);
                    assert_eq!(g.slides(sq, dirs, occ), want, "{} {sq:?} {dirs:#b}", g.name);
                    let hit = (want & occ).any();
                    assert_eq!(g.slides_hit(sq, dirs, occ, occ), hit);
                }
            }
        }
    }

    #[test]
    fn tables_agree_with_rays() {
        agrees::<u64>(boards::standard());
        agrees::<u64>(boards::byzantine());
        agrees::<u128>(boards::persian());
        agrees::<u128>(boards::mini_citadel());
        agrees::<u128>(boards::tamerlane());
        agrees::<u128>(GeometryBuilder::new("courier", 12, 8).build());
    }
}
