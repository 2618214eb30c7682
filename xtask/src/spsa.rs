//! `cargo xtask spsa`: the search's tunable numbers tuned from matches by SPSA (simultaneous
//! perturbation stochastic approximation), the method fishtest tunes Stockfish with.
//!
//! The numbers, their ranges and their starting values are the engine's own UCI spin options
//! (`citadel uci`; the protocol's `Hash`, `Threads`, `MultiPV` and `Move Overhead` are not
//! tuned). Iteration `k` of `n` moves every number at once by `±c_k` (each sign drawn at
//! random), plays the two engines so made against each other (`citadel match`, both behind
//! UCI, each random opening with both colours), and moves every number by `a_k · r / (c_k ·
//! Δ)`, where `r` is the first engine's wins minus losses and `Δ` the number's sign: towards
//! the side that won. The gains follow fishtest: `c_k = c · k^-0.101`, `a_k = a · (A +
//! k)^-0.602`, `A = n / 10`, scaled so that the last iteration perturbs each number by its
//! `c_end` (a 25th of its range) with the rate `r_end = a_end / c_end²`. The default `r_end`,
//! 0.02, is ten times fishtest's: its runs are some ten times longer than this task's
//! default (200 iterations of 8 games), and at its rate the numbers would hardly move here.

use crate::{cargo, opt, run};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The protocol's spin options, which are not search numbers.
const NOT_TUNED: [&str; 4] = ["Hash", "Threads", "MultiPV", "Move Overhead"];
/// fishtest's exponent of the rate's decay.
const ALPHA: f64 = 0.602;
/// fishtest's exponent of the perturbation's decay.
const GAMMA: f64 = 0.101;

/// One number being tuned.
#[derive(Clone, Debug, PartialEq)]
struct Param {
    name: String,
    min: f64,
    max: f64,
    /// The current estimate.
    theta: f64,
    /// The perturbation of the last iteration.
    c_end: f64,
}

impl Param {
    /// The number of an `option name NAME type spin default D min A max B` line, if it is one.
    fn from_uci(line: &str) -> Option<Param> {
        let rest = line.strip_prefix("option name ")?;
        let (name, spec) = rest.split_once(" type spin ")?;
        let w: Vec<&str> = spec.split_whitespace().collect();
        let value = |key: &str| {
            let i = w.iter().position(|x| *x == key)?;
            w.get(i + 1)?.parse::<f64>().ok()
        };
        let (theta, min, max) = (value("default")?, value("min")?, value("max")?);
        Some(Param {
            name: name.to_string(),
            min,
            max,
            theta,
            c_end: ((max - min) / 25.0).max(1.0),
        })
    }

    /// `value` within the range, rounded to the integer UCI takes.
    fn clamp(&self, value: f64) -> i64 {
        value.clamp(self.min, self.max).round() as i64
    }
}

/// The gains of iteration `k` (from 1) of `n`: the perturbation `c_k` and the rate `a_k`, for
/// a number whose last perturbation is `c_end`, at the final rate `r_end`.
fn gains(k: u32, n: u32, c_end: f64, r_end: f64) -> (f64, f64) {
    let (k, n) = (f64::from(k), f64::from(n));
    let big_a = 0.1 * n;
    let c = c_end * n.powf(GAMMA);
    let a = r_end * c_end * c_end * (big_a + n).powf(ALPHA);
    (c / k.powf(GAMMA), a / (big_a + k).powf(ALPHA))
}

/// The estimate after an iteration whose first engine (perturbed by `+c_k · sign`) scored
/// `result` (wins minus losses), kept within the range.
fn step(p: &Param, sign: f64, result: i32, c_k: f64, a_k: f64) -> f64 {
    (p.theta + a_k * f64::from(result) / (c_k * sign)).clamp(p.min, p.max)
}

/// Wins, draws and losses of the first player in `citadel match`'s summary line.
fn tally(out: &str) -> Option<(i32, i32, i32)> {
    let line = out.lines().rev().find(|l| l.contains(" games +"))?;
    let after = &line[line.rfind(" games +")? + " games ".len()..];
    let mut w = after.split_whitespace();
    let mut count = |sign: char| w.next()?.strip_prefix(sign)?.parse::<i32>().ok();
    Some((count('+')?, count('=')?, count('-')?))
}

/// The engine's tunable numbers, from its UCI handshake; only `names` when given.
fn params_of(exe: &Path, names: Option<&str>) -> Result<Vec<Param>, String> {
    let mut child = Command::new(exe)
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(b"uci\nquit\n")
            .map_err(|e| format!("{}: {e}", exe.display()))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    let all: Vec<Param> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(Param::from_uci)
        .filter(|p| !NOT_TUNED.contains(&p.name.as_str()))
        .collect();
    let Some(names) = names else {
        return Ok(all);
    };
    names
        .split(',')
        .map(|n| {
            all.iter()
                .find(|p| p.name.eq_ignore_ascii_case(n.trim()))
                .cloned()
                .ok_or_else(|| {
                    let known: Vec<&str> = all.iter().map(|p| p.name.as_str()).collect();
                    format!(
                        "spsa: the engine has no number `{n}` ({})",
                        known.join(", ")
                    )
                })
        })
        .collect()
}

/// The UCI player of `exe` with `values` set: `uci:EXE uci:Name=v,...`.
fn player(exe: &Path, params: &[Param], values: &[i64]) -> String {
    let set: Vec<String> = params
        .iter()
        .zip(values)
        .map(|(p, v)| format!("{}={v}", p.name))
        .collect();
    format!("uci:{} uci:{}", exe.display(), set.join(","))
}

/// The estimates as `Name=value,...` (rounded), the form `uci:EXE uci:...` takes.
fn settings(params: &[Param]) -> String {
    let set: Vec<String> = params
        .iter()
        .map(|p| format!("{}={}", p.name, p.clamp(p.theta)))
        .collect();
    set.join(",")
}

/// Runs the tuning: `[--variant ID] [--iterations N] [--pairs P] [--tc BASE+INC] [--params
/// NAME,...] [--r-end R] [--seed S] [--binary PATH] [--out FILE]`.
pub fn spsa(args: &[String]) -> Result<(), String> {
    let variant = opt(args, "--variant").unwrap_or("chess");
    let number = |flag: &str, default: &str| -> Result<u64, String> {
        let v = opt(args, flag).unwrap_or(default);
        v.parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or(format!("spsa: {flag} `{v}` is not a positive count"))
    };
    let n = u32::try_from(number("--iterations", "200")?).map_err(|e| e.to_string())?;
    let pairs = number("--pairs", "4")?;
    let seed = number("--seed", "1")?;
    let tc = opt(args, "--tc").unwrap_or("2+0.02");
    let r_end = opt(args, "--r-end")
        .unwrap_or("0.02")
        .parse::<f64>()
        .ok()
        .filter(|r| *r > 0.0)
        .ok_or("spsa: --r-end is not a positive number")?;
    let exe: PathBuf = match opt(args, "--binary") {
        Some(b) => std::fs::canonicalize(b).map_err(|e| format!("{b}: {e}"))?,
        None => {
            run(
                "build the working tree (release)",
                cargo().args(["build", "--release", "--quiet", "-p", "citadel-cli"]),
            )?;
            crate::sprt::keep(
                "target/spsa",
                Path::new("target/release/citadel"),
                "citadel",
            )?
        }
    };
    let mut params = params_of(&exe, opt(args, "--params"))?;
    if params.is_empty() {
        return Err(format!("spsa: {} has no number to tune", exe.display()));
    }
    let mut log = match opt(args, "--out") {
        Some(f) => {
            let mut file = std::fs::File::create(f).map_err(|e| format!("{f}: {e}"))?;
            let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
            writeln!(
                file,
                "iteration\tc_k\ta_k\twins\tdraws\tlosses\t{}",
                names.join("\t")
            )
            .map_err(|e| format!("{f}: {e}"))?;
            Some((f, file))
        }
        None => None,
    };
    eprintln!(
        "xtask: spsa {variant}: {} numbers, {n} iterations of {} games at {tc}, from {}",
        params.len(),
        2 * pairs,
        settings(&params)
    );
    let mut rng = StdRng::seed_from_u64(seed);
    for k in 1..=n {
        let signs: Vec<f64> = params
            .iter()
            .map(|_| if rng.gen::<bool>() { 1.0 } else { -1.0 })
            .collect();
        let g: Vec<(f64, f64)> = params.iter().map(|p| gains(k, n, p.c_end, r_end)).collect();
        let plus: Vec<i64> = (params.iter().zip(&signs).zip(&g))
            .map(|((p, s), (c, _))| p.clamp(p.theta + s * c))
            .collect();
        let minus: Vec<i64> = (params.iter().zip(&signs).zip(&g))
            .map(|((p, s), (c, _))| p.clamp(p.theta - s * c))
            .collect();
        let games = (2 * pairs).to_string();
        let match_seed = (seed * 1_000_000 + u64::from(k)).to_string();
        let out = Command::new(&exe)
            .args(["match", "--variant", variant, "--games", &games])
            .args(["--seed", &match_seed, "--tc", tc])
            .args(["--engine", &player(&exe, &params, &plus)])
            .args(["--opponent", &player(&exe, &params, &minus)])
            .stderr(Stdio::inherit())
            .output()
            .map_err(|e| format!("spsa: cannot run {}: {e}", exe.display()))?;
        let text = String::from_utf8_lossy(&out.stdout);
        let (w, d, l) = tally(&text)
            .filter(|_| out.status.success())
            .ok_or(format!(
                "spsa: iteration {k}: the match failed ({}): {text}",
                out.status
            ))?;
        for ((p, s), (c, a)) in params.iter_mut().zip(&signs).zip(&g) {
            p.theta = step(p, *s, w - l, *c, *a);
        }
        let (c1, a1) = g[0];
        eprintln!("spsa {k}/{n}: +{w} ={d} -{l}  {}", settings(&params));
        if let Some((f, file)) = &mut log {
            let thetas: Vec<String> = params.iter().map(|p| format!("{:.2}", p.theta)).collect();
            writeln!(
                file,
                "{k}\t{c1:.3}\t{a1:.5}\t{w}\t{d}\t{l}\t{}",
                thetas.join("\t")
            )
            .map_err(|e| format!("{f}: {e}"))?;
        }
    }
    println!("{}", settings(&params));
    eprintln!(
        "xtask: spsa done; test the numbers against the defaults by SPRT:\n  {} match --variant \
         {variant} --games 20000 --tc {tc} --sprt 0,5 --engine \"uci:{} uci:{}\" --opponent \
         \"uci:{} uci\"",
        exe.display(),
        exe.display(),
        settings(&params),
        exe.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gains_end_at_the_final_perturbation_and_rate_and_shrink_on_the_way() {
        let (c1, a1) = gains(1, 100, 10.0, 0.002);
        let (cn, an) = gains(100, 100, 10.0, 0.002);
        assert!((cn - 10.0).abs() < 1e-9, "{cn}");
        assert!((an - 0.002 * 100.0).abs() < 1e-9, "{an}");
        assert!(c1 > cn && a1 > an, "{c1} {a1}");
    }

    #[test]
    fn a_win_moves_each_number_towards_the_side_that_won_within_its_range() {
        let p = Param::from_uci("option name RazorMargin type spin default 250 min 50 max 600")
            .unwrap();
        assert_eq!((p.theta, p.min, p.max, p.c_end), (250.0, 50.0, 600.0, 22.0));
        // the first engine had the number raised (sign +) and won two games more
        assert!(step(&p, 1.0, 2, 22.0, 1.0) > 250.0);
        // ... or had it lowered (sign -)
        assert!(step(&p, -1.0, 2, 22.0, 1.0) < 250.0);
        assert_eq!(step(&p, 1.0, 0, 22.0, 1.0), 250.0);
        assert_eq!(step(&p, 1.0, 1000, 1.0, 1000.0), 600.0);
        assert_eq!(p.clamp(612.4), 600);
        assert_eq!(Param::from_uci("option name Clear Hash type button"), None);
        assert_eq!(
            Param::from_uci("option name UCI_Variant type combo default chess var chess"),
            None
        );
    }

    #[test]
    fn the_tally_is_read_from_the_match_summary() {
        let out = "chess: Citadel 0.1.0 (abc) vs Citadel 0.1.0 (abc) (clock 2+0.02): 8 games +3 =4 -1 score 62.5% Elo +89 ± 200 (40 s)\n  a: b\n  c: d\n";
        assert_eq!(tally(out), Some((3, 4, 1)));
        assert_eq!(tally("nothing"), None);
    }
}
