//! A timed perft of one position, with or without its first moves' counts: what
//! `citadel perft` prints.

use crate::perft::{divide_parallel, perft_parallel};
use citadel_rules::Position;

/// A timed perft of one position, as `citadel perft` reports it (and serialises it with
/// `--json`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct PerftReport {
    /// The game's id.
    pub variant: &'static str,
    /// The position.
    pub fen: String,
    /// The depth.
    pub depth: u32,
    /// Leaves of the legal-move tree.
    pub nodes: u64,
    /// Seconds the count took.
    pub seconds: f64,
    /// Leaves per second.
    pub nps: f64,
    /// Each first move (coordinates) with its subtree's leaves, when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<Vec<DivideEntry>>,
}

/// One first move of a divided perft and its subtree's leaves.
#[derive(Clone, Debug, serde::Serialize)]
pub struct DivideEntry {
    /// The move, in coordinates (`e2e4`).
    #[serde(rename = "move")]
    pub mv: String,
    /// Leaves below it.
    pub nodes: u64,
}

impl PerftReport {
    /// Counts and times perft of `pos` to `depth` on `threads` threads, per first move if
    /// `divide`.
    ///
    /// ```
    /// use citadel_rules::{Chess, Position};
    /// use citadel_search::perft_report::PerftReport;
    /// let r = PerftReport::measure(&Position::<Chess>::start(), 2, true, 1);
    /// assert_eq!(r.nodes, 400);
    /// assert_eq!(r.divide.map(|d| d.len()), Some(20));
    /// ```
    pub fn measure<G: citadel_rules::Game>(
        pos: &Position<G>,
        depth: u32,
        divide: bool,
        threads: usize,
    ) -> Self {
        let start = crate::time::Instant::now();
        let (nodes, divide) = if divide && depth == 0 {
            // depth 0 counts the position itself and has no first moves
            (1, Some(Vec::new()))
        } else if divide {
            let entries: Vec<DivideEntry> = divide_parallel(pos, depth, threads)
                .iter()
                .map(|(m, n)| DivideEntry {
                    mv: citadel_notation::coord::write(pos, m),
                    nodes: *n,
                })
                .collect();
            (entries.iter().map(|e| e.nodes).sum(), Some(entries))
        } else {
            (perft_parallel(pos, depth, threads), None)
        };
        let seconds = start.elapsed().as_secs_f64();
        PerftReport {
            variant: G::config().id,
            fen: citadel_notation::fen::write(pos),
            depth,
            nodes,
            seconds,
            nps: if seconds > 0.0 {
                nodes as f64 / seconds
            } else {
                0.0
            },
            divide,
        }
    }
}

/// The report as text: each first move's count (if divided), a blank line, then the total
/// and the speed.
impl std::fmt::Display for PerftReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(d) = &self.divide {
            for e in d {
                writeln!(f, "{}: {}", e.mv, e.nodes)?;
            }
            writeln!(f)?;
        }
        writeln!(f, "perft {}: {}", self.depth, self.nodes)?;
        writeln!(f, "time: {:.3} s, {:.2} Mnps", self.seconds, self.nps / 1e6)
    }
}
