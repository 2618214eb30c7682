//! The search techniques a caller can switch off, one by one (for a match of one change
//! against the full engine), and their text form: the comma-separated list of those off;
//! with them, the search's tunable numbers ([`SearchParams`]).

use super::SearchParams;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Which techniques a search uses ([`Limits::options`](super::Limits::options)); all on by
/// default; and its tunable numbers, [`params`](Self::params). No game is ever searched
/// differently from another.
///
/// As text (`FromStr`, `Display`) it is the list of the techniques switched off,
/// comma-separated (`null,lmr`), by their [`NAMES`](Self::NAMES); `none` (or nothing)
/// leaves them all on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SearchOptions {
    /// Null-move pruning (`null`).
    pub null: bool,
    /// Lazy stand-pat evaluation in quiescence (`lazy`).
    pub lazy: bool,
    /// Losing captures (by the static exchange evaluation) ordered last and pruned in
    /// quiescence (`see`).
    pub see: bool,
    /// Internal iterative reduction (`iir`).
    pub iir: bool,
    /// Late-move reductions growing with depth and move number (`lmr`); off: reductions of
    /// one or two plies.
    pub lmr: bool,
    /// Late quiet moves pruned near the leaves (`lmp`).
    pub lmp: bool,
    /// History lowered for the quiet moves that failed before a cut-off (`malus`).
    pub malus: bool,
    /// The full static exchange evaluation decides which captures lose (`swap`); off: the
    /// one-step estimate (a defended cell is enough to call a capture of a cheaper piece
    /// losing).
    pub swap: bool,
    /// The margins and reductions (the engine's own by default).
    #[serde(default)]
    pub params: SearchParams,
}

impl Default for SearchOptions {
    /// Every technique on.
    fn default() -> Self {
        SearchOptions {
            null: true,
            lazy: true,
            see: true,
            iir: true,
            lmr: true,
            lmp: true,
            malus: true,
            swap: true,
            params: SearchParams::default(),
        }
    }
}

/// A word of a [`SearchOptions`] list that names no technique.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchOptionsError {
    /// The word is not one of [`SearchOptions::NAMES`] (nor `none`).
    #[error(
        "unknown search technique `{0}` (null, lazy, see, iir, lmr, lmp, malus, swap or none)"
    )]
    UnknownTechnique(String),
}

impl SearchOptions {
    /// The techniques' names, as the text form lists them.
    pub const NAMES: [&'static str; 8] =
        ["null", "lazy", "see", "iir", "lmr", "lmp", "malus", "swap"];

    /// The switch of the technique called `name`, if there is one.
    fn switch(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "null" => &mut self.null,
            "lazy" => &mut self.lazy,
            "see" => &mut self.see,
            "iir" => &mut self.iir,
            "lmr" => &mut self.lmr,
            "lmp" => &mut self.lmp,
            "malus" => &mut self.malus,
            "swap" => &mut self.swap,
            _ => return None,
        })
    }

    /// The names of the techniques switched off, in the order of [`NAMES`](Self::NAMES).
    pub fn off(&self) -> Vec<&'static str> {
        let mut o = *self;
        Self::NAMES
            .into_iter()
            .filter(|n| o.switch(n).is_some_and(|on| !*on))
            .collect()
    }
}

impl FromStr for SearchOptions {
    type Err = SearchOptionsError;

    /// Every technique on but those listed (comma-separated, spaces around a name allowed);
    /// `none` and empty entries switch nothing off.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut o = SearchOptions::default();
        for word in s.split(',').map(str::trim) {
            if word.is_empty() || word == "none" {
                continue;
            }
            match o.switch(word) {
                Some(on) => *on = false,
                None => return Err(SearchOptionsError::UnknownTechnique(word.to_string())),
            }
        }
        Ok(o)
    }
}

impl fmt::Display for SearchOptions {
    /// The techniques switched off, comma-separated, or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let off = self.off();
        if off.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&off.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_names_the_techniques_switched_off() {
        let o: SearchOptions = "null, lmr,swap".parse().unwrap();
        assert_eq!(
            o,
            SearchOptions {
                null: false,
                lmr: false,
                swap: false,
                ..SearchOptions::default()
            }
        );
        assert_eq!(o.to_string(), "null,lmr,swap");
        assert_eq!("".parse(), Ok(SearchOptions::default()));
        assert_eq!("none".parse(), Ok(SearchOptions::default()));
        assert_eq!(SearchOptions::default().to_string(), "none");
    }

    #[test]
    fn every_name_switches_off_one_technique_and_reads_back() {
        for name in SearchOptions::NAMES {
            let o: SearchOptions = name.parse().unwrap();
            assert_eq!(o.off(), vec![name]);
            assert_eq!(o.to_string().parse(), Ok(o));
        }
        let all: SearchOptions = SearchOptions::NAMES.join(",").parse().unwrap();
        assert_eq!(all.off(), SearchOptions::NAMES.to_vec());
        assert_eq!(all.to_string().parse(), Ok(all));
    }

    #[test]
    fn an_unknown_name_is_an_error() {
        assert_eq!(
            "null,nul".parse::<SearchOptions>(),
            Err(SearchOptionsError::UnknownTechnique("nul".into()))
        );
        let e = "LMR".parse::<SearchOptions>().unwrap_err();
        assert!(e.to_string().contains("`LMR`"), "{e}");
    }
}
