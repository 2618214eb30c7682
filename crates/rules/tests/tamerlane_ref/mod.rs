//! An independent, deliberately naive implementation of Tamerlane chess, written from the
//! text of RULES.md (and docs/rules/tamerlane.md for what RULES.md leaves open) without the
//! core's tables, pins or hooks: its own FEN reader, a 13x10 array board, move generation
//! straight from the piece descriptions, legality by playing every move and scanning every
//! enemy piece's attacks, the placement rule by listing all the enemy's legal moves.
//! It is slow and only for cross-checking perft counts in tests.

/// A cell: (file, rank), 0-based; x1 is (11, 1), x2 is (-1, 8).
pub type Cell = (i8, i8);

/// Each side's own citadel.
const CITADEL: [Cell; 2] = [(11, 1), (-1, 8)];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    King,
    Prince,
    Adventitious,
    Rook,
    Knight,
    Scout,
    Giraffe,
    Fers,
    Vizier,
    Elephant,
    Camel,
    Engine,
    /// A pawn, by the letter of the piece it is named after (`b'P'`: pawn of pawns).
    Pawn(u8),
}

use Kind::*;

fn kind_of(letter: u8, pawn: bool) -> Option<Kind> {
    if pawn {
        return b"RNTGVKFECWP".contains(&letter).then_some(Pawn(letter));
    }
    Some(match letter {
        b'K' => King,
        b'S' => Prince,
        b'A' => Adventitious,
        b'R' => Rook,
        b'N' => Knight,
        b'T' => Scout,
        b'G' => Giraffe,
        b'F' => Fers,
        b'V' => Vizier,
        b'E' => Elephant,
        b'C' => Camel,
        b'W' => Engine,
        _ => return None,
    })
}

fn royal(k: Kind) -> bool {
    matches!(k, King | Prince | Adventitious)
}

fn is_pawn(k: Kind) -> bool {
    matches!(k, Pawn(_))
}

/// What a pawn becomes on its last rank (not the pawn of pawns).
fn promoted(letter: u8) -> Kind {
    match letter {
        b'K' => Prince,
        l => kind_of(l, false).expect("a pawn is named after a piece"),
    }
}

fn frame(c: Cell) -> bool {
    (0..11).contains(&c.0) && (0..10).contains(&c.1)
}

fn valid(c: Cell) -> bool {
    frame(c) || c == CITADEL[0] || c == CITADEL[1]
}

fn links(cit: Cell) -> [Cell; 3] {
    if cit == CITADEL[0] {
        [(10, 0), (10, 1), (10, 2)]
    } else {
        [(0, 7), (0, 8), (0, 9)]
    }
}

fn last_rank(side: usize) -> i8 {
    if side == 0 {
        9
    } else {
        0
    }
}

/// The cell's name: `e4`, `x1`.
pub fn name(c: Cell) -> String {
    if c == CITADEL[0] {
        "x1".into()
    } else if c == CITADEL[1] {
        "x2".into()
    } else {
        format!("{}{}", (b'a' + c.0 as u8) as char, c.1 + 1)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    Normal,
    Citadel,
    Swap,
    Place,
    Second,
    Third,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RMove {
    pub from: Cell,
    pub to: Cell,
    pub action: Action,
}

impl RMove {
    /// Coordinate text, as the notation crate writes it.
    pub fn text(&self) -> String {
        format!("{}{}", name(self.from), name(self.to))
    }
}

#[derive(Clone)]
pub struct State {
    board: [[Option<(Kind, usize)>; 10]; 13],
    turn: usize,
    swap: [bool; 2],
    /// How often each side's pawn of pawns has reached its last rank.
    life: [u8; 2],
}

impl State {
    fn at(&self, c: Cell) -> Option<(Kind, usize)> {
        self.board[(c.0 + 1) as usize][c.1 as usize]
    }

    fn set(&mut self, c: Cell, p: Option<(Kind, usize)>) {
        self.board[(c.0 + 1) as usize][c.1 as usize] = p;
    }

    /// Reads a FEN (board, side, rights; the rest is ignored).
    pub fn from_fen(fen: &str) -> Result<State, String> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut s = State {
            board: [[None; 10]; 13],
            turn: 0,
            swap: [false; 2],
            life: [0; 2],
        };
        let ranks: Vec<&str> = f.first().ok_or("empty")?.split('/').collect();
        if ranks.len() != 10 {
            return Err("10 ranks".into());
        }
        for (i, row) in ranks.iter().enumerate() {
            let rank = 9 - i as i8;
            let mut file: i8 = if rank == 8 { -1 } else { 0 };
            let bytes = row.as_bytes();
            let mut j = 0;
            while j < bytes.len() {
                let ch = bytes[j];
                if ch.is_ascii_digit() {
                    let mut n = 0i8;
                    while j < bytes.len() && bytes[j].is_ascii_digit() {
                        n = n * 10 + (bytes[j] - b'0') as i8;
                        j += 1;
                    }
                    file += n;
                    continue;
                }
                let pawn = bytes.get(j + 1) == Some(&b'\'');
                let side = usize::from(ch.is_ascii_lowercase());
                let k = kind_of(ch.to_ascii_uppercase(), pawn)
                    .ok_or(format!("piece {}", ch as char))?;
                if !valid((file, rank)) {
                    return Err(format!("cell {file},{rank}"));
                }
                s.set((file, rank), Some((k, side)));
                file += 1;
                j += if pawn { 2 } else { 1 };
            }
        }
        s.turn = usize::from(f.get(1) == Some(&"b"));
        let r = f.get(2).copied().unwrap_or("-");
        s.swap = [r.contains('K'), r.contains('k')];
        s.life = [
            if r.contains("P2") {
                2
            } else {
                u8::from(r.contains("P1"))
            },
            if r.contains("p2") {
                2
            } else {
                u8::from(r.contains("p1"))
            },
        ];
        Ok(s)
    }

    fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (-1..12i8)
            .flat_map(|f| (0..10i8).map(move |r| (f, r)))
            .filter(|&c| valid(c))
    }

    fn pieces(&self, side: usize) -> Vec<(Cell, Kind)> {
        self.cells()
            .filter_map(|c| self.at(c).filter(|p| p.1 == side).map(|p| (c, p.0)))
            .collect()
    }

    fn has(&self, side: usize, kind: Kind) -> bool {
        self.pieces(side).iter().any(|p| p.1 == kind)
    }

    /// A waiting pawn of pawns or an adventitious king in its own citadel.
    fn immune(&self, c: Cell) -> bool {
        match self.at(c) {
            Some((Pawn(b'P'), s)) => frame(c) && c.1 == last_rank(s),
            Some((Adventitious, s)) => c == CITADEL[s],
            _ => false,
        }
    }

    /// Whether the game is over by a citadel draw.
    pub fn decided(&self) -> bool {
        (0..2).any(|side| match self.at(CITADEL[1 - side]) {
            Some((King, s)) => s == side,
            Some((Prince, s)) => s == side && !self.has(side, King),
            _ => false,
        })
    }

    /// Cells a piece on `from` attacks (could capture on) and empty cells it may move to
    /// without capturing, by its own movement only (no citadel steps).
    fn reach(&self, from: Cell, kind: Kind, side: usize) -> (Vec<Cell>, Vec<Cell>) {
        let mut attacks = Vec::new();
        let mut quiet = Vec::new();
        if !frame(from) {
            return (attacks, quiet);
        }
        let empty = |c: Cell| self.at(c).is_none();
        let leaps = |v: &[(i8, i8)], attacks: &mut Vec<Cell>| {
            for &(dx, dy) in v {
                for (a, b) in [(dx, dy), (dy, dx)] {
                    for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        let c = (from.0 + a * sa, from.1 + b * sb);
                        if frame(c) && !attacks.contains(&c) {
                            attacks.push(c);
                        }
                    }
                }
            }
        };
        let rides = |dirs: &[(i8, i8)], min: i8, attacks: &mut Vec<Cell>| {
            for &(dx, dy) in dirs {
                let mut k = 1;
                loop {
                    let c = (from.0 + k * dx, from.1 + k * dy);
                    if !frame(c) {
                        break;
                    }
                    if k >= min {
                        attacks.push(c);
                    }
                    if !empty(c) {
                        break;
                    }
                    k += 1;
                }
            }
        };
        const ORTH: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match kind {
            King | Prince | Adventitious => leaps(&[(1, 0), (1, 1)], &mut attacks),
            Rook => rides(&ORTH, 1, &mut attacks),
            Knight => leaps(&[(1, 2)], &mut attacks),
            Scout => rides(&DIAG, 2, &mut attacks),
            Giraffe => {
                for (dx, dy) in DIAG {
                    let corner = (from.0 + dx, from.1 + dy);
                    if !frame(corner) || !empty(corner) {
                        continue;
                    }
                    for (ux, uy) in [(dx, 0), (0, dy)] {
                        let mut k = 1;
                        loop {
                            let c = (corner.0 + k * ux, corner.1 + k * uy);
                            if !frame(c) {
                                break;
                            }
                            if k >= 3 {
                                attacks.push(c);
                            }
                            if !empty(c) {
                                break;
                            }
                            k += 1;
                        }
                    }
                }
            }
            Fers => leaps(&[(1, 1)], &mut attacks),
            Vizier => leaps(&[(1, 0)], &mut attacks),
            Elephant => leaps(&[(2, 2)], &mut attacks),
            Camel => leaps(&[(1, 3)], &mut attacks),
            Engine => leaps(&[(2, 0)], &mut attacks),
            Pawn(_) => {
                let fwd = if side == 0 { 1 } else { -1 };
                let ahead = (from.0, from.1 + fwd);
                if frame(ahead) && empty(ahead) {
                    quiet.push(ahead);
                }
                for dx in [-1, 1] {
                    let c = (from.0 + dx, from.1 + fwd);
                    if frame(c) {
                        attacks.push(c);
                    }
                }
                return (attacks, quiet);
            }
        }
        quiet = attacks.iter().copied().filter(|&c| empty(c)).collect();
        (attacks, quiet)
    }

    /// Whether `side` attacks the cell `t`.
    fn attacked(&self, t: Cell, side: usize) -> bool {
        if self.immune(t) {
            return false;
        }
        for (c, k) in self.pieces(side) {
            if k == Adventitious {
                let own = CITADEL[side];
                if (c == own && links(own).contains(&t)) || (t == own && links(own).contains(&c)) {
                    return true;
                }
            }
            if self.reach(c, k, side).0.contains(&t) {
                return true;
            }
        }
        false
    }

    /// Whether `side`'s royalty is safe: with exactly one royal piece, it is not attacked.
    fn safe(&self, side: usize) -> bool {
        let royals: Vec<Cell> = self
            .pieces(side)
            .into_iter()
            .filter(|p| royal(p.1))
            .map(|p| p.0)
            .collect();
        royals.len() != 1 || !self.attacked(royals[0], 1 - side)
    }

    /// The state after `m`.
    pub fn play(&self, m: &RMove) -> State {
        let mut s = self.clone();
        let us = self.turn;
        let moved = self.at(m.from);
        match m.action {
            Action::Normal | Action::Citadel => {
                let mut p = moved;
                if let Some((Pawn(l), _)) = moved {
                    if m.to.1 == last_rank(us) && frame(m.to) {
                        if l == b'P' {
                            s.life[us] = 1;
                        } else {
                            p = Some((promoted(l), us));
                        }
                    }
                }
                s.set(m.from, None);
                s.set(m.to, p);
            }
            Action::Swap => {
                s.set(m.from, self.at(m.to));
                s.set(m.to, moved);
                s.swap[us] = false;
            }
            Action::Place => {
                s.set(m.from, None);
                s.set(m.to, moved);
            }
            Action::Second => {
                s.set(m.from, None);
                s.set(m.to, None);
                s.set(if us == 0 { (5, 2) } else { (5, 7) }, moved);
                s.life[us] = 2;
            }
            Action::Third => {
                s.set(m.from, None);
                s.set(m.to, Some((Adventitious, us)));
                s.life[us] = 3;
            }
        }
        s.turn = 1 - us;
        s
    }

    /// Every legal move.
    pub fn legal(&self) -> Vec<RMove> {
        if self.decided() {
            return Vec::new();
        }
        let us = self.turn;
        let them = 1 - us;
        let mut cand = Vec::new();
        let mv = |from, to, action| RMove { from, to, action };
        for (c, k) in self.pieces(us) {
            let (attacks, quiet) = self.reach(c, k, us);
            let mut tos = quiet;
            for t in attacks {
                if matches!(self.at(t), Some((_, s)) if s == them) && !self.immune(t) {
                    tos.push(t);
                }
            }
            for t in tos {
                let mut action = Action::Normal;
                if k == Pawn(b'P') && t.1 == last_rank(us) {
                    match self.life[us] {
                        0 => {}
                        1 => {
                            let dest = if us == 0 { (5, 2) } else { (5, 7) };
                            if matches!(self.at(dest), Some((k, _)) if royal(k)) {
                                continue;
                            }
                            action = Action::Second;
                        }
                        _ => action = Action::Third,
                    }
                }
                cand.push(mv(c, t, action));
            }
            // citadel steps
            if royal(k) {
                let own = CITADEL[us];
                let enemy = CITADEL[them];
                if k == Adventitious && c == own {
                    for n in links(own) {
                        match self.at(n) {
                            None => cand.push(mv(c, n, Action::Citadel)),
                            Some((_, s)) if s == them && !self.immune(n) => {
                                cand.push(mv(c, n, Action::Citadel))
                            }
                            _ => {}
                        }
                    }
                }
                if k == Adventitious && links(own).contains(&c) && self.at(own).is_none() {
                    cand.push(mv(c, own, Action::Citadel));
                }
                let may_enter = k == King || (k == Prince && !self.has(us, King));
                if may_enter && links(enemy).contains(&c) && self.at(enemy).is_none() {
                    cand.push(mv(c, enemy, Action::Citadel));
                }
            }
            // the placement
            if k == Pawn(b'P') && c.1 == last_rank(us) && self.life[us] == 1 {
                for t in self.cells().filter(|&t| frame(t) && t != c) {
                    if matches!(self.at(t), Some((k, _)) if royal(k)) {
                        continue;
                    }
                    let m = mv(c, t, Action::Place);
                    let after = self.play(&m);
                    let fwd = if us == 0 { 1 } else { -1 };
                    let enemies: Vec<Cell> = [-1, 1]
                        .iter()
                        .map(|dx| (t.0 + dx, t.1 + fwd))
                        .filter(|&x| frame(x) && matches!(after.at(x), Some((_, s)) if s == them))
                        .collect();
                    let ok = match enemies.len() {
                        2 => true,
                        1 => {
                            let e = enemies[0];
                            !after.legal().iter().any(|r| r.from == e)
                        }
                        _ => false,
                    };
                    if ok {
                        cand.push(m);
                    }
                }
            }
        }
        let mut out: Vec<RMove> = cand.into_iter().filter(|m| self.play(m).safe(us)).collect();
        // the king's swap
        if self.swap[us] {
            if let Some(&(kc, _)) = self.pieces(us).iter().find(|p| p.1 == King) {
                let royals = self.pieces(us).iter().filter(|p| royal(p.1)).count();
                let check = royals == 1 && self.attacked(kc, them);
                if check || out.is_empty() {
                    for (c, k) in self.pieces(us) {
                        if c == kc || !frame(c) || (is_pawn(k) && kc.1 == last_rank(us)) {
                            continue;
                        }
                        let m = mv(kc, c, Action::Swap);
                        if self.play(&m).safe(us) {
                            out.push(m);
                        }
                    }
                }
            }
        }
        out
    }

    /// Perft.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }

    /// Leaves of depth `depth` reached by a move with `action`.
    pub fn count_leaves(&self, depth: u32, action: Action) -> u64 {
        let moves = self.legal();
        if depth == 1 {
            return moves.iter().filter(|m| m.action == action).count() as u64;
        }
        moves
            .iter()
            .map(|m| self.play(m).count_leaves(depth - 1, action))
            .sum()
    }
}
