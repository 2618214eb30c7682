//! `citadel validate`: every move legal, every declared result consistent; one line per bad
//! game. Files are read game by game and checked on all cores.

use crate::games::{failures, pool, threads, validate_files};
use crate::Failure;
use citadel_notation::report::{Format, Report};
use std::path::PathBuf;

/// Arguments of `citadel validate`.
#[derive(clap::Args)]
pub struct Args {
    /// Game files: PGN text or archives (`-` reads stdin).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Worker threads (0: one per core; capped at the machine's parallelism).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Report: text, json (a line per game), junit (XML) or github (annotations).
    #[arg(long, default_value = "text")]
    format: Format,
    /// Print the speed (plies per second) on standard error.
    #[arg(long)]
    timing: bool,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    crate::keep_going_on_closed_pipe();
    let pool = pool(threads(a.threads))?;
    let (mut total, mut bad, mut plies, mut unopened) = (0usize, 0usize, 0usize, 0usize);
    let mut report = Report::new(a.format, "citadel validate");
    let t0 = std::time::Instant::now();
    validate_files(&a.files, &pool, |file, r| {
        let r = r.map(|(number, r)| r.summary(number));
        out!("{}", report.game(file, &r));
        match r {
            Ok(s) => {
                total += 1;
                plies += s.plies;
            }
            Err(d) if d.is_of_file() => {
                unopened += 1;
                errln!("{}", d.render(file));
            }
            Err(d) => {
                total += 1;
                bad += 1;
                errln!("{}", d.render(file));
            }
        }
        Ok(())
    })?;
    let secs = t0.elapsed().as_secs_f64();
    out!("{}", report.finish());
    let line = format!("{total} game(s) in {} file(s): ", a.files.len());
    let mut line = format!("{line}{} valid, {bad} invalid", total - bad);
    if unopened > 0 {
        line += &format!(", {unopened} file(s) unreadable");
    }
    match a.format {
        Format::Text => outln!("{line}"),
        _ => errln!("{line}"),
    }
    if a.timing {
        errln!(
            "{plies} plies in {secs:.2} s: {:.0} plies/s",
            plies as f64 / secs.max(1e-9)
        );
    }
    if let Some(f) = failures(bad, "invalid game(s)", unopened) {
        Err(f)
    } else if total == 0 {
        Err(Failure("no games found".into()))
    } else {
        Ok(())
    }
}
