//! A self-contained HTML page stepping through games: the diagram of every ply, buttons
//! and arrow keys, a clickable move list, the SAN of the move played and its comments. It
//! needs no network: the piece drawings are in the page once, each ply's board is inline SVG.

use crate::board::defs;
use crate::legend::escape;
use serde::Serialize;

/// One position of a game as the viewer shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Frame {
    /// The position's layer of the diagram ([`crate::board::Picture::position`]).
    pub svg: String,
    /// The move that led here in SAN, with its number (`"12... Nf4"`); empty at the start.
    pub san: String,
    /// The comments attached to that move (at the start: the game's opening comments).
    pub comments: Vec<String>,
    /// The position's FEN.
    pub fen: String,
}

/// A game for the viewer.
#[derive(Clone, Debug, Serialize)]
pub struct Game {
    /// A heading (`"Alice - Bob, 2024, tamerlane"`).
    pub title: String,
    /// The record's tags, shown under the heading.
    pub tags: Vec<(String, String)>,
    /// The diagram's start tag ([`crate::board::Picture::open`]).
    pub open: String,
    /// The board under every position ([`crate::board::Picture::board`]).
    pub board: String,
    /// The start position and the position after each ply.
    pub frames: Vec<Frame>,
    /// The result (`"1-0"`, `"*"`).
    pub result: String,
}

/// The viewer page for `games`, titled `title`.
///
/// ```
/// use citadel_diagram::viewer::{html, Frame, Game};
/// let g = Game {
///     title: "demo".into(),
///     tags: vec![],
///     open: "<svg>".into(),
///     board: String::new(),
///     frames: vec![Frame { svg: "<g/>".into(), san: String::new(), comments: vec![], fen: "8/8 w".into() }],
///     result: "*".into(),
/// };
/// let page = html("demo", &[g]);
/// assert!(page.contains("<!DOCTYPE html>"));
/// assert!(!page.contains(" src=")); // nothing to fetch
/// ```
pub fn html(title: &str, games: &[Game]) -> String {
    let defs_svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute">{}</svg>"#,
        defs()
    );
    // one pass over the page, so that a value holding a placeholder is never filled in
    let mut page = String::with_capacity(PAGE.len() + defs_svg.len());
    let mut rest = PAGE;
    while let Some(at) = rest.find("{{") {
        page.push_str(&rest[..at]);
        let after = &rest[at..];
        let (value, len) = if after.starts_with("{{TITLE}}") {
            (escape(title), "{{TITLE}}".len())
        } else if after.starts_with("{{DEFS}}") {
            (defs_svg.clone(), "{{DEFS}}".len())
        } else if after.starts_with("{{DATA}}") {
            (script_json(games), "{{DATA}}".len())
        } else {
            ("{{".to_string(), 2)
        };
        page.push_str(&value);
        rest = &after[len..];
    }
    page.push_str(rest);
    page
}

/// `games` as JSON safe inside a `<script>` block: `<`, `>` and `&` (which JSON has only
/// inside strings) written as `\u003c`, `\u003e` and `\u0026`, so that no text of a record
/// (`</script>`, `<!--`, `<script>`) can end the block or change how it is read.
fn script_json(games: &[Game]) -> String {
    serde_json::to_string(games)
        .unwrap_or_else(|_| "[]".into())
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

const PAGE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{TITLE}}</title>
<style>
body { font-family: "DejaVu Sans", Verdana, sans-serif; background: #f4efe4; color: #2b241e; margin: 1em; }
h1 { font-size: 1.3em; margin: 0 0 .3em; }
#tags { font-size: .85em; color: #6b5a48; margin-bottom: .6em; }
#main { display: flex; gap: 1.2em; align-items: flex-start; flex-wrap: wrap; }
#board svg { max-width: 92vw; height: auto; max-height: 80vh; width: auto; }
#side { min-width: 16em; max-width: 28em; }
#controls button { font-size: 1.1em; min-width: 2.6em; margin-right: .2em; }
#san { font-size: 1.4em; font-weight: bold; margin: .5em 0 .2em; min-height: 1.4em; }
#ply { font-size: .85em; color: #6b5a48; }
#comments { background: #fffaf0; border-left: 4px solid #c9a46a; padding: .3em .6em; margin: .5em 0; min-height: 1.2em; white-space: pre-wrap; }
#fen { font-family: "DejaVu Sans Mono", monospace; font-size: .75em; word-break: break-all; color: #6b5a48; }
#moves { line-height: 1.7; max-height: 50vh; overflow-y: auto; border-top: 1px solid #d8c8a8; padding-top: .4em; }
#moves .num { color: #8a7560; margin-left: .3em; }
#moves .mv { cursor: pointer; padding: 1px 4px; border-radius: 3px; }
#moves .mv:hover { background: #eadbbd; }
#moves .mv.current { background: #c9a46a; color: #fff; }
#moves .c { color: #5a7a3a; font-style: italic; }
</style>
</head>
<body>
{{DEFS}}
<h1 id="title"></h1>
<div id="picker"></div>
<div id="tags"></div>
<div id="main">
<div id="board"></div>
<div id="side">
<div id="controls">
<button id="first" title="start (Home)">|&#x25C0;</button><button id="prev" title="back (Left arrow)">&#x25C0;</button><button id="next" title="forward (Right arrow)">&#x25B6;</button><button id="last" title="end (End)">&#x25B6;|</button>
</div>
<div id="san"></div>
<div id="ply"></div>
<div id="comments"></div>
<div id="moves"></div>
<div id="fen"></div>
</div>
</div>
<script id="games" type="application/json">{{DATA}}</script>
<script>
"use strict";
const games = JSON.parse(document.getElementById("games").textContent);
let game = 0, ply = 0;
const $ = id => document.getElementById(id);
function text(tag, cls, t) { const e = document.createElement(tag); if (cls) e.className = cls; e.textContent = t; return e; }
function pickGame(g) {
  game = g; ply = 0;
  const G = games[g];
  $("title").textContent = G.title;
  $("tags").textContent = G.tags.map(t => t[0] + ": " + t[1]).join(" \u00b7 ");
  const list = $("moves");
  list.textContent = "";
  G.frames.forEach((f, i) => {
    if (i === 0) return;
    const m = /^(\d+\.(?:\.\.)?)\s*(.*)$/.exec(f.san);
    if (m) list.appendChild(text("span", "num", m[1]));
    const s = text("span", "mv", m ? m[2] : f.san);
    s.dataset.ply = i;
    s.addEventListener("click", () => show(i));
    list.appendChild(s);
    list.appendChild(document.createTextNode(" "));
    f.comments.forEach(c => { list.appendChild(text("span", "c", "{" + c + "}")); list.appendChild(document.createTextNode(" ")); });
  });
  list.appendChild(text("span", "num", G.result));
  show(0);
}
function show(i) {
  const F = games[game].frames;
  ply = Math.max(0, Math.min(F.length - 1, i));
  const f = F[ply];
  $("board").innerHTML = games[game].open + games[game].board + f.svg + "</svg>";
  $("san").textContent = ply === 0 ? "start" : f.san;
  $("ply").textContent = "ply " + ply + " of " + (F.length - 1);
  $("comments").textContent = f.comments.join("\n");
  $("fen").textContent = f.fen;
  document.querySelectorAll("#moves .mv").forEach(e => {
    const on = Number(e.dataset.ply) === ply;
    e.classList.toggle("current", on);
    if (on && e.scrollIntoView) e.scrollIntoView({ block: "nearest" });
  });
}
$("first").onclick = () => show(0);
$("prev").onclick = () => show(ply - 1);
$("next").onclick = () => show(ply + 1);
$("last").onclick = () => show(games[game].frames.length - 1);
document.addEventListener("keydown", e => {
  if (e.key === "ArrowRight") show(ply + 1);
  else if (e.key === "ArrowLeft") show(ply - 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(games[game].frames.length - 1);
  else return;
  e.preventDefault();
});
if (games.length > 1) {
  const sel = document.createElement("select");
  sel.id = "game";
  games.forEach((g, i) => { const o = document.createElement("option"); o.value = i; o.textContent = (i + 1) + ": " + g.title; sel.appendChild(o); });
  sel.onchange = () => pickGame(Number(sel.value));
  $("picker").appendChild(document.createTextNode("Game "));
  $("picker").appendChild(sel);
}
if (games.length > 0) pickGame(0); else $("title").textContent = "no games";
</script>
</body>
</html>
"##;
