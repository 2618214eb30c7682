//! `cargo xtask compare`: Citadel's perft timed side by side with the engines installed on
//! the machine, runs alternating, one thread each.
//!
//! Citadel runs as `citadel perft --json` (release build, `--threads 1`) and reports the time
//! of the perft itself; each other engine runs as one long-lived UCI process timed from
//! `go perft N` to its `Nodes searched:` line, so that no program pays for its start-up.
//! Every node count must equal Citadel's: a mismatch is reported loudly and makes the task
//! fail. Engines that are not installed are skipped with a message.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const SHATRANJ: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";
const PERSIAN: [&str; 4] = [
    "celtic-citadel",
    "persian-princess",
    "egyptian-eye",
    "oriental-omega",
];
/// The inventor's engine's perft of Oriental Omega by depth (0..=5): it lacks the champion's
/// rendezvous that RULES.md gives, so its counts differ from Citadel's from depth 1 on
/// (`shared/reference/persian-chess-perft.json` and its fixture's source note).
const ORIENTAL_WITHOUT_RENDEZVOUS: [u64; 6] = [1, 25, 625, 17396, 483493, 14779147];
/// The longest an engine may take to answer one command.
const PATIENCE: Duration = Duration::from_secs(900);

/// Which other engines a case is timed against.
#[derive(Clone, Copy, PartialEq)]
enum Rival {
    /// shakmaty's perft behind `bench/pgn-reference --uci`.
    Shakmaty,
    Stockfish,
    FairyStockfish,
    PersianChess,
}

/// One perft to time: Citadel's game and position, and the depth (`--quick`: a shallow one).
struct Case {
    label: String,
    variant: &'static str,
    fen: Option<&'static str>,
    depth: u32,
    rivals: Vec<Rival>,
    /// The other engines' count when it differs from Citadel's by a documented rule
    /// difference (then the speeds are compared as nodes per second).
    rival_nodes: Option<u64>,
}

fn cases(quick: bool) -> Vec<Case> {
    let d = |deep: u32, shallow: u32| if quick { shallow } else { deep };
    let mut v = vec![
        Case {
            label: format!("chess perft {}", d(6, 4)),
            variant: "chess",
            fen: None,
            depth: d(6, 4),
            rivals: vec![Rival::Shakmaty, Rival::Stockfish, Rival::FairyStockfish],
            rival_nodes: None,
        },
        Case {
            label: format!("Kiwipete perft {}", d(5, 3)),
            variant: "chess",
            fen: Some(KIWIPETE),
            depth: d(5, 3),
            rivals: vec![Rival::Shakmaty, Rival::Stockfish, Rival::FairyStockfish],
            rival_nodes: None,
        },
        Case {
            label: format!("shatranj perft {}", d(6, 4)),
            variant: "shatranj",
            fen: Some(SHATRANJ),
            depth: d(6, 4),
            rivals: vec![Rival::FairyStockfish],
            rival_nodes: None,
        },
    ];
    for id in PERSIAN {
        v.push(Case {
            label: format!("{id} perft {}", d(4, 2)),
            variant: id,
            fen: None,
            depth: d(4, 2),
            rivals: vec![Rival::PersianChess],
            rival_nodes: (id == "oriental-omega")
                .then(|| ORIENTAL_WITHOUT_RENDEZVOUS[d(4, 2) as usize]),
        });
    }
    v
}

/// A UCI engine process with a reader thread, so that a silent engine times out.
struct Uci {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    options: Vec<String>,
}

impl Uci {
    fn start(name: &str, cmd: &mut Command) -> Result<Uci, String> {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{name}: cannot start: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Uci {
            name: name.to_string(),
            child,
            stdin,
            lines,
            options: Vec::new(),
        };
        e.send("uci")?;
        let mut options = Vec::new();
        e.until(|l| {
            if let Some(rest) = l.strip_prefix("option name ") {
                if let Some(n) = rest.split(" type ").next() {
                    options.push(n.to_string());
                }
            }
            l == "uciok"
        })?;
        e.options = options;
        if e.options.iter().any(|o| o == "Threads") {
            e.send("setoption name Threads value 1")?;
        }
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("{}: cannot send `{line}`: {e}", self.name))
    }

    /// Reads lines until `done` holds for one; engine errors (`info string error`) fail.
    fn until(&mut self, mut done: impl FnMut(&str) -> bool) -> Result<String, String> {
        loop {
            let line = self
                .lines
                .recv_timeout(PATIENCE)
                .map_err(|_| format!("{}: no answer (exited or timed out)", self.name))?;
            if line.starts_with("info string error") {
                return Err(format!("{}: {line}", self.name));
            }
            if done(&line) {
                return Ok(line);
            }
        }
    }

    fn set_variant(&mut self, variant: Option<&str>) -> Result<(), String> {
        if let Some(v) = variant {
            self.send(&format!("setoption name UCI_Variant value {v}"))?;
        }
        self.send("isready")?;
        self.until(|l| l == "readyok").map(drop)
    }

    /// One timed `go perft`: (nodes, seconds).
    fn perft(&mut self, fen: Option<&str>, depth: u32) -> Result<(u64, f64), String> {
        match fen {
            Some(f) => self.send(&format!("position fen {f}"))?,
            None => self.send("position startpos")?,
        }
        self.send("isready")?;
        self.until(|l| l == "readyok")?;
        let t = Instant::now();
        self.send(&format!("go perft {depth}"))?;
        let line = self.until(|l| l.starts_with("Nodes searched:"))?;
        let s = t.elapsed().as_secs_f64();
        let nodes = line["Nodes searched:".len()..]
            .trim()
            .parse()
            .map_err(|_| format!("{}: unreadable `{line}`", self.name))?;
        Ok((nodes, s))
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.send("quit");
        if self.child.wait_timeout_kill().is_err() {
            eprintln!("xtask: {} did not quit", self.name);
        }
    }
}

/// Waits a moment for a child to exit, then kills it.
trait WaitTimeoutKill {
    fn wait_timeout_kill(&mut self) -> std::io::Result<()>;
}

impl WaitTimeoutKill for Child {
    fn wait_timeout_kill(&mut self) -> std::io::Result<()> {
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(2) {
            if self.try_wait()?.is_some() {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.kill()?;
        self.wait().map(drop)
    }
}

/// One timed `citadel perft --json`: (nodes, seconds of the perft itself).
fn citadel_perft(exe: &Path, case: &Case) -> Result<(u64, f64), String> {
    let mut cmd = Command::new(exe);
    cmd.args([
        "perft",
        "--variant",
        case.variant,
        "--threads",
        "1",
        "--json",
    ])
    .args(["--depth", &case.depth.to_string()]);
    if let Some(f) = case.fen {
        cmd.args(["--fen", f]);
    }
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    if !out.status.success() {
        return Err(format!(
            "citadel perft failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |name: &str| -> Result<&str, String> {
        let key = format!("\"{name}\":");
        let start = text
            .find(&key)
            .ok_or_else(|| format!("no `{name}` in citadel's output: {text}"))?
            + key.len();
        let rest = &text[start..];
        Ok(rest[..rest.find([',', '}']).unwrap_or(rest.len())].trim())
    };
    let nodes = field("nodes")?.parse().map_err(|_| "bad `nodes`")?;
    let secs = field("seconds")?.parse().map_err(|_| "bad `seconds`")?;
    Ok((nodes, secs))
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn executable(p: &Path) -> bool {
    p.is_file()
}

/// Starts the rival engine for a case, or says why it is skipped (`Ok(None)`).
fn start_rival(rival: Rival, opts: &Options, case: &Case) -> Result<Option<Uci>, String> {
    let (name, mut cmd, variant) = match rival {
        Rival::Shakmaty => {
            let mut cmd = Command::new(&opts.reference);
            cmd.arg("--uci");
            ("shakmaty 0.30", cmd, None)
        }
        Rival::Stockfish => {
            if !executable(&opts.stockfish) {
                println!(
                    "  stockfish: skipped ({} not found)",
                    opts.stockfish.display()
                );
                return Ok(None);
            }
            ("stockfish", Command::new(&opts.stockfish), None)
        }
        Rival::FairyStockfish => {
            if !executable(&opts.fairy) {
                println!(
                    "  fairy-stockfish: skipped ({} not found)",
                    opts.fairy.display()
                );
                return Ok(None);
            }
            (
                "fairy-stockfish",
                Command::new(&opts.fairy),
                Some(case.variant),
            )
        }
        Rival::PersianChess => {
            let Some(dir) = &opts.persianchess else {
                println!(
                    "  PersianChess: skipped (no checkout: give --persianchess DIR or set \
                     PERSIANCHESS)"
                );
                return Ok(None);
            };
            if !dir.join("app/js/engine-worker.mjs").is_file() {
                println!(
                    "  PersianChess: skipped ({} has no app/js/engine-worker.mjs)",
                    dir.display()
                );
                return Ok(None);
            }
            if Command::new("node").arg("--version").output().is_err() {
                println!("  PersianChess: skipped (no `node` on PATH)");
                return Ok(None);
            }
            let mut cmd = Command::new("node");
            cmd.arg(root().join("scripts/persianchess-uci.mjs"))
                .env("PERSIANCHESS", dir);
            ("PersianChess (node)", cmd, Some(case.variant))
        }
    };
    let mut e = Uci::start(name, &mut cmd)?;
    e.set_variant(variant)?;
    Ok(Some(e))
}

/// Whether the validation rows run, besides the perft rows.
#[derive(Clone, Copy, PartialEq)]
enum Validation {
    Also,
    Only,
    Skip,
}

struct Options {
    runs: usize,
    quick: bool,
    validation: Validation,
    citadel: Option<PathBuf>,
    stockfish: PathBuf,
    fairy: PathBuf,
    /// The reference program on shakmaty (`bench/pgn-reference`), built by [`compare`].
    reference: PathBuf,
    /// Only the validation's wall time by threads, 1, 2, 4 … up to the machine's cores.
    threads_curve: bool,
    persianchess: Option<PathBuf>,
}

pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        runs: 5,
        quick: false,
        citadel: None,
        validation: Validation::Also,
        stockfish: "/usr/games/stockfish".into(),
        reference: PathBuf::new(),
        threads_curve: false,
        fairy: "/usr/games/fairy-stockfish".into(),
        persianchess: std::env::var_os("PERSIANCHESS")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value")).cloned();
        match a.as_str() {
            "--runs" => {
                o.runs = value()?
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or("--runs needs a positive number")?;
            }
            "--quick" => o.quick = true,
            "--validation-only" => o.validation = Validation::Only,
            "--no-validation" => o.validation = Validation::Skip,
            "--threads-curve" => o.threads_curve = true,
            "--citadel" => o.citadel = Some(value()?.into()),
            "--stockfish" => o.stockfish = value()?.into(),
            "--fairy-stockfish" => o.fairy = value()?.into(),
            "--persianchess" => o.persianchess = Some(value()?.into()),
            _ => return Err(format!("compare: unknown argument `{a}`")),
        }
    }
    Ok(o)
}

/// `cargo xtask compare [--runs N] [--quick] [--validation-only | --no-validation]
/// [--threads-curve] [--citadel EXE] [--stockfish EXE] [--fairy-stockfish EXE]
/// [--persianchess DIR]`.
pub fn compare(args: &[String]) -> Result<(), String> {
    let mut opts = parse(args)?;
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));
    let exe = match &opts.citadel {
        Some(p) => p.clone(),
        None => {
            crate::run(
                "build citadel (release)",
                crate::cargo().args(["build", "--release", "--quiet", "-p", "citadel-cli"]),
            )?;
            target.join("release/citadel")
        }
    };
    opts.reference = crate::validation::reference(&root(), &target)?;
    if opts.threads_curve {
        let curve = crate::validation::threads_curve(&exe, &target, opts.runs, opts.quick)?;
        println!("\n{}", curve.join("\n"));
        return Ok(());
    }
    let validation = match opts.validation {
        Validation::Skip => Vec::new(),
        _ => crate::validation::rows(&exe, &opts.reference, &target, opts.runs, opts.quick)?,
    };
    if opts.validation == Validation::Only {
        println!("\n{}", validation.join("\n"));
        return Ok(());
    }
    println!(
        "Citadel ({}) against the installed engines: one thread each, {} alternating runs, \
         medians",
        exe.display(),
        opts.runs
    );
    let mut mismatches = Vec::new();
    let mut table = vec![
        "| perft | nodes | Citadel M nodes/s | engine | engine M nodes/s | Citadel faster by |"
            .to_string(),
        "| --- | ---: | ---: | --- | ---: | ---: |".to_string(),
    ];
    for case in cases(opts.quick) {
        println!("{}:", case.label);
        let mut rivals = Vec::new();
        for &r in &case.rivals {
            if let Some(e) = start_rival(r, &opts, &case)? {
                rivals.push(e);
            }
        }
        let mut ours = Vec::new();
        // the other engines' nodes per second, and Citadel's speed over theirs, per run
        let mut theirs: Vec<Vec<f64>> = vec![Vec::new(); rivals.len()];
        let mut ratios: Vec<Vec<f64>> = vec![Vec::new(); rivals.len()];
        let mut nodes = 0;
        for _ in 0..opts.runs {
            let (n, s) = citadel_perft(&exe, &case)?;
            nodes = n;
            ours.push(s);
            for (i, e) in rivals.iter_mut().enumerate() {
                let (m, t) = e.perft(case.fen, case.depth)?;
                if m != n && Some(m) != case.rival_nodes {
                    let msg = format!(
                        "NODE COUNT MISMATCH: {}: Citadel {n}, {} {m}",
                        case.label, e.name
                    );
                    eprintln!("xtask: *** {msg} ***");
                    mismatches.push(msg);
                }
                theirs[i].push(m as f64 / t);
                ratios[i].push((n as f64 / s) / (m as f64 / t));
            }
        }
        let ours_s = median(&mut ours);
        let nps = |s: f64| nodes as f64 / s / 1e6;
        println!(
            "  citadel: {nodes} nodes, {ours_s:.3} s, {:.1} M nodes/s",
            nps(ours_s)
        );
        if rivals.is_empty() {
            table.push(format!(
                "| {} | {nodes} | {:.1} | (none installed) | | |",
                case.label,
                nps(ours_s)
            ));
        }
        if let (Some(m), false) = (case.rival_nodes, rivals.is_empty()) {
            println!(
                "  (the other engine counts {m} nodes: it lacks a rule of RULES.md, so speeds \
                 are compared per node)"
            );
        }
        for (i, e) in rivals.iter().enumerate() {
            let theirs_nps = median(&mut theirs[i]) / 1e6;
            let r = median(&mut ratios[i]);
            println!(
                "  {}: {theirs_nps:.2} M nodes/s; Citadel {r:.2}x as fast",
                e.name
            );
            table.push(format!(
                "| {} | {nodes} | {:.1} | {} | {theirs_nps:.2} | {r:.2}x |",
                case.label,
                nps(ours_s),
                e.name,
            ));
        }
    }
    println!("\n{}", table.join("\n"));
    if !validation.is_empty() {
        println!("\n{}", validation.join("\n"));
    }
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} node count mismatch(es):\n  {}",
            mismatches.len(),
            mismatches.join("\n  ")
        ))
    }
}
