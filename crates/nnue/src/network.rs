//! A quantised net and its inference: the first layer's two accumulators (`i16`), kept
//! along the moves of a search, a clipped ReLU, and one output neuron.
//!
//! The file (`.nnue`, written by the trainer in `trainer/`, described in `docs/nnue.md`):
//! the magic `CITNNUE1`, a `u32` header length, the header as JSON ([`NetHeader`]: the
//! [`Layout`], the quantisation, how the net was trained, and positions with the
//! evaluations the trainer computed for them), then the weights, little-endian: the first
//! layer's `i16` weights feature by feature (`features × hidden`), its `i16` biases, the
//! output's `i16` weights (the side to move's half first) and its `i32` bias.
//!
//! The evaluation of a position, in centipawns for the side to move:
//! `(out_bias + Σ clamp(acc_us, 0, qa)·w_us + Σ clamp(acc_them, 0, qa)·w_them) · scale /
//! (qa · qb)`.

use crate::changes::Change;
use crate::layout::{Layout, HIDDEN};
use crate::simd::{Kernel, Row};
use citadel_geometry::Square;
use citadel_rules::{Color, Game, Position};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The magic of a net file.
pub const MAGIC: &[u8; 8] = b"CITNNUE1";
/// The format this crate reads and writes.
pub const FORMAT: u32 = 1;

/// A position the trainer evaluated, kept in the net's header so that the engine can check
/// it computes the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// The side to move (0 White, 1 Black).
    pub side: u8,
    /// The pieces: cell, kind, colour (0 White, 1 Black).
    pub pieces: Vec<[u16; 3]>,
    /// The trainer's evaluation, centipawns for the side to move.
    pub eval: i32,
}

/// A net file's header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NetHeader {
    /// The format's version ([`FORMAT`]).
    pub format: u32,
    /// The features the net reads.
    pub layout: Layout,
    /// The first layer's scale: its outputs are clipped to `0..=qa`.
    pub qa: i16,
    /// The output weights' scale.
    pub qb: i16,
    /// Centipawns per unit of the float net's output.
    pub scale: i32,
    /// How the net was made (data and its hash, settings, losses), kept as given.
    #[serde(default)]
    pub training: serde_json::Value,
    /// Positions with the trainer's evaluations.
    #[serde(default)]
    pub checks: Vec<Check>,
}

/// The first layer's integer for 1.0 (its outputs are clipped to `0..=QA`), as the trainer
/// writes nets.
pub const QA: i16 = 255;
/// The output weights' integer for 1.0, as the trainer writes nets.
pub const QB: i16 = 1024;
/// Centipawns per unit of the float net's output, as the trainer writes nets.
pub const SCALE: i32 = 400;

impl NetHeader {
    /// The header of a net of `layout` with the trainer's quantisation, no provenance and
    /// no checks (for tests and tools that make nets).
    pub fn new(layout: Layout) -> NetHeader {
        NetHeader {
            format: FORMAT,
            layout,
            qa: QA,
            qb: QB,
            scale: SCALE,
            training: serde_json::Value::Null,
            checks: Vec::new(),
        }
    }
}

/// Why a net cannot be read, or not for this game.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// The file cannot be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The failure.
        source: std::io::Error,
    },
    /// The file does not start with [`MAGIC`].
    #[error("not a Citadel net (it does not start with `CITNNUE1`)")]
    Magic,
    /// The header cannot be read.
    #[error("the header: {0}")]
    Header(String),
    /// A format this reader does not know.
    #[error("format {0} (this reader knows format {FORMAT})")]
    Format(u32),
    /// The layout is not one this build can run.
    #[error("the layout: {0}")]
    Layout(String),
    /// The net is another game's, or its game's layout has changed since.
    #[error("a net for {net}, not for {game} (or made for another form of {game}'s features)")]
    Game {
        /// The game asked for.
        game: String,
        /// The net's game.
        net: String,
    },
    /// The net computes other evaluations than its trainer did for the header's checks.
    #[error("check {index}: the trainer evaluated {expected}, this build {found:?}")]
    Checks {
        /// The check's index.
        index: usize,
        /// The trainer's evaluation.
        expected: i32,
        /// This build's (`None`: the check's pieces are off the layout).
        found: Option<i32>,
    },
    /// The weights are not as long as the layout says.
    #[error("{found} bytes of weights where the layout needs {expected}")]
    Size {
        /// The bytes the layout needs.
        expected: usize,
        /// The bytes after the header.
        found: usize,
    },
}

/// The two accumulators of a position, by colour (White's perspective first), and the
/// bucket each was computed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    rows: [Row; 2],
    buckets: [u8; 2],
}

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator {
            rows: [[0; HIDDEN]; 2],
            buckets: [0; 2],
        }
    }
}

/// A net, ready to evaluate positions of its game.
#[derive(Clone)]
pub struct Network {
    header: NetHeader,
    ft_weight: Vec<Row>,
    ft_bias: Row,
    out_weight: [i16; 2 * HIDDEN],
    out_bias: i32,
    /// Per perspective, the feature within a bucket of each `code * cells + cell`.
    base: [Vec<u32>; 2],
    kernel: Kernel,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("variant", &self.header.layout.variant)
            .field("features", &self.header.layout.features)
            .field("kernel", &self.kernel.name())
            .finish_non_exhaustive()
    }
}

impl Network {
    /// Reads a net from its file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(NetError::Magic)?;
        let (len, rest) = rest
            .split_first_chunk::<4>()
            .ok_or_else(|| NetError::Header("the file ends before the header".into()))?;
        let len = u32::from_le_bytes(*len) as usize;
        if rest.len() < len {
            return Err(NetError::Header("the file ends inside the header".into()));
        }
        let (text, weights) = rest.split_at(len);
        let header: NetHeader =
            serde_json::from_slice(text).map_err(|e| NetError::Header(e.to_string()))?;
        if header.format != FORMAT {
            return Err(NetError::Format(header.format));
        }
        let l = &header.layout;
        if l.hidden != HIDDEN {
            return Err(NetError::Layout(format!(
                "hidden {} (this build runs {HIDDEN})",
                l.hidden
            )));
        }
        if header.qa <= 0 || header.qb <= 0 {
            return Err(NetError::Layout("qa and qb must be positive".into()));
        }
        let expected = (l.features * HIDDEN + HIDDEN + 2 * HIDDEN) * 2 + 4;
        if weights.len() != expected {
            return Err(NetError::Size {
                expected,
                found: weights.len(),
            });
        }
        let mut words = weights
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]));
        let mut row = || -> Row { std::array::from_fn(|_| words.next().unwrap_or(0)) };
        let ft_weight: Vec<Row> = (0..l.features).map(|_| row()).collect();
        let ft_bias = row();
        let (a, b) = (row(), row());
        let out_weight = std::array::from_fn(|i| if i < HIDDEN { a[i] } else { b[i - HIDDEN] });
        let tail = &weights[weights.len() - 4..];
        let out_bias = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        Network::from_parts(header, ft_weight, ft_bias, out_weight, out_bias)
    }

    /// Reads a net file.
    pub fn load(path: &Path) -> Result<Network, NetError> {
        let bytes = std::fs::read(path).map_err(|source| NetError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Network::from_bytes(&bytes)
    }

    /// Reads the net file at `path` for game `G`: it must [fit](Self::fits) the game and
    /// reproduce its trainer's [checks](NetHeader::checks).
    pub fn load_for<G: Game>(path: &Path) -> Result<Network, NetError> {
        let net = Network::load(path)?;
        net.fits::<G>()?;
        if let Some(&(index, expected, found)) = net.failed_checks().first() {
            return Err(NetError::Checks {
                index,
                expected,
                found,
            });
        }
        Ok(net)
    }

    /// A net from its parts (for tests and tools that make nets): `ft_weight` has one row
    /// per feature.
    pub fn from_parts(
        header: NetHeader,
        ft_weight: Vec<Row>,
        ft_bias: Row,
        out_weight: [i16; 2 * HIDDEN],
        out_bias: i32,
    ) -> Result<Network, NetError> {
        let l = &header.layout;
        if ft_weight.len() != l.features {
            return Err(NetError::Layout(format!(
                "{} rows of first-layer weights for {} features",
                ft_weight.len(),
                l.features
            )));
        }
        let bad = |what: &str| Err(NetError::Layout(what.to_string()));
        if l.cells == 0 || l.cells > 256 || l.kinds == 0 || l.kinds > 31 {
            return bad("cells must be 1 to 256 and kinds 1 to 31");
        }
        if l.view
            .iter()
            .any(|v| v.len() != l.cells || v.iter().any(|&c| usize::from(c) >= l.cells))
            || l.bucket_of.len() != l.cells
        {
            return bad("the views and the buckets need one cell for each cell");
        }
        if !(1..=2).contains(&l.sides) || l.buckets == 0 || l.buckets > 64 {
            return bad("sides must be 1 or 2 and buckets 1 to 64");
        }
        if l.bucket_of.iter().any(|&b| usize::from(b) >= l.buckets)
            || l.royal.is_some_and(|k| k >= l.kinds)
            || l.features != l.buckets * l.sides * l.bucket_size()
        {
            return bad("the buckets, the royal kind or the feature count do not add up");
        }
        let codes = 1 + 2 * l.kinds;
        let base = [Color::White, Color::Black].map(|c| {
            let mut base = vec![0u32; codes * l.cells];
            for code in 1..codes {
                let (kind, color) = ((code - 1) >> 1, Color::BOTH[(code - 1) & 1]);
                for cell in 0..l.cells {
                    base[code * l.cells + cell] = l.feature(c, 0, kind, color, cell) as u32;
                }
            }
            base
        });
        Ok(Network {
            header,
            ft_weight,
            ft_bias,
            out_weight,
            out_bias,
            base,
            kernel: Kernel::detect(),
        })
    }

    /// The file's bytes of this net.
    pub fn to_bytes(&self) -> Vec<u8> {
        let text = serde_json::to_vec(&self.header).unwrap_or_default();
        let mut out = Vec::with_capacity(16 + text.len() + self.ft_weight.len() * HIDDEN * 2);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(text.len() as u32).to_le_bytes());
        out.extend_from_slice(&text);
        let rows = self.ft_weight.iter().chain([&self.ft_bias]);
        for w in rows.flatten().chain(&self.out_weight) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.out_bias.to_le_bytes());
        out
    }

    /// The header: layout, quantisation, how the net was made.
    pub fn header(&self) -> &NetHeader {
        &self.header
    }

    /// The instruction set the net runs with.
    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// Runs the portable loops (to measure them or check them against the vector ones).
    pub fn set_kernel(&mut self, kernel: Kernel) {
        self.kernel = kernel;
    }

    /// Whether the net is made for game `G` as this build sees its features.
    pub fn fits<G: Game>(&self) -> Result<(), NetError> {
        let l = Layout::of::<G>();
        if self.header.layout != l {
            return Err(NetError::Game {
                game: l.variant,
                net: self.header.layout.variant.clone(),
            });
        }
        Ok(())
    }

    #[inline(always)]
    fn row(&self, c: usize, bucket: usize, code: u8, sq: Square) -> &Row {
        let l = &self.header.layout;
        let f = bucket * l.bucket_size()
            + self.base[c][usize::from(code) * l.cells + sq.index()] as usize;
        &self.ft_weight[f]
    }

    fn bucket_of<G: Game>(&self, pos: &Position<G>, c: Color) -> usize {
        let l = &self.header.layout;
        let royal = l
            .royal
            .map(|k| pos.bitboards().kind[k] & pos.bitboards().color[c as usize]);
        l.bucket(
            c,
            royal.and_then(|b| b.into_iter().next()).map(Square::index),
        )
    }

    fn refresh_side<G: Game>(&self, pos: &Position<G>, c: Color, acc: &mut Accumulator) {
        let bucket = self.bucket_of(pos, c);
        let mut row = self.ft_bias;
        for sq in pos.bitboards().occupied() {
            let w = self.row(c as usize, bucket, pos.code_at(sq), sq);
            let src = row;
            self.kernel.update(&mut row, &src, &[w], &[]);
        }
        acc.rows[c as usize] = row;
        acc.buckets[c as usize] = bucket as u8;
    }

    /// The accumulators of `pos`, from scratch.
    pub fn refresh<G: Game>(&self, pos: &Position<G>, acc: &mut Accumulator) {
        self.refresh_side(pos, Color::White, acc);
        self.refresh_side(pos, Color::Black, acc);
    }

    /// The accumulators after a move whose board changes are `changes`, from those before
    /// it (`prev`); `after` is the position the move made. A perspective whose royal
    /// changed bucket is computed afresh.
    #[inline]
    pub fn update<G: Game>(
        &self,
        prev: &Accumulator,
        changes: &[Change],
        after: &Position<G>,
        out: &mut Accumulator,
    ) {
        for c in [Color::White, Color::Black] {
            let i = c as usize;
            let bucket = self.bucket_of(after, c);
            if bucket != usize::from(prev.buckets[i]) {
                self.refresh_side(after, c, out);
                continue;
            }
            let mut adds: [&Row; 8] = [&self.ft_bias; 8];
            let mut subs: [&Row; 8] = [&self.ft_bias; 8];
            let (mut na, mut ns) = (0, 0);
            for &(sq, old, new) in changes {
                if old != 0 && ns < 8 {
                    subs[ns] = self.row(i, bucket, old, sq);
                    ns += 1;
                }
                if new != 0 && na < 8 {
                    adds[na] = self.row(i, bucket, new, sq);
                    na += 1;
                }
            }
            self.kernel
                .update(&mut out.rows[i], &prev.rows[i], &adds[..na], &subs[..ns]);
            out.buckets[i] = bucket as u8;
        }
    }

    /// The evaluation, centipawns for `turn`, of the position whose accumulators are `acc`.
    #[inline]
    pub fn evaluate(&self, acc: &Accumulator, turn: Color) -> i32 {
        let us = turn as usize;
        let h = &self.header;
        let sum = self
            .kernel
            .output(&acc.rows[us], &acc.rows[1 - us], &self.out_weight, h.qa);
        let s = i64::from(self.out_bias) + i64::from(sum);
        (s * i64::from(h.scale) / (i64::from(h.qa) * i64::from(h.qb))) as i32
    }

    /// The evaluation of `pos` for the side to move, from scratch.
    pub fn evaluate_position<G: Game>(&self, pos: &Position<G>) -> i32 {
        let mut acc = Accumulator::default();
        self.refresh(pos, &mut acc);
        self.evaluate(&acc, pos.turn())
    }

    /// The evaluation of a position given by its pieces (cell, kind, colour) and the side
    /// to move, as a training record holds it; `None` when a piece is off the layout.
    pub fn evaluate_pieces(&self, turn: Color, pieces: &[(usize, usize, Color)]) -> Option<i32> {
        let l = &self.header.layout;
        if pieces
            .iter()
            .any(|&(cell, kind, _)| cell >= l.cells || kind >= l.kinds)
        {
            return None;
        }
        let mut acc = Accumulator::default();
        for c in [Color::White, Color::Black] {
            let royal = l.royal.and_then(|k| {
                pieces
                    .iter()
                    .find(|&&(_, kind, color)| kind == k && color == c)
                    .map(|&(cell, _, _)| cell)
            });
            let bucket = l.bucket(c, royal);
            let mut row = self.ft_bias;
            for &(cell, kind, color) in pieces {
                let f = l.feature(c, bucket, kind, color, cell);
                let src = row;
                self.kernel
                    .update(&mut row, &src, &[&self.ft_weight[f]], &[]);
            }
            acc.rows[c as usize] = row;
        }
        Some(self.evaluate(&acc, turn))
    }

    /// The header's checks the net does not reproduce: (index, the trainer's evaluation,
    /// this build's); empty when all agree.
    pub fn failed_checks(&self) -> Vec<(usize, i32, Option<i32>)> {
        self.header
            .checks
            .iter()
            .enumerate()
            .filter_map(|(i, ch)| {
                let color = |x: u16| Color::BOTH[usize::from(x & 1)];
                let pieces: Vec<_> = ch
                    .pieces
                    .iter()
                    .map(|p| (usize::from(p[0]), usize::from(p[1]), color(p[2])))
                    .collect();
                let got = self.evaluate_pieces(color(u16::from(ch.side)), &pieces);
                (got != Some(ch.eval)).then_some((i, ch.eval, got))
            })
            .collect()
    }
}
