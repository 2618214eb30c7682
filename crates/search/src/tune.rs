//! Material values and positional weights learnt from play (Texel's method): the values
//! that make the static evaluation predict the results of a set of games best.
//!
//! Each [`Sample`] is a quiet position of a finished game with that game's result. The
//! evaluation `e` (centipawns, White's side) predicts White's score as
//! `1 / (1 + 10^(-k e / 400))`; the error of a set of values is the mean squared difference
//! between prediction and result. [`fit_scale`] first finds the `k` that fits the current
//! values best, then [`tune`] changes one value at a time by a step while the error falls,
//! halving the step until it is one centipawn. Every trial builds a full [`Evaluator`], so
//! the values are fitted through the whole evaluation (phase, promotion gains, king safety),
//! not through a linear model of it.
//!
//! ```
//! use citadel_rules::{Chess, Position};
//! use citadel_search::tune::{error, Sample};
//! use citadel_search::eval::Evaluator;
//! let samples = vec![Sample { pos: Position::<Chess>::start(), score: 0.5 }];
//! // the start is level: the prediction is ½ up to the tempo bonus, whatever k is
//! assert!(error(&Evaluator::new::<Chess>(), &samples, 1.0) < 0.001);
//! ```

use crate::eval::weights::Weights;
use crate::eval::Evaluator;
use citadel_rules::{Color, Game, Position};

/// A training position: a quiet position of a finished game, and that game's result for
/// White (1 a win, ½ a draw, 0 a loss).
#[derive(Clone, Debug)]
pub struct Sample<G: Game> {
    /// The position (side to move not in check, last move not a capture or promotion).
    pub pos: Position<G>,
    /// The game's result for White.
    pub score: f64,
}

/// The result of a fit.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// The fitted value of each tuned piece or weight, `(name, value)`, in the order asked.
    pub values: Vec<(String, i32)>,
    /// The values the fit started from, same order.
    pub start: Vec<(String, i32)>,
    /// The scale `k` of the prediction (fitted to the starting values).
    pub k: f64,
    /// Mean squared error with the starting values.
    pub error_before: f64,
    /// Mean squared error with the fitted values.
    pub error_after: f64,
    /// Evaluator builds tried.
    pub trials: usize,
    /// Pieces asked for but left at their values: the two sides had different numbers of
    /// them in fewer than [`MIN_IMBALANCED`] of the samples, too few to learn from.
    pub rare: Vec<String>,
}

/// The least share of samples with an imbalance of a piece (the sides owning different
/// numbers of it) for its value to be fitted: 1 %.
pub const MIN_IMBALANCED: f64 = 0.01;

/// White's predicted score for an evaluation of `cp` centipawns (White's side) at scale `k`.
fn predict(cp: i32, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * f64::from(cp) / 400.0))
}

/// The mean squared error of `ev`'s predictions over `samples` at scale `k` (0 for no
/// samples).
pub fn error<G: Game>(ev: &Evaluator<G::Word>, samples: &[Sample<G>], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = ev.evaluate(&s.pos);
            let white = if s.pos.turn() == Color::White { e } else { -e };
            (s.score - predict(white, k)).powi(2)
        })
        .sum();
    sum / samples.len() as f64
}

/// The scale `k` (in 0.05..4) that fits `ev` to `samples` best, by golden-section search.
pub fn fit_scale<G: Game>(ev: &Evaluator<G::Word>, samples: &[Sample<G>]) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 4.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if error(ev, samples, a) < error(ev, samples, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Fits the values of the pieces and weights named in `names` (game `G`'s piece names and
/// [`Weights::NAMES`](crate::eval::weights::Weights::NAMES); others keep their values) to
/// `samples`, starting from the evaluation's own values with `fixed` replaced (`(name,
/// value)`, e.g. an override the caller wants to start from). Piece values stay in
/// 1..=10,000, weights in their [`range`](crate::eval::weights::Weights::range).
/// Deterministic: the same samples give the same values.
pub fn tune<G: Game>(samples: &[Sample<G>], names: &[String], fixed: &[(String, i32)]) -> Tuned {
    let cfg = G::config();
    let base = Evaluator::with_values::<G>(fixed);
    let imbalanced = |k: usize| {
        samples
            .iter()
            .filter(|s| {
                let bb = s.pos.bitboards();
                (bb.kind[k] & bb.color[0]).count() != (bb.kind[k] & bb.color[1]).count()
            })
            .count()
    };
    let enough = (samples.len() as f64 * MIN_IMBALANCED).ceil() as usize;
    let mut rare = Vec::new();
    let mut current: Vec<(String, i32)> = Vec::new();
    // the values each may take: a piece is worth something, a weight keeps to its range
    let mut range: Vec<(i32, i32)> = Vec::new();
    for n in names {
        if let Some(k) = cfg.kind_named(n) {
            if imbalanced(k as usize) < enough.max(1) {
                rare.push(n.clone());
            } else {
                current.push((n.clone(), base.values()[k as usize]));
                range.push((1, 10_000));
            }
        } else if let (Some(w), Some(r)) = (base.weights().get(n), Weights::range(n)) {
            current.push((n.clone(), w));
            range.push(r);
        }
    }
    let start = current.clone();
    let build = |vals: &[(String, i32)]| {
        let mut all = fixed.to_vec();
        all.extend_from_slice(vals);
        Evaluator::with_values::<G>(&all)
    };
    let k = fit_scale(&build(&current), samples);
    let error_before = error(&build(&current), samples, k);
    let mut best = error_before;
    let mut trials = 1;
    let mut step = 32;
    while step >= 1 {
        let mut improved = true;
        while improved {
            improved = false;
            for i in 0..current.len() {
                for delta in [step, -step] {
                    let v = current[i].1 + delta;
                    if !(range[i].0..=range[i].1).contains(&v) {
                        continue;
                    }
                    let old = current[i].1;
                    current[i].1 = v;
                    trials += 1;
                    let e = error(&build(&current), samples, k);
                    if e < best {
                        best = e;
                        improved = true;
                        break;
                    }
                    current[i].1 = old;
                }
            }
        }
        step /= 2;
    }
    Tuned {
        values: current,
        start,
        k,
        error_before,
        error_after: best,
        trials,
        rare,
    }
}

/// The pieces whose values a fit tunes by default: every piece of `G` that is neither a pawn
/// nor royal, by name.
pub fn default_pieces<G: Game>() -> Vec<String> {
    let cfg = G::config();
    (0..cfg.pieces.len())
        .filter(|&k| cfg.pawns >> k & 1 == 0 && cfg.royal >> k & 1 == 0)
        .map(|k| cfg.pieces.defs()[k].name.to_string())
        .collect()
}

/// A piece asked for that the game does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game} has no piece named `{name}`")]
pub struct UnknownPiece {
    /// The game's id.
    pub game: &'static str,
    /// The name asked for.
    pub name: String,
}

/// What a fit tunes: the pieces of `list` (`name,name`; `None`: [`default_pieces`]), then,
/// with `weights`, every evaluation weight ([`Weights::NAMES`]).
///
/// ```
/// use citadel_rules::Shatranj;
/// use citadel_search::tune::names_to_fit;
/// assert_eq!(names_to_fit::<Shatranj>(Some("rook, ferz"), false).unwrap(), ["rook", "ferz"]);
/// assert!(names_to_fit::<Shatranj>(Some("queen"), false).is_err());
/// ```
pub fn names_to_fit<G: Game>(
    list: Option<&str>,
    weights: bool,
) -> Result<Vec<String>, UnknownPiece> {
    let cfg = G::config();
    let mut names = match list {
        None => default_pieces::<G>(),
        Some(list) => {
            let names: Vec<String> = list
                .split(',')
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .collect();
            if let Some(n) = names.iter().find(|n| cfg.kind_named(n).is_none()) {
                let name = n.clone();
                return Err(UnknownPiece { game: cfg.id, name });
            }
            names
        }
    };
    if weights {
        names.extend(Weights::NAMES.iter().map(|n| n.to_string()));
    }
    Ok(names)
}

/// Values as the command line reads them: `name=value,name=value`.
pub fn value_list(values: &[(String, i32)]) -> String {
    let items: Vec<String> = values.iter().map(|(n, v)| format!("{n}={v}")).collect();
    items.join(",")
}

/// A fit and what it learnt from, as a program reads it (serialised) or a person does
/// (`Display`: four lines at most).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TuneReport {
    /// The game's id.
    pub variant: &'static str,
    /// Finished games read.
    pub games: usize,
    /// Training positions.
    pub samples: usize,
    /// The scale of the prediction.
    pub k: f64,
    /// Mean squared error with the starting values.
    pub error_before: f64,
    /// Mean squared error with the fitted values.
    pub error_after: f64,
    /// Evaluator builds tried.
    pub trials: usize,
    /// The starting values, `name=value,...`.
    pub start: String,
    /// The fitted values, `name=value,...`.
    pub values: String,
    /// Pieces kept at their values: too rarely imbalanced to learn from.
    pub rare: Vec<String>,
}

impl TuneReport {
    /// The report of fit `t` of game `variant` on `samples` positions of `games` games.
    pub fn new(variant: &'static str, games: usize, samples: usize, t: &Tuned) -> Self {
        TuneReport {
            variant,
            games,
            samples,
            k: t.k,
            error_before: t.error_before,
            error_after: t.error_after,
            trials: t.trials,
            start: value_list(&t.start),
            values: value_list(&t.values),
            rare: t.rare.clone(),
        }
    }
}

impl std::fmt::Display for TuneReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{}: {} games, {} positions, k {:.3}, error {:.6} -> {:.6} ({} trials)",
            self.variant,
            self.games,
            self.samples,
            self.k,
            self.error_before,
            self.error_after,
            self.trials
        )?;
        writeln!(f, "start:  {}", self.start)?;
        write!(f, "fitted: {}", self.values)?;
        if !self.rare.is_empty() {
            let rare = self.rare.join(",");
            write!(
                f,
                "\nkept (imbalanced in under 1 % of the positions): {rare}"
            )?;
        }
        Ok(())
    }
}

/// The training positions of one game record (with the `notation` feature): the game must
/// be valid and of `variant`; its quiet positions after `skip` plies — the side to move not
/// in check and with a move, the move that led there neither a capture nor a promotion —
/// with the game's result. `None` for an unfinished game (`*`: no result to learn from).
#[cfg(feature = "notation")]
pub fn samples_of<G: citadel_notation::SanDialect>(
    g: &citadel_notation::SourceGame,
    variant: citadel_rules::Variant,
    skip: usize,
) -> Result<Option<Vec<Sample<G>>>, citadel_notation::Diagnostic> {
    use citadel_notation::{diagnostic, replay, Diagnostic, GameResult};
    let played = diagnostic::validate_game(g)?.variant;
    if played != variant {
        return Err(Diagnostic {
            loc: None,
            game: g.number,
            mv: None,
            reason: format!("a game of {}, not {}", played.id(), variant.id()),
        });
    }
    let score = match g.record.result {
        GameResult::WhiteWins => 1.0,
        GameResult::BlackWins => 0.0,
        GameResult::Draw => 0.5,
        GameResult::Unknown => return Ok(None),
    };
    let played = replay::play::<G>(&g.record).map_err(|e| Diagnostic::from_replay(g, &e))?;
    let mut pos = played.start;
    let mut legal = citadel_rules::MoveList::new();
    let mut out = Vec::new();
    for (ply, m) in played.moves.iter().enumerate() {
        let quiet_move = !pos.is_tactical(m);
        pos.play_unchecked(*m);
        pos.generate(&mut legal);
        if ply + 1 > skip && quiet_move && !legal.is_empty() && !pos.in_check() {
            out.push(Sample {
                pos: pos.snapshot(),
                score,
            });
        }
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use citadel_notation::fen;
    use citadel_rules::Chess;

    fn sample(fen: &str, score: f64) -> Sample<Chess> {
        Sample {
            pos: fen::parse::<Chess>(fen).expect("a legal FEN"),
            score,
        }
    }

    #[test]
    fn a_piece_that_always_wins_gains_value() {
        // White's extra knight wins every game, Black's extra knight loses none: the fit
        // must raise the knight (from a low start), the only value it may move
        let mut samples = Vec::new();
        for _ in 0..20 {
            samples.push(sample("6k1/8/8/8/8/2N5/8/6K1 w - - 0 1", 1.0));
            samples.push(sample("6k1/8/2n5/8/8/8/8/6K1 w - - 0 1", 0.0));
            samples.push(sample("6k1/p7/8/8/8/8/P7/6K1 w - - 0 1", 0.5));
        }
        let knight = vec!["knight".to_string()];
        let t = tune(&samples, &knight, &[("knight".into(), 50)]);
        assert_eq!(t.start, vec![("knight".to_string(), 50)]);
        assert!(t.values[0].1 > 50, "{t:?}");
        assert!(t.error_after < t.error_before, "{t:?}");
        // and the fit is reproducible
        assert_eq!(tune(&samples, &knight, &[("knight".into(), 50)]), t);
    }

    #[test]
    fn a_weight_is_fitted_like_a_value() {
        // the side to move wins every game: the tempo weight must grow
        let mut samples = Vec::new();
        for _ in 0..20 {
            samples.push(sample("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", 1.0));
            samples.push(sample("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 b - - 0 1", 0.0));
        }
        let t = tune(&samples, &["tempo".to_string()], &[]);
        assert_eq!(t.start, vec![("tempo".to_string(), 10)]);
        assert!(t.values[0].1 > 10, "{t:?}");
        assert!(t.error_after < t.error_before, "{t:?}");
    }
}
