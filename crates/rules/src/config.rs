//! A game's configuration over the shared core: its board and pieces, which kinds are royal
//! or pawns, promotion, landing restrictions, pawn rules, symbols and keys.

use crate::rights::{BoardNames, Right, Rights};
use crate::zobrist::Zobrist;
use crate::{Color, DataRules, EvalWeights, Goals, Landmarks, Setup, Variant};
use citadel_geometry::{BitWord, Bitboard, Geometry, Square};
use citadel_pieces::{PieceDef, PieceSet};

/// What a stalemate (no legal move, not in check) means in a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Stalemate {
    /// A draw (chess, Persian Chess, Mini Citadel).
    #[default]
    Draw,
    /// A loss for the stalemated side (shatranj, Byzantine chess, Tamerlane).
    Loss,
}

/// How XBoard (the Chess Engine Communication Protocol's GUI) can play a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum XBoardGame {
    /// XBoard knows the game by this name (`normal`, `shatranj`, `courier`): no set-up.
    Native(&'static str),
    /// An engine-defined game on a rectangular board: XBoard plays it under the game's id
    /// after the engine's `setup` command (board size and start position).
    #[default]
    Setup,
    /// XBoard cannot draw the board (cells outside the rectangle, a round board).
    Unsupported,
}

/// The static description of a game that the core reads: built once per game, with its
/// sets of cells over the game's bitboard word `W` ([`Game::Word`](crate::Game::Word)).
#[derive(Debug)]
pub struct Config<W: BitWord = u128> {
    /// The game.
    pub variant: Variant,
    /// Variant id (`"persian-princess"`), the same as `variant.id()`.
    pub id: &'static str,
    /// The game's human name (`"Persian Chess: Persian Princess"`); set with
    /// [`title`](Self::title), the id until then.
    pub title: &'static str,
    /// Other names of the game in other programs' records and protocols (XBoard's
    /// `normal`, the Persian Chess app's `Pyramid`), read by
    /// [`Variant::from_name`](crate::Variant::from_name).
    pub aliases: &'static [&'static str],
    /// How XBoard can play the game; set with [`xboard`](Self::xboard).
    pub xboard: XBoardGame,
    /// The pieces compiled against the board.
    pub pieces: PieceSet<W>,
    /// FEN symbol of each kind as White (`"P"`, `"+N"`, `"R'"`, `"P>"`); Black's are lowercase.
    pub symbols: Vec<String>,
    /// Kinds whose pieces are royal (bit per kind).
    pub royal: u32,
    /// Whether each side must have a royal piece when the game has royal kinds (true for
    /// every built-in game; a game defined at run time may give a side none, as Horde does).
    pub royal_required: bool,
    /// Kinds that are pawns: they reset the move counter, double-step and capture en passant.
    pub pawns: u32,
    /// Cells each kind may end a move on.
    pub landing: Vec<Bitboard<W>>,
    /// Cells where a side's pieces promote on arrival.
    pub promotion_zone: [Bitboard<W>; 2],
    /// Kinds each kind may promote to (empty: it does not promote); set them with
    /// [`promotes`](Self::promotes), which keeps [`is_promoting`](Self::is_promoting) in step.
    pub promotions: Vec<Vec<u8>>,
    /// The kinds with promotions (bit `k` for kind `k`), kept by [`promotes`](Self::promotes).
    promoting: u32,
    /// Cells from which a side's pawns may double-step.
    pub double_step: [Bitboard<W>; 2],
    /// Cells whose double step leaves an en passant cell behind: the double-step cells, unless
    /// a game says otherwise (Fairy-Stockfish's first-rank double steps leave none).
    pub en_passant_from: [Bitboard<W>; 2],
    /// Rank step of a side's pawns (+1 White, -1 Black), for double steps and en passant.
    pub forward: [i8; 2],
    /// Whether pawns capture en passant.
    pub en_passant: bool,
    /// Whether a side's pawns can come to stand behind the rank they start on (Tamerlane: the
    /// king's swap and the pawn of pawns' placement move them there); see
    /// [`pawn_out_of_reach`](Self::pawn_out_of_reach).
    pub pawns_behind_start: bool,
    /// Plies without capture or pawn move that draw (100 for the 50-move rule).
    pub move_limit: u16,
    /// How many times one position must occur to draw the game (3: threefold repetition).
    pub repetitions: u8,
    /// The rules a game states as data rather than in its own code (castling by cells,
    /// extinction, flags, compulsory capture): what a game defined at run time
    /// ([`Defined`](crate::Defined)) plays by. Empty for the built-in games.
    pub data_rules: DataRules<W>,
    /// The cells that end the game or that only some pieces may hold.
    pub goals: Goals<W>,
    /// The cells the board marks (centre square, the Eye), for pictures of it.
    pub landmarks: Landmarks<W>,
    /// Material value of each kind in centipawns (a pawn is 100), where the game states
    /// one; an evaluation values the other kinds by its own model. Set with
    /// [`values`](Self::values).
    pub values: Vec<Option<i32>>,
    /// The positional weights of an evaluation for the game: [`EvalWeights::DEFAULT`]
    /// unless the game states its own (fitted ones, set with [`weights`](Self::weights)).
    pub weights: EvalWeights,
    /// The game's learnt piece-square table of an evaluation, as the JSON text the
    /// evaluation reads (`citadel_search::eval::learned`), where it has one.
    pub psq_table: Option<&'static str>,
    /// What a stalemate means: a draw (chess) or a loss for the stalemated side.
    pub stalemate: Stalemate,
    /// The start position, as a FEN in the standard form (read by
    /// [`Position::start`](crate::Position::start) without any other crate).
    pub start_fen: &'static str,
    /// The game's rights (castling, rendezvous, ...), in FEN writing order.
    pub rights: Rights,
    /// Whether FEN rows may also write each empty cell as its own `1` (the dialect of the
    /// Persian Chess app), recognised rank by rank.
    pub unary_empty_fen: bool,
    /// Whether coordinate notation writes a castle as the king going to its rook's cell
    /// (`e1h1`: UCI's form under `UCI_Chess960`, where a king's destination does not tell
    /// which castle it is) rather than to its own destination (`e1g1`); set with
    /// [`castle_written_to_rook`](Self::castle_written_to_rook).
    pub castle_to_rook: bool,
    /// The game's definition as a self-contained variants-file section (`[name]` and every
    /// key, its base's included), for a game defined at run time: what an archive stores so
    /// that its games read back without the file ([`crate::variants_ini::load_definition`]).
    pub definition: Option<&'static str>,
    /// Zobrist keys.
    pub zobrist: Zobrist,
    /// The start position read from `start_fen`, once.
    start: std::sync::OnceLock<Setup>,
    /// Each side's [`pawn_out_of_reach`](Self::pawn_out_of_reach) cells, once.
    out_of_reach: std::sync::OnceLock<[Bitboard<W>; 2]>,
    /// The [`sources`](Self::sources) of every side, kind and cell, once.
    sources: std::sync::OnceLock<Vec<Bitboard<W>>>,
}

impl<W: BitWord> Config<W> {
    /// The direction of a side's pawns' step ([`forward`](Self::forward) as a [`Dir`](citadel_geometry::Dir)).
    #[inline(always)]
    pub fn forward_dir(&self, color: usize) -> citadel_geometry::Dir {
        if self.forward[color] > 0 {
            citadel_geometry::Dir::North
        } else {
            citadel_geometry::Dir::South
        }
    }

    /// A configuration with every kind landing anywhere, nothing royal, no pawns, no
    /// promotions; games fill in the rest with the builder methods.
    pub fn new(
        variant: Variant,
        geo: Geometry<W>,
        defs: Vec<PieceDef>,
        start_fen: &'static str,
    ) -> Self {
        let n = defs.len();
        assert!(n <= 31, "at most 31 kinds");
        // the built-in games' own static data, checked for every game by the roles' tests (a
        // game defined at run time may leave a piece without a role: it is drawn as its letter)
        debug_assert!(
            matches!(variant, Variant::Defined(_)) || crate::roles::role_problem(&defs).is_none(),
            "{}",
            variant.id()
        );
        let all = geo.all() & !geo.detached();
        let symbols = defs.iter().map(|d| d.letter.to_string()).collect();
        Config {
            variant,
            id: variant.id(),
            title: variant.id(),
            aliases: &[],
            xboard: XBoardGame::Setup,
            pieces: PieceSet::new(geo, defs),
            symbols,
            royal: 0,
            royal_required: true,
            pawns: 0,
            landing: vec![all; n],
            promotion_zone: [Bitboard::EMPTY; 2],
            promotions: vec![Vec::new(); n],
            promoting: 0,
            double_step: [Bitboard::EMPTY; 2],
            en_passant_from: [Bitboard::EMPTY; 2],
            forward: [1, -1],
            en_passant: false,
            pawns_behind_start: false,
            move_limit: 100,
            repetitions: 3,
            data_rules: DataRules::default(),
            goals: Goals::default(),
            landmarks: Landmarks::default(),
            values: vec![None; n],
            weights: EvalWeights::DEFAULT,
            psq_table: None,
            stalemate: Stalemate::Draw,
            start_fen,
            rights: Rights::default(),
            unary_empty_fen: false,
            castle_to_rook: false,
            definition: None,
            zobrist: Zobrist::new(0x0C17_ADE1_u64),
            start: std::sync::OnceLock::new(),
            out_of_reach: std::sync::OnceLock::new(),
            sources: std::sync::OnceLock::new(),
        }
    }

    /// The board.
    #[inline(always)]
    pub fn geometry(&self) -> &Geometry<W> {
        self.pieces.geometry()
    }

    /// The kind whose White symbol is `symbol`.
    pub fn kind_of(&self, symbol: &str) -> Option<u8> {
        self.symbols
            .iter()
            .position(|s| s == symbol)
            .map(|k| k as u8)
    }

    /// Whether `kind` is royal.
    #[inline(always)]
    pub fn is_royal(&self, kind: u8) -> bool {
        self.royal >> kind & 1 != 0
    }

    /// Whether `kind` promotes (its [`promotions`](Self::promotions) are not empty).
    #[inline(always)]
    pub fn is_promoting(&self, kind: u8) -> bool {
        self.promoting >> kind & 1 != 0
    }

    /// Whether `kind` may promote to a royal kind (Tamerlane's pawn of kings).
    #[inline(always)]
    pub fn promotes_to_royal(&self, kind: u8) -> bool {
        self.is_promoting(kind)
            && self.promotions[kind as usize]
                .iter()
                .any(|&p| self.is_royal(p))
    }

    /// Whether `kind` is a pawn.
    #[inline(always)]
    pub fn is_pawn(&self, kind: u8) -> bool {
        self.pawns >> kind & 1 != 0
    }

    /// Cells of the rank with 0-based index `rank`.
    pub fn rank(&self, rank: i8) -> Bitboard<W> {
        let g = self.geometry();
        g.all()
            .iter()
            .filter(|&s| g.coord(s).rank == rank)
            .collect()
    }

    /// The cell named `name`; panics on a name the board lacks (for game definitions).
    pub fn sq(&self, name: &str) -> Square {
        self.geometry()
            .parse_square(name)
            .unwrap_or_else(|| panic!("{name} is not a cell of {}", self.id))
    }

    /// Marks kinds as royal.
    pub fn royal(mut self, kinds: &[u8]) -> Self {
        for &k in kinds {
            self.royal |= 1 << k;
        }
        self
    }

    /// Marks kinds as pawns.
    pub fn pawns(mut self, kinds: &[u8]) -> Self {
        for &k in kinds {
            self.pawns |= 1 << k;
        }
        self
    }

    /// Sets the promotion zone of each side.
    pub fn promotion_zone(mut self, white: Bitboard<W>, black: Bitboard<W>) -> Self {
        self.promotion_zone = [white, black];
        self
    }

    /// Lets `kind` promote to each of `to`.
    pub fn promotes(mut self, kind: u8, to: &[u8]) -> Self {
        self.promotions[kind as usize] = to.to_vec();
        if to.is_empty() {
            self.promoting &= !(1 << kind);
        } else {
            self.promoting |= 1 << kind;
        }
        self
    }

    /// Lets pawns double-step from these cells and capture en passant if `en_passant`.
    pub fn double_step(mut self, white: Bitboard<W>, black: Bitboard<W>, en_passant: bool) -> Self {
        self.double_step = [white, black];
        self.en_passant_from = [white, black];
        self.en_passant = en_passant;
        self
    }

    /// Lets a side's pawns stand behind the rank they start on (see
    /// [`pawns_behind_start`](Self::pawns_behind_start)).
    pub fn pawns_behind_start(mut self) -> Self {
        self.pawns_behind_start = true;
        self
    }

    /// The cells from which a piece of `kind` and `color` reaches `to` by its own moves
    /// (leaps, rides, bent rides, first moves, a pawn's double step) on an empty board, where
    /// it reaches every cell it reaches on any board (no atom needs a piece in its way): the
    /// only cells it may move to `to` from, by a move other than a game's special move. A
    /// reader of one move looks at these pieces only.
    ///
    /// ```
    /// use citadel_rules::{fide::kind::{KNIGHT, PAWN}, Chess, Game};
    /// let cfg = Chess::config();
    /// let g = cfg.geometry();
    /// let e4 = g.parse_square("e4").unwrap();
    /// let from: Vec<&str> = cfg.sources(0, PAWN, e4).iter().map(|s| g.name_of(s)).collect();
    /// assert_eq!(from, ["e2", "d3", "e3", "f3"]);
    /// assert_eq!(cfg.sources(0, KNIGHT, e4).count(), 8);
    /// ```
    #[inline(always)]
    pub fn sources(&self, color: usize, kind: u8, to: Square) -> Bitboard<W> {
        let n = self.geometry().len();
        let table = self.sources.get_or_init(|| self.build_sources());
        table[(color * self.symbols.len() + kind as usize) * n + to.index()]
    }

    /// The table behind [`sources`](Self::sources): for each side, kind and target cell,
    /// the cells it is reached from.
    fn build_sources(&self) -> Vec<Bitboard<W>> {
        let geo = self.geometry();
        let n = geo.len();
        let kinds = self.symbols.len();
        let mut table = vec![Bitboard::EMPTY; 2 * kinds * n];
        for color in 0..2 {
            for kind in 0..kinds {
                let piece = self.pieces.piece(color, kind);
                let pawn = self.is_pawn(kind as u8);
                for from in geo.all() {
                    let (quiet, attacks) = piece.targets(geo, from, Bitboard::EMPTY);
                    let mut reach =
                        quiet | attacks | piece.first_targets(geo, from, Bitboard::EMPTY);
                    if pawn && self.double_step[color].contains(from) {
                        let fwd = self.forward_dir(color);
                        let two = geo
                            .neighbour(from, fwd)
                            .and_then(|mid| geo.neighbour(mid, fwd));
                        reach |= two.map_or(Bitboard::EMPTY, Bitboard::from_square);
                    }
                    for to in reach {
                        table[(color * kinds + kind) * n + to.index()].insert(from);
                    }
                }
            }
        }
        table
    }

    /// The cells where no promoting pawn of `color` can ever stand, since such a pawn only
    /// steps forward, from its start rank, and promotes on reaching its promotion zone: the
    /// ranks beyond the zone's nearest rank, and (unless [`pawns_behind_start`](Self::pawns_behind_start))
    /// the ranks behind the rearmost rank its side's pawns start on. Ranks count in the side's
    /// [`forward`](Self::forward) direction; a side without promoting pawns in the start
    /// position, or without a promotion zone, has no such cells on that count.
    pub fn pawn_out_of_reach(&self, color: Color) -> Bitboard<W> {
        self.out_of_reach.get_or_init(|| {
            let geo = self.geometry();
            let start = self.start_setup();
            Color::BOTH.map(|c| {
                let i = c.index();
                let fwd = i16::from(self.forward[i]);
                let ahead = |s: Square| i16::from(geo.coord(s).rank) * fwd;
                let promoting_pawn = |k: u8| self.is_pawn(k) && self.is_promoting(k);
                let rearmost = geo
                    .all()
                    .iter()
                    .filter(|s| {
                        start.board[s.index()]
                            .is_some_and(|p| p.color == c && promoting_pawn(p.kind))
                    })
                    .map(ahead)
                    .min();
                let zone = self.promotion_zone[i].iter().map(ahead).min();
                match rearmost {
                    None => Bitboard::EMPTY,
                    Some(rear) => geo
                        .all()
                        .iter()
                        .filter(|&s| {
                            let r = ahead(s);
                            zone.is_some_and(|z| r > z) || (!self.pawns_behind_start && r < rear)
                        })
                        .collect(),
                }
            })
        })[color.index()]
    }

    /// Forbids `kind` to end a move on `cells`.
    pub fn forbid_landing(mut self, kind: u8, cells: Bitboard<W>) -> Self {
        self.landing[kind as usize] &= !cells;
        self
    }

    /// Sets the FEN symbol of `kind`.
    pub fn symbol(mut self, kind: u8, symbol: &str) -> Self {
        self.symbols[kind as usize] = symbol.to_string();
        self
    }

    /// Sets the game's rights, in FEN writing order.
    pub fn rights(mut self, rights: Vec<Right>) -> Self {
        self.rights = Rights::new(rights);
        self
    }

    /// Makes a FEN list the game's rights in writing order only ([`Rights::in_fixed_order`]).
    pub fn rights_in_fixed_order(mut self) -> Self {
        self.rights = self.rights.in_fixed_order();
        self
    }

    /// Lets the FEN rights field also name rights after the board ([`BoardNames`]).
    pub fn rights_board_names(mut self, names: BoardNames) -> Self {
        self.rights = self.rights.with_board_names(names);
        self
    }

    /// Writes castles in coordinates as the king going to its rook's cell
    /// ([`castle_to_rook`](Self::castle_to_rook)).
    pub fn castle_written_to_rook(mut self) -> Self {
        self.castle_to_rook = true;
        self
    }

    /// Accepts FEN rows that write each empty cell as its own `1`
    /// ([`unary_empty_fen`](Self::unary_empty_fen)).
    pub fn with_unary_empty_fen(mut self) -> Self {
        self.unary_empty_fen = true;
        self
    }

    /// The FEN symbols of every piece with the piece, longest first (for readers).
    pub fn tokens(&self) -> Vec<(String, crate::Piece)> {
        let mut t: Vec<(String, crate::Piece)> = Vec::new();
        for k in 0..self.symbols.len() as u8 {
            for c in Color::BOTH {
                t.push((self.symbol_of(k, c), crate::Piece::new(k, c)));
            }
        }
        t.sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));
        t
    }

    /// The start position's setup, read from [`start_fen`](Self::start_fen).
    pub fn start_setup(&self) -> Setup {
        self.start.get_or_init(|| crate::start::read(self)).clone()
    }

    /// Sets the move-count draw limit in plies.
    pub fn move_limit(mut self, plies: u16) -> Self {
        self.move_limit = plies;
        self
    }

    /// Sets the game's goal cells.
    pub fn goals(mut self, goals: Goals<W>) -> Self {
        self.goals = goals;
        self
    }

    /// Sets the marked cells of the board.
    pub fn landmarks(mut self, landmarks: Landmarks<W>) -> Self {
        self.landmarks = landmarks;
        self
    }

    /// Sets the game's human name.
    pub fn title(mut self, title: &'static str) -> Self {
        self.title = title;
        self
    }

    /// Sets how XBoard can play the game.
    pub fn xboard(mut self, xboard: XBoardGame) -> Self {
        self.xboard = xboard;
        self
    }

    /// Sets the game's other names.
    pub fn aliases(mut self, aliases: &'static [&'static str]) -> Self {
        self.aliases = aliases;
        self
    }

    /// Sets the material values of some kinds, `(kind, centipawns)`.
    pub fn values(mut self, values: &[(u8, i32)]) -> Self {
        for &(k, v) in values {
            self.values[k as usize] = Some(v);
        }
        self
    }

    /// Sets the game's own positional weights.
    pub fn weights(mut self, weights: EvalWeights) -> Self {
        self.weights = weights;
        self
    }

    /// Sets the game's learnt piece-square table (JSON text, see
    /// [`psq_table`](Self::psq_table)).
    pub fn psq_table(mut self, json: &'static str) -> Self {
        self.psq_table = Some(json);
        self
    }

    /// Sets what a stalemate means.
    pub fn stalemate(mut self, rule: Stalemate) -> Self {
        self.stalemate = rule;
        self
    }

    /// The FEN symbol of a piece (lowercase for Black).
    pub fn symbol_of(&self, kind: u8, color: Color) -> String {
        let s = &self.symbols[kind as usize];
        match color {
            Color::White => s.clone(),
            Color::Black => s.to_lowercase(),
        }
    }
}
