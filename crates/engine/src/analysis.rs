//! One search of one position, reported for people and programs: the best move in SAN and
//! coordinates, the score, depth, nodes, speed and principal variation.
use citadel_notation::{coord, fen, san};
use citadel_rules::{Game, Position};
use citadel_search::{Limits, Score, Searcher};
use serde::Serialize;

/// What the engine found in a position (the JSON form of `citadel bestmove --json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The game's id.
    pub variant: &'static str,
    /// The position searched.
    pub fen: String,
    /// The best move in SAN (`None`: the game is over).
    pub bestmove: Option<String>,
    /// The best move in coordinate form.
    pub coordinate: Option<String>,
    /// The score, from the side to move's point of view.
    pub score: Score,
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time taken, in milliseconds.
    pub time_ms: u64,
    /// The principal variation in SAN.
    pub pv: Vec<String>,
    /// How the game ended, when it is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
}

/// Searches `pos` within `limits` with a table of `hash_mb` megabytes and `threads` threads.
///
/// ```
/// use citadel_engine::analysis::analyse;
/// use citadel_notation::fen;
/// use citadel_rules::Chess;
/// use citadel_search::Limits;
/// let pos = fen::parse::<Chess>("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
/// let a = analyse(&pos, &Limits::depth(3), 1, 1);
/// assert_eq!(a.bestmove.as_deref(), Some("Ra8#"));
/// assert_eq!(a.coordinate.as_deref(), Some("a1a8"));
/// assert!(a.to_string().starts_with("bestmove Ra8# (a1a8)\nscore    mate 1\n"));
/// ```
pub fn analyse<G: Game>(
    pos: &Position<G>,
    limits: &Limits,
    hash_mb: usize,
    threads: usize,
) -> Analysis {
    let mut s = Searcher::<G>::new(hash_mb);
    s.set_threads(threads);
    analyse_with(&mut s, pos, limits)
}

/// Searches `pos` within `limits` with `searcher` (its evaluation, table and threads).
pub fn analyse_with<G: Game>(
    searcher: &mut Searcher<G>,
    pos: &Position<G>,
    limits: &Limits,
) -> Analysis {
    let r = searcher.search(pos, limits);
    let mut pv = Vec::new();
    let mut p = pos.clone();
    // the line as far as its moves are legal (a line from the hash table may not be)
    for m in &r.pv {
        let Ok(text) = san::write(&p, m) else { break };
        pv.push(text);
        p.play_unchecked(*m);
    }
    Analysis {
        variant: G::config().id,
        fen: fen::write(pos),
        bestmove: r.best.and_then(|m| san::write(pos, &m).ok()),
        coordinate: r.best.map(|m| coord::write(pos, &m)),
        score: r.display_score(),
        depth: r.depth,
        seldepth: r.seldepth,
        nodes: r.nodes,
        nps: r.nps(),
        time_ms: r.elapsed.as_millis() as u64,
        pv,
        outcome: r.outcome.map(|o| o.to_string()),
    }
}

impl std::fmt::Display for Analysis {
    /// The text form: `bestmove`, `outcome`, `score`, `depth`, `nodes` and `pv` lines.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.bestmove, &self.coordinate) {
            (Some(b), Some(c)) => writeln!(f, "bestmove {b} ({c})")?,
            _ => writeln!(f, "bestmove (none)")?,
        }
        if let Some(o) = &self.outcome {
            writeln!(f, "outcome  {o}")?;
        }
        writeln!(f, "score    {}", self.score)?;
        writeln!(f, "depth    {} (seldepth {})", self.depth, self.seldepth)?;
        writeln!(
            f,
            "nodes    {} in {} ms, {} nodes/s",
            self.nodes, self.time_ms, self.nps
        )?;
        writeln!(f, "pv       {}", self.pv.join(" "))
    }
}
