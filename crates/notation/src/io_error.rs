//! An input or output failure, shared so that the errors holding it stay `Clone` and
//! comparable while keeping the [`std::io::Error`] as their source.

use std::sync::Arc;

/// A failed read or write: the [`std::io::Error`], shared. Two are equal when their
/// [`kind`](std::io::Error::kind) and message are.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{0}")]
pub struct IoError(#[source] pub Arc<std::io::Error>);

impl IoError {
    /// What kind of failure it is.
    pub fn kind(&self) -> std::io::ErrorKind {
        self.0.kind()
    }
}

impl From<std::io::Error> for IoError {
    fn from(e: std::io::Error) -> Self {
        IoError(Arc::new(e))
    }
}

impl PartialEq for IoError {
    fn eq(&self, other: &Self) -> bool {
        self.kind() == other.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for IoError {}
