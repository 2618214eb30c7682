//! Rendering an SVG diagram to PNG with `resvg` (pure Rust; text in the system's fonts).

use std::sync::OnceLock;

/// Why an SVG could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The SVG did not parse.
    #[error("the SVG does not parse: {0}")]
    Parse(String),
    /// The picture has no area or is too large.
    #[error("cannot make a {0} x {1} pixel picture")]
    Size(u32, u32),
    /// PNG encoding failed.
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

fn options() -> &'static resvg::usvg::Options<'static> {
    static OPTIONS: OnceLock<resvg::usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut o = resvg::usvg::Options::default();
        o.fontdb_mut().load_system_fonts();
        o
    })
}

/// Renders `svg` at `scale` times its size into an RGBA pixmap.
pub fn pixmap(svg: &str, scale: f32) -> Result<resvg::tiny_skia::Pixmap, RenderError> {
    let tree = resvg::usvg::Tree::from_str(svg, options())
        .map_err(|e| RenderError::Parse(e.to_string()))?;
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    let mut pm = resvg::tiny_skia::Pixmap::new(w, h).ok_or(RenderError::Size(w, h))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pm.as_mut(),
    );
    Ok(pm)
}

/// Renders `svg` at `scale` times its size to PNG bytes (transparent where nothing is drawn).
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    pixmap(svg, scale)?
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}
