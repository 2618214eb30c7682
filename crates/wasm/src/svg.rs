//! `Board.svg(options)`: the options a page passes as a plain object, read into the
//! diagram's [`Options`].

use citadel_diagram::Options;
use citadel_rules::VariantPosition;
use serde::Deserialize;
use std::fmt;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The options object of `Board.svg` (the `SvgOptions` interface).
    #[wasm_bindgen(typescript_type = "SvgOptions")]
    pub type SvgOptionsArg;
}

/// The fields of `SvgOptions`, as a page writes them.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct SvgOptions {
    /// Seen from Black's side.
    pub flipped: bool,
    /// Coordinates (absent: drawn).
    pub coordinates: Option<bool>,
    /// Cells and pieces named for a playing page.
    pub interactive: bool,
    /// The position's last move and check marked (absent: marked).
    pub highlights: Option<bool>,
    /// Cells marked with a ring.
    pub marks: Vec<String>,
    /// Arrows between cells.
    pub arrows: Vec<(String, String)>,
    /// A last move to tint instead of the position's own.
    pub last_move: Option<(String, String)>,
}

/// A cell name the board does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoSuchCell {
    /// The option that named it.
    pub option: &'static str,
    /// The name.
    pub name: String,
}

impl fmt::Display for NoSuchCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "svg option `{}`: no cell `{}` on this board",
            self.option,
            citadel_notation::clip(&self.name)
        )
    }
}

impl SvgOptions {
    /// The diagram's options for `pos`.
    pub fn resolve(&self, pos: &VariantPosition) -> Result<Options, NoSuchCell> {
        let cell = |option: &'static str, name: &str| {
            pos.parse_square(name).ok_or_else(|| NoSuchCell {
                option,
                name: name.to_string(),
            })
        };
        let mut o = if self.highlights.unwrap_or(true) {
            citadel_rules::with_position!(pos, p => Options::from_position(p))
        } else {
            Options::default()
        };
        o.flip = self.flipped;
        o.no_coordinates = !self.coordinates.unwrap_or(true);
        o.interactive = self.interactive;
        o.marks = self
            .marks
            .iter()
            .map(|m| cell("marks", m))
            .collect::<Result<_, _>>()?;
        o.arrows = self
            .arrows
            .iter()
            .map(|(a, b)| Ok((cell("arrows", a)?, cell("arrows", b)?)))
            .collect::<Result<_, _>>()?;
        if let Some((a, b)) = &self.last_move {
            o.last_move = Some((cell("lastMove", a)?, cell("lastMove", b)?));
        }
        Ok(o)
    }
}

/// Reads the options object (`undefined` or `null`: the defaults).
pub fn read(arg: Option<SvgOptionsArg>) -> Result<SvgOptions, JsError> {
    match arg {
        None => Ok(SvgOptions::default()),
        Some(v) if v.is_undefined() || v.is_null() => Ok(SvgOptions::default()),
        Some(v) => serde_wasm_bindgen::from_value(v.into())
            .map_err(|e| crate::js_error(format!("svg options: {e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use citadel_rules::Variant;

    #[test]
    fn names_cells_and_refuses_unknown_ones() {
        let pos = VariantPosition::start(Variant::Byzantine);
        let o = SvgOptions {
            marks: vec!["a1".into()],
            ..SvgOptions::default()
        };
        assert_eq!(o.resolve(&pos).unwrap().marks.len(), 1);
        let bad = SvgOptions {
            arrows: vec![("a1".into(), "z9".into())],
            ..SvgOptions::default()
        };
        assert_eq!(
            bad.resolve(&pos).unwrap_err().to_string(),
            "svg option `arrows`: no cell `z9` on this board"
        );
    }
}
