//! Pictures of recorded games (`citadel-notation` records): the diagram of every ply, and
//! the games of the HTML viewer ([`crate::viewer`]).
use crate::board::{picture, svg, Options};
use crate::viewer;
use citadel_notation::{fen, replay, Record, ReplayError};
use citadel_rules::{with_game, Color, Game, Position, Variant};
use std::path::{Path, PathBuf};

/// A record that cannot be drawn.
#[derive(Clone, Debug, thiserror::Error)]
pub enum RecordError {
    /// The record names no game this toolkit knows.
    #[error("{}", .0.kind)]
    Variant(#[source] ReplayError),
    /// A move of the record cannot be replayed.
    #[error("{0}")]
    Replay(#[source] ReplayError),
}

/// The diagrams `(ply, SVG)` of a record's main line: the start and the position after every
/// ply, or (`end_only`) the final position alone.
///
/// ```
/// use citadel_diagram::record::diagrams;
/// let games = citadel_notation::pgn::parse("[Variant \"chess\"]\n\n1. e4 e5 *").unwrap();
/// let d = diagrams(&games[0], false).unwrap();
/// assert_eq!(d.len(), 3);
/// assert_eq!(diagrams(&games[0], true).unwrap()[0].0, 2);
/// ```
pub fn diagrams(record: &Record, end_only: bool) -> Result<Vec<(usize, String)>, RecordError> {
    let variant = replay::variant_of(record).map_err(RecordError::Variant)?;
    with_game!(variant, G => diagrams_of::<G>(record, end_only))
}

fn diagrams_of<G: Game>(
    record: &Record,
    end_only: bool,
) -> Result<Vec<(usize, String)>, RecordError> {
    let played = replay::play::<G>(record).map_err(RecordError::Replay)?;
    let draw = |pos: &Position<G>| svg(pos, &Options::from_position(pos));
    if end_only {
        return Ok(vec![(played.moves.len(), draw(&played.end))]);
    }
    let mut pos = played.start.clone();
    let mut out = vec![(0, draw(&pos))];
    for (i, m) in played.moves.iter().enumerate() {
        pos.play_unchecked(*m);
        out.push((i + 1, draw(&pos)));
    }
    Ok(out)
}

/// Diagrams that cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The record cannot be drawn.
    #[error(transparent)]
    Record(Box<RecordError>),
    /// A file or the directory cannot be written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The failure.
        #[source]
        source: std::io::Error,
    },
}

/// Writes the [`diagrams`] of game `number` of the game file `file` into `dir` (created if
/// needed) as `<stem>-g<number>-p<ply>.svg`, after the file's stem (`stdin` for `-`), ply 0
/// the start; returns how many.
pub fn write_diagrams(
    dir: &Path,
    file: &Path,
    number: usize,
    record: &Record,
    end_only: bool,
) -> Result<usize, WriteError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| WriteError::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| s != "-")
        .unwrap_or_else(|| "stdin".into());
    let frames = diagrams(record, end_only).map_err(|e| WriteError::Record(Box::new(e)))?;
    let n = frames.len();
    for (ply, svg) in frames {
        let path = dir.join(format!("{stem}-g{number}-p{ply:03}.svg"));
        std::fs::write(&path, svg).map_err(io(&path))?;
    }
    Ok(n)
}

/// The viewer page ([`viewer::html`]) for canonical records, titled `title`.
pub fn page(records: &[Record], title: &str) -> Result<String, RecordError> {
    let mut games = Vec::with_capacity(records.len());
    for r in records {
        let variant = replay::variant_of(r).map_err(RecordError::Variant)?;
        games.push(with_game!(variant, G => viewer_game::<G>(r, variant))?);
    }
    Ok(viewer::html(title, &games))
}

/// A title for the viewer page of `records` read from the file named `file_name`: the
/// games' event when they all have the same known one, else the file's name (never a path),
/// else `games`.
///
/// ```
/// use citadel_diagram::record::page_title;
/// let games = citadel_notation::pgn::parse("[Event \"Club final\"]\n\n1. e4 *").unwrap();
/// assert_eq!(page_title(&games, Some("final.pgn")), "Club final");
/// assert_eq!(page_title(&[], Some("final.pgn")), "final.pgn");
/// ```
pub fn page_title(records: &[Record], file_name: Option<&str>) -> String {
    let mut events = records.iter().map(|r| r.tag("Event").unwrap_or("?"));
    match events.next() {
        Some(e) if !matches!(e.trim(), "" | "?") && events.all(|o| o == e) => e.to_string(),
        _ => file_name.unwrap_or("games").to_string(),
    }
}

/// A record as a game of the viewer: every position with the move that led there (number,
/// SAN and move marks), its comments and FEN.
fn viewer_game<G: Game>(r: &Record, variant: Variant) -> Result<viewer::Game, RecordError> {
    let played = replay::play::<G>(r).map_err(RecordError::Replay)?;
    let frame = |pos: &Position<G>, san: String, comments: Vec<String>| viewer::Frame {
        svg: picture(pos, &Options::from_position(pos)).position,
        san,
        comments,
        fen: fen::write(pos),
    };
    let mut pos = played.start.clone();
    let base = picture(&pos, &Options::default());
    let mut frames = vec![frame(&pos, String::new(), r.main.comments.clone())];
    for (m, node) in played.moves.iter().zip(&r.main.moves) {
        let dots = if pos.turn() == Color::White {
            "."
        } else {
            "..."
        };
        let marks: String = node.nags.iter().filter_map(|&n| nag_mark(n)).collect();
        let label = format!("{}{dots} {}{marks}", pos.fullmove_number(), node.san);
        pos.play_unchecked(*m);
        frames.push(frame(&pos, label, node.comments.clone()));
    }
    let tag = |n: &str| r.tag(n).filter(|v| !v.is_empty() && *v != "?");
    let mut title = match (tag("White"), tag("Black")) {
        (Some(w), Some(b)) => format!("{w} - {b}"),
        _ => tag("Event").unwrap_or("game").to_string(),
    };
    title.push_str(&format!(" ({})", variant.name()));
    Ok(viewer::Game {
        title,
        tags: r.tags.clone(),
        open: base.open,
        board: base.board,
        frames,
        result: r.result.as_str().to_string(),
    })
}

/// The move mark of a NAG that has one (`$1` is `!`, `$4` is `??`).
fn nag_mark(nag: u8) -> Option<&'static str> {
    Some(match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        _ => return None,
    })
}
