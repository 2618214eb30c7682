//! `citadel convert` (canonical PGN, JSON or archive) and `citadel pack` (archive, verbatim).
//! Files are read game by game and converted on all cores, in input order.

use crate::games::{each_game, pool, threads};
use crate::Failure;
use citadel_notation::diagnostic::{self, Diagnostic};
use citadel_notation::export::{self, Exporter};
use citadel_notation::out_file::{refuse_input, OutFile};
use citadel_notation::Record;
use std::io::{IsTerminal, Write};
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
    /// A self-contained HTML page stepping through each game (built from all the games at
    /// once).
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
    /// Worker threads (0: one per core; capped at the machine's parallelism).
    #[arg(long, default_value_t = 0)]
    threads: usize,
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
    /// Worker threads (0: one per core; capped at the machine's parallelism).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

/// Where converted games go: a file (filled only if every game converts, unless it is
/// written through: see [`OutFile`]) or stdout.
enum Sink {
    File(OutFile),
    Stdout,
}

impl Sink {
    fn open(out: Option<&Path>, inputs: &[PathBuf]) -> Result<Sink, Failure> {
        match out {
            Some(p) => {
                refuse_input(p, inputs)?;
                Ok(Sink::File(OutFile::create(p)?))
            }
            None => Ok(Sink::Stdout),
        }
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::File(f) => f.write(buf),
            Sink::Stdout => {
                crate::emit_bytes(buf);
                Ok(buf.len())
            }
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::File(f) => f.flush(),
            Sink::Stdout => Ok(()),
        }
    }
}

/// The open output of a conversion: records written as they come, or (for the HTML viewer,
/// which needs every game) collected and written at the end.
enum Output<'a> {
    Records(Exporter<&'a mut Sink>),
    Html(&'a mut Sink, Vec<Record>, &'a Path),
}

/// Converts every game of `files` (canonical records if `canonical`) into `sink`; invalid
/// games are reported and skipped, and fail the command.
fn convert_into(
    files: &[PathBuf],
    threads_wanted: usize,
    format: Format,
    canonical: bool,
    sink: &mut Sink,
) -> Result<usize, Failure> {
    let pool = pool(threads(threads_wanted))?;
    let staged = matches!(sink, Sink::File(f) if f.staged());
    let mut out = match format {
        Format::Pgn => Output::Records(Exporter::new(export::Format::Pgn, sink)?),
        Format::Json => Output::Records(Exporter::new(export::Format::Json, sink)?),
        Format::Bin => Output::Records(Exporter::new(export::Format::Archive, sink)?),
        Format::Html => Output::Html(sink, Vec::new(), &files[0]),
    };
    let (mut n, mut bad) = (0, 0);
    each_game(
        files,
        &pool,
        |_, g| {
            if canonical {
                diagnostic::normalize_game(g)
            } else {
                Ok::<Record, Diagnostic>(g.record.clone())
            }
        },
        |file, r| {
            match r {
                Ok(r) => {
                    match &mut out {
                        Output::Records(w) => w.add(&r)?,
                        Output::Html(_, recs, _) => recs.push(r),
                    }
                    n += 1;
                }
                Err(d) => {
                    bad += 1;
                    errln!("{}", d.render(file));
                }
            }
            Ok(())
        },
    )?;
    match out {
        Output::Records(w) => {
            w.finish()?;
        }
        Output::Html(s, recs, file) => {
            if bad == 0 {
                s.write_all(crate::diagram::html(&recs, file)?.as_bytes())
                    .map_err(|e| Failure(format!("cannot write the output: {e}")))?;
            }
        }
    }
    if bad > 0 {
        return Err(Failure(format!(
            "{bad} invalid game(s){}",
            if staged { ": nothing written" } else { "" }
        )));
    }
    Ok(n)
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
    crate::keep_going_on_closed_pipe();
    let out = a.output.as_deref();
    if matches!(a.to, Format::Bin) {
        binary_out(out)?;
    }
    let inputs = std::slice::from_ref(&a.file);
    let mut sink = Sink::open(out, inputs)?;
    convert_into(inputs, a.threads, a.to, true, &mut sink)?;
    if let Sink::File(f) = sink {
        f.commit()?;
    }
    Ok(())
}

pub fn pack(a: &PackArgs) -> Result<(), Failure> {
    let mut sink = Sink::open(Some(&a.output), &a.files)?;
    let n = convert_into(&a.files, a.threads, Format::Bin, false, &mut sink)?;
    let mut bytes = 0;
    if let Sink::File(f) = sink {
        bytes = f.written();
        f.commit()?;
    }
    let text: u64 = a
        .files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    let ratio = if text > 0 {
        format!(" ({:.0}% of the input)", bytes as f64 * 100.0 / text as f64)
    } else {
        String::new()
    };
    outln!(
        "packed {n} game(s) into {}: {bytes} bytes{ratio}",
        a.output.display()
    );
    Ok(())
}
