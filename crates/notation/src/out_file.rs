//! An output file that receives a command's bytes only when the command succeeds, written
//! in place (see [`OutFile`]), or standard output ([`Output`]).

use std::path::{Path, PathBuf};

/// Why an output file cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Binary output (`what`: "an archive", "a PNG") to standard output on a terminal.
    #[error("{0} is binary: give an output file with -o")]
    BinaryToTerminal(&'static str),
    /// The output is also one of the inputs: it would be overwritten before it is read.
    #[error("refusing to write {}: it is also an input file", .0.display())]
    IsInput(PathBuf),
    /// Standard output is one of the inputs (`convert big.pgn >> big.pgn`): the input would
    /// grow as it is read, as `cat` refuses.
    #[error("{}: input file is output file (standard output)", .0.display())]
    StdoutIsInput(PathBuf),
    /// The file cannot be opened or written; it is unchanged.
    #[error("{}: {source}", path.display())]
    Io {
        /// The output file.
        path: PathBuf,
        /// The failure.
        #[source]
        source: std::io::Error,
    },
    /// Copying into the target failed part way (a disk that fills up): the file is short.
    #[error("{}: {source} (the file is incomplete)", path.display())]
    Incomplete {
        /// The output file.
        path: PathBuf,
        /// The failure.
        #[source]
        source: std::io::Error,
    },
}

/// Refuses an output file that is one of the inputs (it would be overwritten before it is
/// read).
pub fn refuse_input(output: &Path, inputs: &[PathBuf]) -> Result<(), OutputError> {
    let Ok(out) = std::fs::canonicalize(output) else {
        return Ok(()); // the output does not exist yet
    };
    for i in inputs {
        if std::fs::canonicalize(i).is_ok_and(|i| i == out) || same_file(i, output) {
            return Err(OutputError::IsInput(output.to_path_buf()));
        }
    }
    Ok(())
}

/// Refuses standard output when it is a regular file that is also one of `inputs` (same
/// device and inode): writing would grow or truncate the input while it is read.
pub fn refuse_stdout_input(inputs: &[PathBuf]) -> Result<(), OutputError> {
    match inputs.iter().find(|i| stdout_is(i)) {
        Some(i) => Err(OutputError::StdoutIsInput(i.clone())),
        None => Ok(()),
    }
}

/// Whether standard output is the regular file `path`.
#[cfg(unix)]
fn stdout_is(path: &Path) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let Ok(fd) = std::io::stdout().as_fd().try_clone_to_owned() else {
        return false;
    };
    match (std::fs::File::from(fd).metadata(), std::fs::metadata(path)) {
        (Ok(out), Ok(input)) => {
            out.is_file() && out.dev() == input.dev() && out.ino() == input.ino()
        }
        _ => false,
    }
}

#[cfg(not(unix))]
fn stdout_is(_path: &Path) -> bool {
    false
}

#[cfg(unix)]
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_a: &Path, _b: &Path) -> bool {
    false
}

/// An output file (`-o`) that receives a command's bytes only when the command succeeds.
///
/// The target is never replaced, only written: a symbolic link is followed, and anything that
/// is not a regular file (a FIFO, a device) is written through as the bytes come. For a
/// regular file (or a new one) the bytes go first to an anonymous scratch file — created
/// beside the target and unlinked at once, so that nothing is left behind however the program
/// ends — and [`commit`](OutFile::commit) copies them into the target in place, which keeps
/// its mode, owner and hard links. A command that fails, or is interrupted, before the commit
/// leaves the target as it was; only a failure during the copy itself (a disk that fills up)
/// leaves it incomplete, and says so.
pub struct OutFile {
    path: PathBuf,
    /// Where the bytes go now: the scratch file, or the target itself.
    file: std::io::BufWriter<std::fs::File>,
    /// Whether `file` is the scratch file, copied into the target on commit.
    staged: bool,
    /// An existing regular target, opened (not truncated) at the start so that a target that
    /// cannot be written is refused before the work.
    target: Option<std::fs::File>,
    /// A scratch file's name that could not be unlinked at once (removed on drop).
    named: Option<PathBuf>,
    /// Bytes written so far.
    written: u64,
}

impl OutFile {
    /// Opens the output for `path`: the target itself when it exists and is not a regular
    /// file, a scratch file otherwise.
    pub fn create(path: &Path) -> Result<Self, OutputError> {
        let fail = |source| OutputError::Io {
            path: path.to_path_buf(),
            source,
        };
        let through = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
        let exists = std::fs::metadata(path).is_ok();
        let open = || {
            std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(fail)
        };
        let (file, staged, target, named) = if through {
            (open()?, false, None, None)
        } else {
            let target = if exists { Some(open()?) } else { None };
            let (f, named) = scratch_file(path).map_err(fail)?;
            (f, true, target, named)
        };
        Ok(OutFile {
            path: path.to_path_buf(),
            file: std::io::BufWriter::with_capacity(1 << 16, file),
            staged,
            target,
            named,
            written: 0,
        })
    }

    /// Whether the target stays untouched until [`commit`](OutFile::commit) (false when it
    /// is written through).
    pub fn staged(&self) -> bool {
        self.staged
    }

    /// Bytes written so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Finishes the output: flushes it and, for a staged output, copies the scratch file into
    /// the target (created if missing, emptied first otherwise).
    pub fn commit(mut self) -> Result<(), OutputError> {
        use std::io::{Seek, Write};
        let path = self.path.clone();
        let fail = |source| OutputError::Io {
            path: path.clone(),
            source,
        };
        self.file.flush().map_err(fail)?;
        if !self.staged {
            return Ok(());
        }
        let mut target = match self.target.take() {
            Some(t) => {
                t.set_len(0).map_err(fail)?;
                t
            }
            None => std::fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .open(&self.path)
                .map_err(fail)?,
        };
        let scratch = self.file.get_mut();
        scratch.rewind().map_err(fail)?;
        // the target is being rewritten: a failure now (a disk that fills up) leaves it short
        let incomplete = |source| OutputError::Incomplete {
            path: path.clone(),
            source,
        };
        std::io::copy(scratch, &mut target).map_err(incomplete)?;
        target.sync_all().map_err(incomplete)
    }
}

impl std::io::Write for OutFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.file.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

impl Drop for OutFile {
    fn drop(&mut self) {
        if let Some(p) = &self.named {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// Where a command's output goes: an [`OutFile`], or standard output, where a reader that
/// has gone (a closed pipe: `citadel ... | head`) drops the rest of the bytes quietly, so
/// that the command still reaches its verdict.
pub enum Output {
    /// An output file.
    File(OutFile),
    /// Standard output; `closed` once its reader has gone.
    Stdout {
        /// Whether the reader has gone.
        closed: bool,
    },
}

impl Output {
    /// The file `out`, or standard output; refused if it is one of `inputs`.
    pub fn open(out: Option<&Path>, inputs: &[PathBuf]) -> Result<Output, OutputError> {
        match out {
            Some(p) => {
                refuse_input(p, inputs)?;
                Ok(Output::File(OutFile::create(p)?))
            }
            None => {
                refuse_stdout_input(inputs)?;
                Ok(Output::Stdout { closed: false })
            }
        }
    }

    /// Refuses to write binary output (`what`: "an archive", "a PNG") to a terminal: `out` is
    /// `None` (standard output) and standard output is a terminal.
    pub fn refuse_binary_on_terminal(
        out: Option<&Path>,
        what: &'static str,
    ) -> Result<(), OutputError> {
        use std::io::IsTerminal;
        if out.is_none() && std::io::stdout().is_terminal() {
            return Err(OutputError::BinaryToTerminal(what));
        }
        Ok(())
    }

    /// Whether the bytes reach the target only at [`commit`](Self::commit) (see
    /// [`OutFile::staged`]).
    pub fn staged(&self) -> bool {
        matches!(self, Output::File(f) if f.staged())
    }

    /// Bytes written so far.
    pub fn written(&self) -> u64 {
        match self {
            Output::File(f) => f.written(),
            Output::Stdout { .. } => 0,
        }
    }

    /// Ends the output: a file receives its bytes ([`OutFile::commit`]).
    pub fn commit(self) -> Result<(), OutputError> {
        match self {
            Output::File(f) => f.commit(),
            Output::Stdout { .. } => Ok(()),
        }
    }
}

impl std::io::Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Output::File(f) => f.write(buf),
            Output::Stdout { closed: true } => Ok(buf.len()),
            Output::Stdout { closed } => match std::io::stdout().lock().write_all(buf) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                    *closed = true;
                    Ok(buf.len())
                }
                r => r.map(|()| buf.len()),
            },
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Output::File(f) => f.flush(),
            Output::Stdout { closed: true } => Ok(()),
            Output::Stdout { closed } => match std::io::stdout().lock().flush() {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                    *closed = true;
                    Ok(())
                }
                r => r,
            },
        }
    }
}

/// A scratch file for the output `target`: in the target's directory (else the system's
/// temporary directory), opened for reading and writing and unlinked at once. Where a file
/// cannot be unlinked while open, it keeps its name (returned, for removal on drop).
fn scratch_file(target: &Path) -> std::io::Result<(std::fs::File, Option<PathBuf>)> {
    let name = target
        .file_name()
        .map_or("out".into(), |n| n.to_string_lossy().into_owned());
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut last = None;
    for dir in [dir, std::env::temp_dir()] {
        for attempt in 0..8 {
            let temp = dir.join(format!(
                ".{name}.citadel-partial-{}-{attempt}",
                std::process::id()
            ));
            match std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&temp)
            {
                Ok(f) => {
                    let named = std::fs::remove_file(&temp).err().map(|_| temp);
                    return Ok((f, named));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => {
                    last = Some(e);
                    break;
                }
            }
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no scratch file")))
}
