//! Pictures from the command line: `show --svg/--png/--legend`, `replay --svg-dir` and
//! `convert --to html`, over the `citadel-diagram` crate.
use crate::Failure;
use citadel_diagram::cells::{cell, cell_pair, CellError};
use citadel_diagram::{legend, record, Options};
use citadel_notation::out_file::Output;
use citadel_notation::{Record, SourceGame};
use citadel_rules::{Game, Position};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The picture options of `citadel show`.
#[derive(clap::Args, Debug, Default)]
pub struct ShowPicture {
    /// Write the position as an SVG diagram (to stdout or -o FILE).
    #[arg(long, conflicts_with = "png")]
    pub svg: bool,
    /// Write the position as a PNG picture (to -o FILE, or a redirected stdout).
    #[arg(long)]
    pub png: bool,
    /// Output file for --svg or --png.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The game's pieces: symbol, name and figure (with --svg or --png: as a picture).
    #[arg(long)]
    pub legend: bool,
    /// Draw the board from Black's side.
    #[arg(long)]
    pub flip: bool,
    /// Leave out the coordinates.
    #[arg(long)]
    pub no_coordinates: bool,
    /// Highlight a last move, as two cells (`e2e4`, `e2-e4`, `k2x1`).
    #[arg(long, value_name = "CELLS")]
    pub last_move: Option<String>,
    /// Draw an arrow between two cells (`e2e4`, `e2-e4`); repeatable.
    #[arg(long, value_name = "CELLS")]
    pub arrow: Vec<String>,
    /// Mark a cell with a ring (`f6`); repeatable.
    #[arg(long, value_name = "CELL")]
    pub mark: Vec<String>,
    /// Scale of the PNG picture (1 = one pixel per SVG unit).
    #[arg(long, default_value_t = 1.0)]
    pub scale: f32,
}

impl ShowPicture {
    /// Whether `show` should draw a picture or legend instead of the text board.
    pub fn wanted(&self) -> bool {
        self.svg || self.png || self.legend || self.output.is_some()
    }
}

/// `citadel show` with a picture option: the diagram or legend of the position.
pub fn show<G: Game>(pos: &Position<G>, p: &ShowPicture) -> Result<(), Failure> {
    if !(p.scale > 0.0 && p.scale <= 8.0) {
        return Err(Failure(format!(
            "--scale must be above 0 and at most 8, not {}",
            p.scale
        )));
    }
    if p.output.is_some() && !(p.svg || p.png) {
        return Err(Failure("-o needs --svg or --png".into()));
    }
    let svg = if p.legend {
        if !(p.svg || p.png) {
            out!("{}", legend::text::<G>());
            return Ok(());
        }
        legend::svg::<G>()
    } else {
        let mut o = Options::from_position(pos);
        o.flip = p.flip;
        o.no_coordinates = p.no_coordinates;
        let named = |option: &'static str| move |e: CellError| Failure(format!("{option}: {e}"));
        if let Some(m) = &p.last_move {
            o.last_move = Some(cell_pair::<G>(m).map_err(named("--last-move"))?);
        }
        for a in &p.arrow {
            o.arrows.push(cell_pair::<G>(a).map_err(named("--arrow"))?);
        }
        for m in &p.mark {
            o.marks.push(cell::<G>(m).map_err(named("--mark"))?);
        }
        citadel_diagram::svg(pos, &o)
    };
    let bytes = if p.png {
        Output::refuse_binary_on_terminal(p.output.as_deref(), "a PNG")?;
        citadel_diagram::png(&svg, p.scale)?
    } else {
        svg.into_bytes()
    };
    let mut out = Output::open(p.output.as_deref(), &[])?;
    out.write_all(&bytes)
        .map_err(|e| Failure(format!("cannot write the picture: {e}")))?;
    Ok(out.commit()?)
}

/// When `replay --svg-dir` draws a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Every {
    /// The start and the position after every ply.
    #[default]
    Ply,
    /// The final position only.
    End,
}

/// The picture options of `citadel replay`.
#[derive(clap::Args, Debug, Default)]
pub struct ReplayPictures {
    /// Write SVG diagrams of each game into this directory
    /// (`<file>-g<game>-p<ply>.svg`, ply 0 the start).
    #[arg(long, value_name = "DIR")]
    pub svg_dir: Option<PathBuf>,
    /// Which positions --svg-dir draws.
    #[arg(long, value_enum, default_value_t = Every::Ply, requires = "svg_dir")]
    pub svg_at: Every,
}

impl ReplayPictures {
    /// Refuses (a usage error) input files whose diagrams would have the same names
    /// (`a/g.pgn` and `b/g.pgn`: both `g-g<game>-p<ply>.svg`), so that no file's diagrams
    /// overwrite another's.
    pub fn check_names(&self, files: &[PathBuf]) -> Result<(), String> {
        if self.svg_dir.is_none() {
            return Ok(());
        }
        // named as `record::write_diagrams` names them: the file's stem, `stdin` for `-`
        let stem = |f: &Path| match f.file_stem() {
            Some(s) if s != "-" => s.to_string_lossy().into_owned(),
            _ => "stdin".into(),
        };
        let mut seen = std::collections::HashMap::new();
        for f in files {
            if let Some(before) = seen.insert(stem(f), f) {
                return Err(format!(
                    "--svg-dir: `{}` and `{}` would write diagrams of the same names \
                     (`{}-g…`); replay them one at a time",
                    before.display(),
                    f.display(),
                    stem(f)
                ));
            }
        }
        Ok(())
    }

    /// Writes the diagrams of a replayed game, if asked; returns how many.
    pub fn write(&self, file: &Path, game: &SourceGame) -> Result<usize, Failure> {
        let Some(dir) = &self.svg_dir else {
            return Ok(0);
        };
        let end_only = self.svg_at == Every::End;
        let n = record::write_diagrams(dir, file, game.number, &game.record, end_only)?;
        Ok(n)
    }
}

/// The HTML viewer page for canonical records read from `file`.
pub fn html(records: &[Record], file: &Path) -> Result<String, Failure> {
    let name = file
        .file_name()
        .filter(|_| file.as_os_str() != "-")
        .map(|n| n.to_string_lossy());
    let title = record::page_title(records, name.as_deref());
    Ok(record::page(records, &title)?)
}
