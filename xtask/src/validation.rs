//! The validation rows of `cargo xtask compare`: `citadel validate` timed side by side with a
//! reference validator on shakmaty + pgn-reader (`bench/pgn-reference`, built here, used only
//! for measuring) and with pgn-extract when it is installed, on seeded self-play files, runs
//! alternating; then plies per second of `citadel validate` for every game.
//!
//! Each run is one process; its CPU time (user + system, from `/proc/self/stat`'s children
//! times, 10 ms ticks) and its wall time are taken, and the medians are reported.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The game ids, as `citadel variants` lists them (first word of each line).
fn game_ids(citadel: &Path) -> Result<Vec<String>, String> {
    let out = Command::new(citadel)
        .arg("variants")
        .output()
        .map_err(|e| format!("citadel variants: {e}"))?;
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect())
}

/// One timed run: CPU seconds and wall seconds.
#[derive(Clone, Copy)]
struct Timing {
    cpu: f64,
    wall: f64,
}

/// The CPU time used so far by this process's finished children, in seconds.
fn children_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // fields after the command name, which ends with the last `)`
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 after `)`
    let ticks = |i: usize| f.get(i).and_then(|t| t.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(13) + ticks(14)) / 100.0
}

/// Runs `cmd` to the end (output discarded), timed; an exit code other than 0 fails.
fn timed(cmd: &mut Command) -> Result<Timing, String> {
    let before = children_cpu();
    let t0 = Instant::now();
    let out = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("{cmd:?}: {e}"))?;
    let wall = t0.elapsed().as_secs_f64();
    if !out.status.success() {
        return Err(format!(
            "{cmd:?} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(Timing {
        cpu: children_cpu() - before,
        wall,
    })
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// A seeded self-play file of `game`: random movers, `games` games of at most 300 plies.
fn generate(citadel: &Path, dir: &Path, game: &str, games: u32) -> Result<PathBuf, String> {
    let path = dir.join(format!("{game}-{games}.pgn"));
    if path.exists() {
        return Ok(path);
    }
    let partial = dir.join(format!("{game}-{games}.pgn.partial"));
    let status = Command::new(citadel)
        .args([
            "match",
            "--variant",
            game,
            "--engine",
            "random",
            "--opponent",
            "random",
        ])
        .args([
            "--games",
            &games.to_string(),
            "--max-plies",
            "300",
            "--seed",
            "7",
        ])
        .arg("--out")
        .arg(&partial)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("citadel match: {e}"))?;
    if !status.success() {
        return Err(format!("generating {game} games failed ({status})"));
    }
    std::fs::rename(&partial, &path).map_err(|e| e.to_string())?;
    Ok(path)
}

/// The main-line plies of a file, counted by `citadel replay --json`.
fn plies(citadel: &Path, file: &Path) -> Result<u64, String> {
    let out = Command::new(citadel)
        .args(["replay", "--json"])
        .arg(file)
        .output()
        .map_err(|e| e.to_string())?;
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let at = l.find("\"plies\":")? + 8;
            l[at..].split([',', '}']).next()?.trim().parse::<u64>().ok()
        })
        .sum())
}

/// Builds the reference validator (release) and returns its path.
pub fn reference(root: &Path, target: &Path) -> Result<PathBuf, String> {
    let dir = target.join("pgn-reference");
    crate::run(
        "build the reference validator (shakmaty + pgn-reader)",
        crate::cargo()
            .args(["build", "--release", "--quiet", "--manifest-path"])
            .arg(root.join("bench/pgn-reference/Cargo.toml"))
            .env("CARGO_TARGET_DIR", &dir),
    )?;
    Ok(dir.join("release/pgn-reference"))
}

/// 1, 2, 4 … threads up to the machine's cores (the last one the count of cores).
fn thread_counts() -> Vec<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut v: Vec<usize> = std::iter::successors(Some(1), |&t| Some(t * 2))
        .take_while(|&t| t < cores)
        .collect();
    v.push(cores);
    v
}

/// The seeded chess file (generated once into `target/compare`): its count of games, its
/// folder and its path.
fn chess_file(
    citadel: &Path,
    target: &Path,
    quick: bool,
) -> Result<(u32, PathBuf, PathBuf), String> {
    let games = if quick { 600 } else { 6000 };
    let dir = target.join("compare");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let chess = generate(citadel, &dir, "chess", games)?;
    Ok((games, dir, chess))
}

/// `--threads-curve`: the wall time of `citadel validate` on the seeded chess file by
/// threads, 1, 2, 4 … up to the machine's cores, runs alternating; each row with its speed-up
/// over one thread and its wall time as a fraction of one thread's.
pub fn threads_curve(
    citadel: &Path,
    target: &Path,
    runs: usize,
    quick: bool,
) -> Result<Vec<String>, String> {
    let (_, _, chess) = chess_file(citadel, target, quick)?;
    let counts = thread_counts();
    let mut timings: Vec<Vec<Timing>> = vec![Vec::new(); counts.len()];
    for _ in 0..runs {
        for (i, &t) in counts.iter().enumerate() {
            let mut c = Command::new(citadel);
            c.args(["validate", "--threads", &t.to_string()])
                .arg(&chess);
            timings[i].push(timed(&mut c)?);
        }
    }
    let mut table = vec![
        "| threads | CPU s | wall s | speed-up | wall against 1 thread |".to_string(),
        "| ---: | ---: | ---: | ---: | ---: |".to_string(),
    ];
    let one = median(timings[0].iter().map(|t| t.wall).collect());
    for (i, &t) in counts.iter().enumerate() {
        let cpu = median(timings[i].iter().map(|t| t.cpu).collect());
        let wall = median(timings[i].iter().map(|t| t.wall).collect());
        let row = format!(
            "| {t} | {cpu:.2} | {wall:.2} | {:.2}x | {:.2} |",
            one / wall.max(1e-9),
            wall / one.max(1e-9)
        );
        println!("  {row}");
        table.push(row);
    }
    Ok(table)
}

/// The validation rows: the chess file against the reference (and pgn-extract), then every
/// game's plies per second. Returns the Markdown table.
pub fn rows(
    citadel: &Path,
    reference: &Path,
    target: &Path,
    runs: usize,
    quick: bool,
) -> Result<Vec<String>, String> {
    let (games, dir, chess) = chess_file(citadel, target, quick)?;
    let chess_plies = plies(citadel, &chess)?;
    let bytes = std::fs::metadata(&chess).map_or(0, |m| m.len());
    println!(
        "validation: {} ({:.1} MB, {games} games, {chess_plies} plies)",
        chess.display(),
        bytes as f64 / 1e6
    );
    let extract = ["/usr/games/pgn-extract", "/usr/bin/pgn-extract"]
        .into_iter()
        .map(Path::new)
        .find(|p| p.exists());
    let scratch = dir.join("pgn-extract.out");
    let mut programs: Vec<(String, Command)> = Vec::new();
    let mut reference_cmd = Command::new(reference);
    reference_cmd.arg(&chess);
    programs.push(("shakmaty + pgn-reader, 1 thread".into(), reference_cmd));
    for threads in thread_counts() {
        let mut c = Command::new(citadel);
        c.args(["validate", "--threads", &threads.to_string()])
            .arg(&chess);
        let label = format!(
            "citadel validate, {threads} thread{}",
            if threads == 1 { "" } else { "s" }
        );
        programs.push((label, c));
    }
    // the archive made from the same games: writing it, and reading it back
    let archive = dir.join(format!("chess-{games}.bin"));
    let mut convert = Command::new(citadel);
    convert
        .args(["convert", "--threads", "1", "--to", "bin"])
        .arg(&chess)
        .arg("-o")
        .arg(&archive);
    timed(&mut convert)?;
    programs.push(("citadel convert --to bin, 1 thread".into(), convert));
    let mut read = Command::new(citadel);
    read.args(["validate", "--threads", "1"]).arg(&archive);
    programs.push(("citadel validate of that archive, 1 thread".into(), read));
    if let Some(extract) = extract {
        let mut c = Command::new(extract);
        c.args(["-s", "-o"]).arg(&scratch).arg(&chess);
        programs.push(("pgn-extract".into(), c));
    } else {
        println!("  (pgn-extract is not installed: skipped)");
    }
    let mut timings: Vec<Vec<Timing>> = vec![Vec::new(); programs.len()];
    for _ in 0..runs {
        for (i, (_, cmd)) in programs.iter_mut().enumerate() {
            timings[i].push(timed(cmd)?);
        }
    }
    let mut table = vec![
        "| validation | program | CPU s | wall s | plies per CPU s | speed (wall) against the reference |"
            .to_string(),
        "| --- | --- | ---: | ---: | ---: | ---: |".to_string(),
    ];
    let reference_wall = median(timings[0].iter().map(|t| t.wall).collect());
    for (i, (label, _)) in programs.iter().enumerate() {
        let cpu = median(timings[i].iter().map(|t| t.cpu).collect());
        let wall = median(timings[i].iter().map(|t| t.wall).collect());
        let row = format!(
            "| chess, {chess_plies} plies | {label} | {cpu:.2} | {wall:.2} | {:.0} | {:.2}x |",
            chess_plies as f64 / cpu.max(1e-9),
            reference_wall / wall.max(1e-9)
        );
        println!("  {row}");
        table.push(row);
    }
    for game in game_ids(citadel)? {
        let game = game.as_str();
        let file = generate(citadel, &dir, game, games)?;
        let n = plies(citadel, &file)?;
        let mut one = Vec::new();
        for _ in 0..runs {
            let mut c = Command::new(citadel);
            c.args(["validate", "--threads", "1"]).arg(&file);
            one.push(timed(&mut c)?);
        }
        let cpu = median(one.iter().map(|t| t.cpu).collect());
        let wall = median(one.iter().map(|t| t.wall).collect());
        let row = format!(
            "| {game}, {n} plies | citadel validate, 1 thread | {cpu:.2} | {wall:.2} | {:.0} | |",
            n as f64 / cpu.max(1e-9)
        );
        println!("  {row}");
        table.push(row);
    }
    Ok(table)
}
