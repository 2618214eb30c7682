//! A problem with one game of a file, whatever found it (the PGN reader, the archive reader
//! or the replay), located and ready to print; and the checks of a game read from a file
//! that report one.

use crate::archive::{self, ArchiveError, FileGame, ReadError};
use crate::batch::OpenError;
use crate::pgn::{Chunk, Loc, PgnError, SourceGame};
use crate::record::Record;
use crate::replay::{self, ReplayError, Replayed, Site};

/// A problem with one game of a file, ready to print as `file:line:col: game N, move ...:
/// reason`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// Where, if the game came from text.
    pub loc: Option<Loc>,
    /// The game's number in its file.
    pub game: usize,
    /// The move at fault (`move 14... Nf9`), if any.
    pub mv: Option<String>,
    /// What is wrong.
    pub reason: String,
}

impl Diagnostic {
    /// What is wrong, with the move at fault in front (`move 14... Nf9: no knight can move
    /// to f9`), without the location.
    pub fn message(&self) -> String {
        match &self.mv {
            Some(m) => format!("{m}: {}", self.reason),
            None => self.reason.clone(),
        }
    }

    /// A file that cannot be opened (missing, unreadable, a directory): a diagnostic of the
    /// file as a whole (game 0), for reports that go on with the next file.
    pub fn unopened(e: &OpenError) -> Self {
        Diagnostic {
            loc: None,
            game: 0,
            mv: None,
            reason: format!("cannot open the file: {}", e.source),
        }
    }

    /// Whether the diagnostic is of a file as a whole (game 0: it cannot be opened, or it is
    /// a damaged archive) rather than of one of its games.
    pub fn is_of_file(&self) -> bool {
        self.game == 0
    }

    /// A syntax error.
    pub fn from_pgn(e: &PgnError) -> Self {
        Diagnostic {
            loc: Some(e.loc),
            game: e.game,
            mv: None,
            reason: e.kind.to_string(),
        }
    }

    /// A damaged archive.
    pub fn from_archive(e: &ArchiveError) -> Self {
        Diagnostic {
            loc: None,
            game: e.game(),
            mv: None,
            reason: e.to_string(),
        }
    }

    /// A game that could not be read: a syntax error, or a damaged archive.
    pub fn from_read(e: &ReadError) -> Self {
        match e {
            ReadError::Pgn(e) => Diagnostic::from_pgn(e),
            ReadError::Archive(e) => Diagnostic::from_archive(e),
        }
    }

    /// A replay error of `game`, located with the game's source positions.
    pub fn from_replay(game: &SourceGame, e: &ReplayError) -> Self {
        let loc = game.locations.as_ref().map(|l| match e.site {
            Site::Game => l.game,
            Site::Tag(i) => l.tags.get(i).copied().unwrap_or(l.game),
            Site::Move(i) => l.moves.get(i).copied().unwrap_or(l.game),
            Site::Result => l.result,
        });
        Diagnostic {
            loc,
            game: game.number,
            mv: e.mv.as_ref().map(ToString::to_string),
            reason: e.kind.to_string(),
        }
    }

    /// The line for a file: `games.pgn:12:7: game 3, move 14... Nf9: no knight can move to
    /// f9` (without `line:col` for archived games).
    pub fn render(&self, file: &str) -> String {
        let place = match self.loc {
            Some(l) => format!("{file}:{l}:"),
            None => format!("{file}:"),
        };
        let what = match &self.mv {
            Some(m) => format!(" game {}, {m}:", self.game),
            None if self.game == 0 => String::new(),
            None => format!(" game {}:", self.game),
        };
        format!("{place}{what} {}", self.reason)
    }
}

/// Validates one game as read from a file: its replay, or what is wrong.
pub fn validate_game(game: &SourceGame) -> Result<Replayed, Diagnostic> {
    replay::validate(&game.record).map_err(|e| Diagnostic::from_replay(game, &e))
}

/// Validates one game as read from a file, decoding an archived game only when it has
/// something to report ([`Frame::validate`](crate::archive::Frame::validate)): the same
/// verdicts as [`validate_game`], faster on archives.
pub fn validate_file_game(game: &FileGame) -> Result<Replayed, Diagnostic> {
    if let FileGame::Archived(frame) = game {
        if let Some(r) = frame.validate() {
            return Ok(r);
        }
    }
    let source = game.source().map_err(|e| Diagnostic::from_archive(&e))?;
    validate_game(&source)
}

/// Validates the games of a chunk of PGN text ([`Chunk`]), numbered from 1 within the chunk:
/// each game's number and replay, or what is wrong — the verdicts of [`validate_game`] on
/// each game of [`Chunk::parse`], without a string per move: the main lines are read as
/// texts borrowed from the chunk, and only a game with something to report is read whole,
/// for the places its report names.
///
/// ```
/// use citadel_notation::{diagnostic, pgn::Chunks};
/// let text = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0 1. e4 e5 2. Ke3 *";
/// let chunk = Chunks::new(text.as_bytes()).next().unwrap();
/// let verdicts = diagnostic::validate_chunk(&chunk);
/// assert_eq!(verdicts[0].as_ref().unwrap().1.plies, 7);
/// assert_eq!(verdicts[1].as_ref().unwrap_err().render("g.pgn"), "g.pgn:1:57: game 2, move 2. Ke3: no king can move to e3");
/// ```
pub fn validate_chunk(chunk: &Chunk) -> Vec<Result<(usize, Replayed), Diagnostic>> {
    let whole = |g: &Result<SourceGame, PgnError>| match g {
        Ok(g) => validate_game(g).map(|r| (g.number, r)),
        Err(e) => Err(Diagnostic::from_pgn(e)),
    };
    let Some(games) = chunk.parse_main_lines(0) else {
        return chunk.parse(0).iter().map(whole).collect();
    };
    // the chunk read whole, once, if a game of it has something to report
    let mut read: Option<Vec<Result<SourceGame, PgnError>>> = None;
    let mut out = Vec::with_capacity(games.len());
    for (i, g) in games.iter().enumerate() {
        out.push(match g {
            Err(e) => Err(Diagnostic::from_pgn(e)),
            Ok(g) => match replay::validate_main_line(&g.record, &g.moves) {
                Ok(r) => Ok((g.number, r)),
                Err(_) => {
                    let read = read.get_or_insert_with(|| chunk.parse(0));
                    match read.get(i) {
                        Some(g) => whole(g),
                        // the two readings find the same games; were they ever to differ,
                        // the whole reading has the last word
                        None => return read.iter().map(whole).collect(),
                    }
                }
            },
        });
    }
    out
}

/// Replays one game as read from a file (moves only): its replay, or what is wrong.
pub fn replay_game(game: &SourceGame) -> Result<Replayed, Diagnostic> {
    replay::replay(&game.record).map_err(|e| Diagnostic::from_replay(game, &e))
}

/// The archive payload of the canonical form of one game as read from a file, from one
/// replay ([`Payload::canonical`](crate::archive::Payload::canonical)), or what is wrong.
pub fn canonical_payload(game: &SourceGame) -> Result<archive::Payload, Diagnostic> {
    archive::Payload::canonical(&game.record).map_err(|e| Diagnostic::from_replay(game, &e))
}

/// The canonical form of one game as read from a file, or what is wrong.
pub fn normalize_game(game: &SourceGame) -> Result<Record, Diagnostic> {
    replay::normalize(&game.record).map_err(|e| Diagnostic::from_replay(game, &e))
}
