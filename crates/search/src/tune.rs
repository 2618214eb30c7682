//! Material values, positional weights and piece-square tables learnt from play (Texel's
//! method): the values that make the static evaluation predict the results of a set of
//! games best, or another engine's evaluations of their positions (`eval_target`, with the
//! `notation` feature).
//!
//! Each [`Sample`] is a quiet position of a game with its target: the game's result, or
//! the expected score of the evaluation recorded after the move that led there. The
//! evaluation `e` (centipawns, White's side) predicts White's score as
//! `1 / (1 + 10^(-k e / 400))`; the error of a set of values is the mean squared difference
//! between prediction and target. [`fit_scale`] first finds the `k` that fits the current
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

use crate::eval::learned::{cell_index, mirror_symmetric, LearnedPiece, LearnedTable, Provenance};
use crate::eval::Evaluator;
use citadel_rules::{Color, EvalWeights, Game, MoveList, Position, UnknownRoleKey};

/// A training position: a quiet position of a game, and its target for White: the game's
/// result (1 a win, ½ a draw, 0 a loss) or an evaluation's expected score
/// (`eval_target`).
#[derive(Clone, Debug)]
pub struct Sample<G: Game> {
    /// The position (side to move not in check, last move not a capture or promotion).
    pub pos: Position<G>,
    /// The target for White, in 0..=1.
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

/// Fits the values of the pieces and weights named in `names` (the role keys of game `G`'s
/// pieces and [`EvalWeights::NAMES`]; others keep their values) to `samples`, starting from
/// the evaluation's own values with `fixed` replaced (`(key, value)`, e.g. an override the
/// caller wants to start from). Piece values stay in 1..=10,000, weights in their
/// [`range`](EvalWeights::range).
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
        if let Ok(k) = cfg.kind_of_key(n) {
            if imbalanced(k as usize) < enough.max(1) {
                rare.push(n.clone());
            } else {
                current.push((n.clone(), base.values()[k as usize]));
                range.push((1, 10_000));
            }
        } else if let (Some(w), Some(r)) = (base.weights().get(n), EvalWeights::range(n)) {
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
/// nor royal, by role key.
pub fn default_pieces<G: Game>() -> Vec<String> {
    let cfg = G::config();
    (0..cfg.pieces.len() as u8)
        .filter(|&k| !cfg.is_pawn(k) && !cfg.is_royal(k))
        .filter_map(|k| cfg.role(k))
        .map(|r| r.key().to_string())
        .collect()
}

/// What a fit tunes: the pieces of `list` (role keys, `key,key`, each written back as its
/// canonical key; `None`: [`default_pieces`]), then, with `weights`, every evaluation weight
/// ([`EvalWeights::NAMES`]) but `learned`.
///
/// ```
/// use citadel_rules::{Shatranj, Tamerlane};
/// use citadel_search::tune::names_to_fit;
/// assert_eq!(names_to_fit::<Shatranj>(Some("rook, ferz"), false).unwrap(), ["rook", "ferz"]);
/// assert_eq!(names_to_fit::<Tamerlane>(Some("fers"), false).unwrap(), ["ferz"]);
/// assert!(names_to_fit::<Shatranj>(Some("queen"), false).is_err());
/// assert_eq!(names_to_fit::<Shatranj>(Some(""), true).unwrap().len(), 11);
/// ```
pub fn names_to_fit<G: Game>(
    list: Option<&str>,
    weights: bool,
) -> Result<Vec<String>, UnknownRoleKey> {
    let cfg = G::config();
    let mut names = match list {
        None => default_pieces::<G>(),
        Some(list) => list
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(|n| {
                let k = cfg.kind_of_key(n)?;
                Ok(cfg.role(k).map_or(n, |r| r.key()).to_string())
            })
            .collect::<Result<_, _>>()?,
    };
    if weights {
        // the learnt table's scale is a switch for matches, not one of the terms a fit
        // rescales (a table is fitted by `fit_psq`)
        names.extend(
            EvalWeights::NAMES
                .iter()
                .filter(|n| **n != "learned")
                .map(|n| n.to_string()),
        );
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

/// How [`fit_psq`] fits a piece-square table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PsqOptions {
    /// The L2 weight pulling every adjustment toward 0 (added to the mean squared error as
    /// `l2 · Σ adjustment²`, adjustments in centipawns).
    pub l2: f64,
    /// Passes of gradient descent (with momentum) over the training positions.
    pub epochs: usize,
    /// The step: centipawns per unit of the error's gradient. Plain gradient descent moves
    /// each adjustment by its gradient, so cells seldom occupied learn slowly: with the
    /// held-out positions choosing the epoch, that is the fit's main guard against learning
    /// the noise of a few games.
    pub rate: f64,
    /// A position is left out when a quiescence search on captures and promotions from it
    /// gains the side to move more than this many centipawns over the static evaluation.
    pub quiet_margin: i32,
}

impl Default for PsqOptions {
    fn default() -> Self {
        PsqOptions {
            l2: 1e-7,
            epochs: 1500,
            rate: 2e4,
            quiet_margin: 30,
        }
    }
}

/// The momentum of [`fit_psq`]'s gradient descent.
const MOMENTUM: f64 = 0.9;

/// Why [`fit_psq`] made no table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PsqError {
    /// The game's two armies do not mirror each other across the middle rank.
    #[error("{0}: the start position is not the same for both sides mirrored across the middle rank, so one table cannot serve both colours")]
    NotSymmetric(&'static str),
    /// No quiet training position.
    #[error("no quiet training positions")]
    NoSamples,
}

/// A fitted piece-square table and what it was fitted on.
#[derive(Clone, Debug, PartialEq)]
pub struct PsqFit {
    /// The table (its provenance filled in but for the commands).
    pub table: LearnedTable,
    /// Training positions left out as not quiet (quiescence gains more than the margin).
    pub not_quiet: usize,
    /// The epoch whose adjustments were kept (the best held-out error; the last epoch when
    /// nothing is held out).
    pub best_epoch: usize,
}

impl std::fmt::Display for PsqFit {
    /// `2000 games, 90000 training positions (...), ...` and the errors without and with
    /// the table, on two lines.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pv = &self.table.provenance;
        writeln!(
            f,
            "{} games, {} training positions ({} left out as not quiet), {} held out, k {:.3}, best epoch {}",
            pv.games, pv.train, self.not_quiet, pv.held_out, pv.k, self.best_epoch
        )?;
        write!(
            f,
            "error without -> with the table: training {:.6} -> {:.6}, held out {:.6} -> {:.6}",
            pv.train_error.0, pv.train_error.1, pv.held_out_error.0, pv.held_out_error.1
        )
    }
}

/// The quiescence value of `pos` for the side to move (captures and promotions only, from
/// the static evaluation; at most `depth` plies of them).
fn quiesce<G: Game>(
    ev: &Evaluator<G::Word>,
    pos: &mut Position<G>,
    mut alpha: i32,
    beta: i32,
    lists: &mut [MoveList],
) -> i32 {
    let stand = ev.evaluate(pos);
    let Some((list, rest)) = lists.split_first_mut() else {
        return stand;
    };
    if stand >= beta {
        return stand;
    }
    alpha = alpha.max(stand);
    list.clear();
    pos.generate_tactical(list);
    let mut best = stand;
    for i in 0..list.len() {
        let m = list[i];
        pos.play_unchecked(m);
        let v = -quiesce(ev, pos, -beta, -alpha, rest);
        pos.undo();
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// Whether a quiescence search from `pos` (captures and promotions, six plies at most)
/// gains the side to move at most `margin` centipawns over `ev`'s static evaluation.
pub fn is_quiet<G: Game>(ev: &Evaluator<G::Word>, pos: &Position<G>, margin: i32) -> bool {
    let e = ev.evaluate(pos);
    let mut p = pos.snapshot();
    let mut lists: Vec<MoveList> = (0..6).map(|_| MoveList::new()).collect();
    let q = quiesce(ev, &mut p, e - 1, e + margin + 1, &mut lists);
    q <= e + margin
}

/// The positions of a fit as a linear model: the evaluation without a table (White's
/// side) and, per position, the table cells its pieces read with their weights.
struct Design {
    base: Vec<f64>,
    score: Vec<f64>,
    /// Per position, its range of `feats`.
    span: Vec<(u32, u32)>,
    /// (parameter, middlegame weight, endgame weight): the mg parameter is `2 * cell`, the
    /// eg one `2 * cell + 1`; weights are signed (+ White, − Black) phase fractions.
    feats: Vec<(u32, f32, f32)>,
}

fn design<G: Game>(ev: &Evaluator<G::Word>, samples: &[&Sample<G>], cells: usize) -> Design {
    let geo = G::config().geometry();
    let mut d = Design {
        base: Vec::with_capacity(samples.len()),
        score: Vec::with_capacity(samples.len()),
        span: Vec::with_capacity(samples.len()),
        feats: Vec::new(),
    };
    for s in samples {
        let e = ev.evaluate(&s.pos);
        d.base
            .push(f64::from(if s.pos.turn() == Color::White { e } else { -e }));
        d.score.push(s.score);
        let mg = ev.phase(&s.pos) as f32 / 256.0;
        let start = d.feats.len() as u32;
        for sq in s.pos.bitboards().occupied() {
            let Some(p) = s.pos.piece_at(sq) else {
                continue;
            };
            let Some(cell) = cell_index(geo, sq, p.color) else {
                continue;
            };
            let sign = if p.color == Color::White { 1.0 } else { -1.0 };
            let at = usize::from(p.kind) * cells + cell;
            d.feats.push((at as u32, sign * mg, sign * (1.0 - mg)));
        }
        d.span.push((start, d.feats.len() as u32));
    }
    d
}

impl Design {
    /// The mean squared error with adjustments `theta` at scale `kk` (per centipawn, natural
    /// log), and, when `grad` is given, its gradient added there.
    fn error(&self, theta: &[f64], kk: f64, mut grad: Option<&mut [f64]>) -> f64 {
        let n = self.base.len().max(1) as f64;
        let mut sum = 0.0;
        for i in 0..self.base.len() {
            let (a, b) = self.span[i];
            let feats = &self.feats[a as usize..b as usize];
            let mut e = self.base[i];
            for &(at, wm, we) in feats {
                let at = at as usize;
                e += f64::from(wm) * theta[2 * at] + f64::from(we) * theta[2 * at + 1];
            }
            let p = 1.0 / (1.0 + (-kk * e).exp());
            let r = p - self.score[i];
            sum += r * r;
            if let Some(g) = grad.as_deref_mut() {
                let c = 2.0 * r * p * (1.0 - p) * kk / n;
                for &(at, wm, we) in feats {
                    let at = at as usize;
                    g[2 * at] += c * f64::from(wm);
                    g[2 * at + 1] += c * f64::from(we);
                }
            }
        }
        sum / n
    }
}

/// Fits a piece-square table for `G` (Texel's method on the residual): adjustments per kind
/// and cell, middlegame and endgame, added to the evaluation without a table and tapered by
/// its phase, that make it predict the results of `train` best, with an L2 pull toward 0;
/// `held_out` (positions of other games) is never fitted and chooses the epoch kept. Only
/// quiet positions ([`is_quiet`]) of both sets are used. The scale `k` is fitted first to
/// the evaluation without a table and then held. Deterministic.
pub fn fit_psq<G: Game>(
    train: &[Sample<G>],
    held_out: &[Sample<G>],
    opts: &PsqOptions,
) -> Result<PsqFit, PsqError> {
    let cfg = G::config();
    if !mirror_symmetric::<G>() {
        return Err(PsqError::NotSymmetric(cfg.id));
    }
    let geo = cfg.geometry();
    let (files, ranks) = (geo.files(), geo.ranks());
    let cells = usize::from(files) * usize::from(ranks);
    let kinds = cfg.pieces.len();
    let base = Evaluator::with_table::<G>(&[], None);
    let quiet = |set: &[Sample<G>]| -> Vec<Sample<G>> {
        set.iter()
            .filter(|s| is_quiet(&base, &s.pos, opts.quiet_margin))
            .cloned()
            .collect()
    };
    let train_q = quiet(train);
    let held_q = quiet(held_out);
    if train_q.is_empty() {
        return Err(PsqError::NoSamples);
    }
    let k = fit_scale(&base, &train_q);
    let kk = k * std::f64::consts::LN_10 / 400.0;
    let dt = design(&base, &train_q.iter().collect::<Vec<_>>(), cells);
    let dh = design(&base, &held_q.iter().collect::<Vec<_>>(), cells);
    let np = 2 * kinds * cells;
    let mut theta = vec![0.0; np];
    let mut velocity = vec![0.0; np];
    let mut best = (f64::INFINITY, theta.clone(), 0);
    let mut grad = vec![0.0; np];
    for epoch in 1..=opts.epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        dt.error(&theta, kk, Some(&mut grad));
        for i in 0..np {
            let g = grad[i] + 2.0 * opts.l2 * theta[i];
            velocity[i] = MOMENTUM * velocity[i] - opts.rate * g;
            theta[i] += velocity[i];
        }
        if epoch % 10 == 0 || epoch == opts.epochs {
            let watch = if held_q.is_empty() {
                -(epoch as f64)
            } else {
                dh.error(&theta, kk, None)
            };
            if watch < best.0 {
                best = (watch, theta.clone(), epoch);
            }
        }
    }
    let (_, theta, best_epoch) = best;
    // a kind without a role (none in the project's games) could not be read back: left out
    let pieces = (0..kinds)
        .filter_map(|kind| {
            let cell = |c: usize, eg: usize| theta[2 * (kind * cells + c) + eg].round() as i32;
            Some(LearnedPiece {
                role: cfg.role(kind as u8)?,
                mg: (0..cells).map(|c| cell(c, 0)).collect(),
                eg: (0..cells).map(|c| cell(c, 1)).collect(),
            })
        })
        .filter(|p| p.mg.iter().chain(&p.eg).any(|&v| v != 0))
        .collect();
    let mut table = LearnedTable {
        game: cfg.id.to_string(),
        files,
        ranks,
        provenance: Provenance::default(),
        pieces,
    };
    // the errors as the engine will see them: the rounded table inside a real evaluator
    let with = Evaluator::with_table::<G>(&[], Some(&table));
    table.provenance = Provenance {
        commands: Vec::new(),
        games: 0,
        train: train_q.len(),
        held_out: held_q.len(),
        k,
        l2: opts.l2,
        train_error: (error(&base, &train_q, k), error(&with, &train_q, k)),
        held_out_error: (error(&base, &held_q, k), error(&with, &held_q, k)),
    };
    Ok(PsqFit {
        table,
        not_quiet: train.len() - train_q.len(),
        best_epoch,
    })
}

/// The training positions of one game record (with the `notation` feature): the game must
/// be valid and of `variant`; its quiet positions after `skip` plies — the side to move not
/// in check and with a move, the move that led there neither a capture nor a promotion.
/// Their target is the game's result; with `evals`, instead, the evaluation the comment of
/// the move that led there carries (`[%eval 0.35]`, [`citadel_notation::eval_comment`]) as
/// an expected score ([`eval_target`]), and a position without one is left out. `None` for
/// an unfinished game (`*`) when learning from results.
#[cfg(feature = "notation")]
pub fn samples_of<G: citadel_rules::Game>(
    g: &citadel_notation::SourceGame,
    variant: citadel_rules::Variant,
    skip: usize,
    evals: bool,
) -> Result<Option<Vec<Sample<G>>>, citadel_notation::Diagnostic> {
    use citadel_notation::eval_comment::EvalComment;
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
    let result = match g.record.result {
        GameResult::WhiteWins => 1.0,
        GameResult::BlackWins => 0.0,
        GameResult::Draw => 0.5,
        GameResult::Unknown if evals => 0.5,
        GameResult::Unknown => return Ok(None),
    };
    let played = replay::play::<G>(&g.record).map_err(|e| Diagnostic::from_replay(g, &e))?;
    let mut pos = played.start;
    let mut legal = citadel_rules::MoveList::new();
    let mut out = Vec::new();
    for (ply, (m, node)) in played.moves.iter().zip(&g.record.main.moves).enumerate() {
        let quiet_move = !pos.is_tactical(m);
        pos.play_unchecked(*m);
        let score = if evals {
            match node.comments.iter().find_map(|c| EvalComment::find(c)) {
                Some(c) => eval_target(c.eval),
                None => continue,
            }
        } else {
            result
        };
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

/// White's expected score for an evaluation from White's side: `1 / (1 + 10^(−cp/400))`, a
/// mate 1 or 0 — the target a position labelled by another engine gets.
///
/// ```
/// use citadel_notation::eval_comment::Eval;
/// use citadel_search::tune::eval_target;
/// assert_eq!(eval_target(Eval::Centipawns(0)), 0.5);
/// assert!((eval_target(Eval::Centipawns(400)) - 10.0 / 11.0).abs() < 1e-12);
/// assert_eq!(eval_target(Eval::Mate(-2)), 0.0);
/// ```
#[cfg(feature = "notation")]
pub fn eval_target(eval: citadel_notation::eval_comment::Eval) -> f64 {
    use citadel_notation::eval_comment::Eval;
    match eval {
        Eval::Centipawns(cp) => predict(cp, 1.0),
        Eval::Mate(n) if n > 0 => 1.0,
        Eval::Mate(_) => 0.0,
    }
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
        // (chess's own tempo is 2, fitted: the fit starts from there)
        let t = tune(&samples, &["tempo".to_string()], &[]);
        assert_eq!(t.start, vec![("tempo".to_string(), 2)]);
        assert!(t.values[0].1 > 2, "{t:?}");
        assert!(t.error_after < t.error_before, "{t:?}");
    }

    #[test]
    fn a_cell_that_always_wins_gains_in_the_table() {
        // the same material, White's king on g1 wins and on b1 loses: the fitted table must
        // prefer g1 (the endgame half: without pieces the phase is 0), and lower the error
        let mut train = Vec::new();
        for _ in 0..20 {
            train.push(sample("4k3/pppppppp/8/8/8/8/PPPPPPPP/6K1 w - - 0 1", 1.0));
            train.push(sample("4k3/pppppppp/8/8/8/8/PPPPPPPP/1K6 w - - 0 1", 0.0));
        }
        let opts = PsqOptions {
            epochs: 200,
            ..PsqOptions::default()
        };
        let fit = fit_psq(&train, &[], &opts).expect("a fit");
        let t = &fit.table;
        assert_eq!((t.game.as_str(), t.files, t.ranks), ("chess", 8, 8));
        let king = t
            .pieces
            .iter()
            .find(|p| p.role == citadel_pieces::Role::King)
            .expect("a king row");
        assert!(king.eg[6] > king.eg[1], "{king:?}");
        let pv = &t.provenance;
        assert!(pv.train_error.1 < pv.train_error.0, "{pv:?}");
        assert_eq!((pv.train, pv.held_out, fit.not_quiet), (40, 0, 0));
        // reproducible
        assert_eq!(fit_psq(&train, &[], &opts).expect("a fit"), fit);
    }

    #[test]
    #[cfg(feature = "notation")]
    fn positions_learn_from_the_evals_of_their_moves() {
        use citadel_notation::pgn::read_games;
        use citadel_rules::Variant;
        let text = "[Variant \"chess\"]\n\n1. e4 {[%eval 0.30,9]} 1... e5 2. Nf3 {[%eval #2]} \
                    2... Nc6 {[%eval -4.00]} 3. Bb5 {[%eval 0.00]} *\n";
        let games = read_games(text);
        let g = games[0].as_ref().expect("a game");
        // from results: an unfinished game gives nothing
        assert!(samples_of::<Chess>(g, Variant::Chess, 0, false)
            .expect("valid")
            .is_none());
        // from evals: every quiet position after a move with an eval, with its expected score
        let s = samples_of::<Chess>(g, Variant::Chess, 0, true)
            .expect("valid")
            .expect("samples");
        let scores: Vec<f64> = s.iter().map(|s| s.score).collect();
        assert_eq!(scores.len(), 4, "{scores:?}");
        assert!((scores[0] - predict(30, 1.0)).abs() < 1e-12);
        assert_eq!(scores[1], 1.0);
        assert!((scores[2] - 1.0 / 11.0).abs() < 1e-12);
        assert_eq!(scores[3], 0.5);
        // skipped plies count every move, with an eval or not
        let s = samples_of::<Chess>(g, Variant::Chess, 2, true).expect("valid");
        assert_eq!(s.expect("samples").len(), 3);
    }

    #[test]
    fn a_capture_pending_is_not_quiet() {
        let ev = Evaluator::with_table::<Chess>(&[], None);
        let quiet = sample("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 0.5).pos;
        let hanging = sample("4k3/8/8/8/q7/8/8/R3K3 w - - 0 1", 0.5).pos;
        assert!(is_quiet(&ev, &quiet, 30));
        assert!(!is_quiet(&ev, &hanging, 30));
    }

    #[test]
    fn a_game_whose_armies_do_not_mirror_gets_no_table() {
        let train = vec![Sample {
            pos: Position::<citadel_rules::Byzantine>::start(),
            score: 0.5,
        }];
        assert!(matches!(
            fit_psq(&train, &[], &PsqOptions::default()),
            Err(PsqError::NotSymmetric("byzantine"))
        ));
    }
}
