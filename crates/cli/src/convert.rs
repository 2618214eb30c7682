//! `citadel convert` (canonical PGN, JSON or archive) and `citadel pack` (archive, verbatim).
//! Files are read game by game and converted on all cores, in input order.

use crate::games::{each_game, failures, pool, threads};
use crate::Failure;
use citadel_notation::diagnostic::{self, Diagnostic};
use citadel_notation::export::{self, Exporter};
use citadel_notation::out_file::Output;
use citadel_notation::Record;
use std::io::Write;
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

/// The open output of a conversion: records written as they come, or (for the HTML viewer,
/// which needs every game) collected and written at the end.
enum Writer<'a> {
    Records(Exporter<&'a mut Output>),
    Html(&'a mut Output, Vec<Record>, &'a Path),
}

/// A game as the workers hand it over: encoded for the output, or (for the viewer) its record.
enum Item {
    Encoded(Result<export::Encoded, export::ExportError>),
    Record(Record),
}

/// Converts every game of `files` (canonical records if `canonical`) into `sink`; invalid
/// games are reported and skipped, and fail the command.
fn convert_into(
    files: &[PathBuf],
    threads_wanted: usize,
    format: Format,
    canonical: bool,
    sink: &mut Output,
) -> Result<usize, Failure> {
    let pool = pool(threads(threads_wanted))?;
    let staged = sink.staged();
    let exported = match format {
        Format::Pgn => Some(export::Format::Pgn),
        Format::Json => Some(export::Format::Json),
        Format::Bin => Some(export::Format::Archive),
        Format::Html => None,
    };
    let (mut n, mut bad, mut unopened) = (0, 0, 0);
    let mut out = match exported {
        Some(f) => Writer::Records(Exporter::new(f, sink)?),
        None => Writer::Html(sink, Vec::new(), &files[0]),
    };
    each_game(
        files,
        &pool,
        // the workers replay and encode; the output is written in order on this thread
        |_, g| {
            if canonical && exported == Some(export::Format::Archive) {
                // one replay gives the canonical game's moves, stored without their SAN
                let payload = diagnostic::canonical_payload(g)?;
                return Ok(Item::Encoded(Ok(export::Encoded::Archive(payload))));
            }
            let r = match canonical {
                true => diagnostic::normalize_game(g)?,
                false => g.record.clone(),
            };
            Ok::<_, Diagnostic>(match exported {
                Some(f) => Item::Encoded(f.encode(&r)),
                None => Item::Record(r),
            })
        },
        |file, r| {
            // the workers hand over what the output takes: an encoded game or a record
            match (r, &mut out) {
                (Ok(Item::Encoded(e)), Writer::Records(w)) => w.add_encoded(e?)?,
                (Ok(Item::Record(r)), Writer::Html(_, recs, _)) => recs.push(r),
                (Ok(_), _) => {}
                (Err(d), _) => {
                    match d.is_of_file() {
                        true => unopened += 1,
                        false => bad += 1,
                    }
                    errln!("{}", d.render(file));
                    return Ok(());
                }
            }
            n += 1;
            Ok(())
        },
    )?;
    if n == 0 && bad == 0 && unopened == 0 {
        // as `validate`: an input without games is no conversion (nothing is written)
        return Err(Failure("no games found".into()));
    }
    match out {
        Writer::Records(w) => {
            w.finish()?;
        }
        Writer::Html(s, recs, file) => {
            if bad == 0 && unopened == 0 {
                s.write_all(crate::diagram::html(&recs, file)?.as_bytes())
                    .map_err(|e| Failure(format!("cannot write the output: {e}")))?;
            }
        }
    }
    if let Some(Failure(what)) = failures(bad, "invalid game(s)", unopened) {
        let written = if staged { ": nothing written" } else { "" };
        return Err(Failure(format!("{what}{written}")));
    }
    Ok(n)
}

pub fn convert(a: &ConvertArgs) -> Result<(), Failure> {
    crate::keep_going_on_closed_pipe();
    let out = a.output.as_deref();
    if matches!(a.to, Format::Bin) {
        Output::refuse_binary_on_terminal(out, "an archive")?;
    }
    let inputs = std::slice::from_ref(&a.file);
    let mut sink = Output::open(out, inputs)?;
    convert_into(inputs, a.threads, a.to, true, &mut sink)?;
    Ok(sink.commit()?)
}

pub fn pack(a: &PackArgs) -> Result<(), Failure> {
    let mut sink = Output::open(Some(&a.output), &a.files)?;
    let n = convert_into(&a.files, a.threads, Format::Bin, false, &mut sink)?;
    let bytes = sink.written();
    sink.commit()?;
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
