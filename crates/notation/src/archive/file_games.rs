//! The games of a file of either kind, PGN text or archive (told apart by their first bytes),
//! read one by one: decoded ([`Games`]) or as read, archived games still to decode
//! ([`FileGames`], [`FileGame`]).

use super::{damaged_magic, is_archive, read_full, ArchiveError, Frame, Reader};
use crate::pgn::{self, PgnError, SourceGame};
use std::borrow::Cow;
use std::io::{BufRead, Read};

/// A game of a file as read: a PGN record, or an archive's frame still to decode.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FileGame {
    /// A game of a PGN text, parsed.
    Text(SourceGame),
    /// A game of an archive, not yet decoded.
    Archived(Frame),
}

impl FileGame {
    /// The game's number in its file, from 1.
    pub fn number(&self) -> usize {
        match self {
            FileGame::Text(g) => g.number,
            FileGame::Archived(f) => f.number,
        }
    }

    /// About how many moves the game has, to size batches of work.
    pub fn size_hint(&self) -> usize {
        match self {
            FileGame::Text(g) => g.record.main.moves.len(),
            FileGame::Archived(f) => f.len(),
        }
    }

    /// The game as read from a file: a PGN game as it is, an archived game decoded.
    pub fn source(&self) -> Result<Cow<'_, SourceGame>, ArchiveError> {
        match self {
            FileGame::Text(g) => Ok(Cow::Borrowed(g)),
            FileGame::Archived(f) => Ok(Cow::Owned(SourceGame {
                number: f.number,
                record: f.decode()?,
                locations: None,
            })),
        }
    }
}

/// Why a game of a file could not be read: a syntax error of a PGN text, or a damaged
/// archive.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ReadError {
    /// A syntax error in a PGN text (reading goes on with the next game).
    #[error(transparent)]
    Pgn(#[from] PgnError),
    /// A damaged archive (reading stops).
    #[error(transparent)]
    Archive(#[from] ArchiveError),
}

/// The games of a file, PGN text or archive (told apart by their first bytes), read one by
/// one with memory bounded by the largest game.
pub enum Games<R: BufRead> {
    /// A PGN text.
    Pgn(pgn::Games<R>),
    /// An archive (`None` once its header failed: the error was returned).
    Archive(Option<Result<Reader<R>, ArchiveError>>, usize),
}

/// Opens a game file of either kind: the first bytes are read to tell them apart, then put
/// back in front of the rest.
pub fn open<R: BufRead>(mut input: R) -> Games<std::io::Chain<std::io::Cursor<Vec<u8>>, R>> {
    let mut head = vec![0u8; 9];
    let n = read_full(&mut input, &mut head).unwrap_or(0);
    head.truncate(n);
    let archive = is_archive(&head) || damaged_magic(&head);
    let joined = std::io::Cursor::new(head).chain(input);
    if archive {
        Games::Archive(Some(Reader::new(joined)), 0)
    } else {
        Games::Pgn(pgn::Games::new(joined))
    }
}

impl<R: BufRead> Games<R> {
    /// The games as read, archived games not decoded ([`FileGame`]): for readers that decode
    /// on worker threads or validate archived games without decoding them
    /// ([`Frame::validate`]).
    pub fn undecoded(self) -> FileGames<R> {
        FileGames(self)
    }

    fn next_file_game(&mut self) -> Option<Result<FileGame, ReadError>> {
        match self {
            Games::Pgn(g) => g
                .next()
                .map(|r| r.map(FileGame::Text).map_err(ReadError::Pgn)),
            Games::Archive(state, number) => match state.as_mut()? {
                Err(_) => match state.take() {
                    Some(Err(e)) => Some(Err(ReadError::Archive(e))),
                    _ => None,
                },
                Ok(reader) => {
                    let r = reader.next_frame()?;
                    *number += 1;
                    Some(r.map(FileGame::Archived).map_err(ReadError::Archive))
                }
            },
        }
    }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<SourceGame, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        let game = self.next_file_game()?;
        let decoded = game.and_then(|g| match g {
            FileGame::Text(g) => Ok(g),
            FileGame::Archived(f) => Ok(SourceGame {
                number: f.number,
                record: f.decode()?,
                locations: None,
            }),
        });
        if let (Err(ReadError::Archive(_)), Games::Archive(state, _)) = (&decoded, &mut *self) {
            // a damaged archive ends the reading
            *state = None;
        }
        Some(decoded)
    }
}

/// A part of a file as a reading thread cuts it, for workers to finish: PGN text up to the
/// end of a game, still to parse, or a game of an archive as read ([`Games::parts`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FilePart {
    /// A PGN text's chunk ([`pgn::Chunk::parse`] gives its games).
    Text(pgn::Chunk),
    /// An archived game, not yet decoded, or the archive's damage.
    Game(Result<FileGame, ReadError>),
}

impl FilePart {
    /// About how many moves the part holds, to size batches of work.
    pub fn size_hint(&self) -> usize {
        match self {
            // about six bytes a move in PGN movetext
            FilePart::Text(c) => c.len() / 6,
            FilePart::Game(Ok(g)) => g.size_hint(),
            FilePart::Game(Err(_)) => 0,
        }
    }
}

/// The parts of a file ([`Games::parts`]).
pub enum FileParts<R: BufRead> {
    /// A PGN text, cut into chunks.
    Pgn(pgn::Chunks<R>),
    /// An archive's games.
    Archive(FileGames<R>),
}

impl<R: BufRead> Iterator for FileParts<R> {
    type Item = FilePart;

    fn next(&mut self) -> Option<FilePart> {
        match self {
            FileParts::Pgn(c) => c.next().map(FilePart::Text),
            FileParts::Archive(g) => g.next().map(FilePart::Game),
        }
    }
}

impl<R: BufRead> Games<R> {
    /// The file cut for parsing elsewhere: a PGN text into chunks of whole games, an
    /// archive into its games as read (call it before reading any game).
    pub fn parts(self) -> FileParts<R> {
        match self {
            Games::Pgn(g) => FileParts::Pgn(g.into_chunks()),
            archive => FileParts::Archive(archive.undecoded()),
        }
    }
}

/// The games of a file as read, archived games not yet decoded ([`Games::undecoded`]).
pub struct FileGames<R: BufRead>(Games<R>);

impl<R: BufRead> Iterator for FileGames<R> {
    type Item = Result<FileGame, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next_file_game()
    }
}

/// Reads the games of a file's contents, PGN text or archive: each game `Ok` or its syntax
/// error; a damaged archive is an error as a whole. Text that is not UTF-8 is read with
/// replacement characters.
pub fn load(bytes: &[u8]) -> Result<Vec<Result<SourceGame, PgnError>>, ArchiveError> {
    let mut out = Vec::new();
    for g in open(bytes) {
        match g {
            Ok(g) => out.push(Ok(g)),
            Err(ReadError::Pgn(e)) => out.push(Err(e)),
            Err(ReadError::Archive(e)) => return Err(e),
        }
    }
    Ok(out)
}
