//! `citadel convert` (canonical PGN, JSON or archive) and `citadel pack` (archive, verbatim).

use crate::games::{load, output};
use crate::Failure;
use citadel_notation::replay::{self, Diagnostic};
use citadel_notation::{archive, writer, Record};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// Output formats of `citadel convert`.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Format {
    /// Canonical PGN records.
    Pgn,
    /// A JSON array of records.
    Json,
    /// A binary archive.
    Bin,
    /// A self-contained HTML page stepping through each game.
    Html,
}

/// Arguments of `citadel convert`.
#[derive(clap::Args)]
pub struct ConvertArgs {
    /// A game file: PGN text or archive (`-` reads stdin).
    file: PathBuf,
    /// Output format.
    #[arg(long)]
    to: Format,
    /// Output file (default: stdout).
    #[arg(short, long)]
    output: Option<PathBuf>,
}

/// Arguments of `citadel pack`.
#[derive(clap::Args)]
pub struct PackArgs {
    /// PGN files (or archives) to pack, in order.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The archive to write.
    #[arg(short, long)]
    output: PathBuf,
}

/// Every game of the files as records; syntax errors (and, if `canonical`, replay errors)
/// are printed and fail the command.
fn records(files: &[PathBuf], canonical: bool) -> Result<Vec<Record>, Failure> {
    let mut out = Vec::new();
    let mut bad = 0;
    for path in files {
        let file = path.display().to_string();
        for g in load(path)? {
            let r = match &g {
                Err(e) => Err(Diagnostic::from_pgn(e)),
                Ok(g) if canonical => {
                    replay::normalize(&g.record).map_err(|e| Diagnostic::from_replay(g, &e))
                }
                Ok(g) => Ok(g.record.clone()),
            };
            match r {
                Ok(r) => out.push(r),
                Err(d) => {
                    bad += 1;
                    eprintln!("{}", d.render(&file));
                }
            }
        }
    }
    if bad > 0 {
        return Err(Failure(format!("{bad} invalid game(s): nothing written")));
    }
    Ok(out)
}

fn binary_out(out: Option<&Path>) -> Result<(), Failure> {
    if out.is_none() && std::io::stdout().is_terminal() {
        return Err(Failure(
            "an archive is binary: give an output file with -o".into(),
        ));
    }
    Ok(())
}

pub fn convert(a: &ConvertArgs) -> Result<(), Failure> {
    let out = a.output.as_deref();
    if matches!(a.to, Format::Bin) {
        binary_out(out)?;
    }
    let recs = records(std::slice::from_ref(&a.file), true)?;
    let bytes = match a.to {
        Format::Pgn => writer::write_all(&recs).into_bytes(),
        Format::Json => {
            let mut s = serde_json::to_string_pretty(&recs)?;
            s.push('\n');
            s.into_bytes()
        }
        Format::Bin => archive::write(&recs)?,
        Format::Html => crate::diagram::html(&recs, &a.file)?.into_bytes(),
    };
    output(out, &bytes)
}

pub fn pack(a: &PackArgs) -> Result<(), Failure> {
    let recs = records(&a.files, false)?;
    let bytes = archive::write(&recs)?;
    output(Some(&a.output), &bytes)?;
    let text: u64 = a
        .files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    let ratio = if text > 0 {
        format!(
            " ({:.0}% of the input)",
            bytes.len() as f64 * 100.0 / text as f64
        )
    } else {
        String::new()
    };
    outln!(
        "packed {} game(s) into {}: {} bytes{ratio}",
        recs.len(),
        a.output.display(),
        bytes.len()
    );
    Ok(())
}
