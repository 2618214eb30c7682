//! End-to-end tests of the picture commands: `show --svg/--png/--legend`,
//! `replay --svg-dir`, `convert --to html` (the viewer driven in headless Chromium).

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::root;

/// Runs `citadel` with `args`; returns (exit code, stdout bytes, stderr).
fn citadel(args: &[&str]) -> (i32, Vec<u8>, String) {
    common::run_raw(args, false, Stdio::piped())
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch("pictures", name)
}

#[test]
fn show_svg_draws_every_game_and_it_renders() {
    for v in citadel_rules::Variant::ALL {
        let (code, out, err) = citadel(&["show", "--variant", v.id(), "--svg"]);
        assert_eq!(code, 0, "{v}: {err}");
        let svg = String::from_utf8(out).expect("SVG is text");
        assert!(svg.starts_with("<svg"), "{v}");
        let pm = citadel_diagram::png::pixmap(&svg, 1.0).expect("renders");
        assert!(pm.width() > 400 && pm.height() > 400, "{v}");
    }
}

#[test]
fn show_png_writes_a_png_file() {
    let d = scratch("png");
    let f = d.join("eye.png");
    let (code, _, err) = citadel(&[
        "show",
        "--variant",
        "egyptian-eye",
        "--png",
        "--flip",
        "--arrow",
        "e3-e5",
        "--mark",
        "f6",
        "-o",
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&f).expect("written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    // 11x11 frame of 60-unit cells plus margins
    let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    assert_eq!(w, 716);
}

#[test]
fn show_legend_lists_the_pieces() {
    let (code, out, err) = citadel(&["show", "--variant", "tamerlane", "--legend"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(String::from_utf8(out).unwrap());
    let (code, out, _) = citadel(&["show", "--variant", "mini-citadel", "--legend", "--svg"]);
    assert_eq!(code, 0);
    let svg = String::from_utf8(out).unwrap();
    assert!(svg.contains("promoted guard") && svg.contains("#e3b23c"));
}

#[test]
fn picture_options_name_bad_cells() {
    let (code, _, err) = citadel(&["show", "--variant", "tamerlane", "--svg", "--arrow", "a1l1"]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        "error: --arrow: `l1` is not a cell of tamerlane"
    );
    let (code, _, err) = citadel(&["show", "--variant", "chess", "--svg", "--mark", "i9"]);
    assert_eq!(code, 1);
    assert_eq!(err.trim(), "error: --mark: `i9` is not a cell of chess");
    let (code, _, err) = citadel(&["show", "--variant", "chess", "--svg", "--last-move", "e2"]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        "error: --last-move: `e2` is not two cells like e2e4"
    );
    let (code, _, err) = citadel(&["show", "--variant", "chess", "-o", "x.svg"]);
    assert_eq!(code, 1);
    assert_eq!(err.trim(), "error: -o needs --svg or --png");
}

#[test]
fn replay_svg_dir_writes_one_diagram_per_ply() {
    let d = scratch("replay");
    let pgn = root().join("fixtures/games/chess/lasker-trap.pgn");
    let (code, _, err) = citadel(&[
        "replay",
        pgn.to_str().unwrap(),
        "--svg-dir",
        d.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let mut names: Vec<String> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // game 1: 20 plies, game 2: 15 plies, each with its start position
    assert_eq!(names.len(), 21 + 16);
    assert_eq!(names[0], "lasker-trap-g1-p000.svg");
    assert_eq!(names[36], "lasker-trap-g2-p015.svg");
    // ply 12 (7. Ke2) leaves... ply 13 is 7... fxg1=N+: White's king in check, highlighted
    let s = std::fs::read_to_string(d.join("lasker-trap-g1-p014.svg")).unwrap();
    assert!(s.contains("url(#check)"));
    let d2 = scratch("replay-end");
    let (code, _, _) = citadel(&[
        "replay",
        pgn.to_str().unwrap(),
        "--svg-dir",
        d2.to_str().unwrap(),
        "--svg-at",
        "end",
    ]);
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_dir(&d2).unwrap().count(), 2);
}

/// The fixture game the viewer is driven through, with its SAN moves.
const GAME: &str = "fixtures/games/chess/lasker-trap.pgn";

/// Chromium's path, if installed.
fn chromium() -> Option<PathBuf> {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
}

/// The script the test adds to the page: it steps through the game with the page's own
/// buttons, keys and move list, and writes what the page showed after each step into
/// `<pre id="observed">` as JSON.
const DRIVER: &str = r##"<script>
(function () {
  const seen = [];
  const look = step => seen.push({
    step,
    san: document.getElementById("san").textContent,
    ply: document.getElementById("ply").textContent,
    comments: document.getElementById("comments").textContent,
    pieces: document.querySelectorAll("#board #pieces use").length,
    check: document.querySelectorAll("#board circle[fill='url(#check)']").length,
    current: (document.querySelector("#moves .mv.current") || {}).textContent || "",
    fen: document.getElementById("fen").textContent,
  });
  const key = k => document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
  look("load");
  key("ArrowRight"); look("right");
  key("ArrowRight"); look("right");
  document.getElementById("next").click(); look("next");
  key("ArrowLeft"); look("left");
  document.querySelector("#moves .mv[data-ply='14']").click(); look("click 14");
  document.getElementById("last").click(); look("last");
  key("ArrowRight"); look("right at end");
  key("Home"); look("home");
  document.getElementById("prev").click(); look("prev at start");
  const sel = document.getElementById("game");
  sel.value = "1"; sel.dispatchEvent(new Event("change")); look("game 2");
  key("End"); look("end");
  const out = document.createElement("pre");
  out.id = "observed";
  out.textContent = JSON.stringify(seen);
  document.body.appendChild(out);
})();
</script>
</body>"##;

#[test]
fn html_viewer_steps_through_a_game_in_chromium() {
    let d = scratch("html");
    let page = d.join("game.html");
    let (code, _, err) = citadel(&[
        "convert",
        root().join(GAME).to_str().unwrap(),
        "--to",
        "html",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    // self-contained: nothing is fetched
    for needle in [" src=", "href=\"http", "@import", "url(http"] {
        assert!(!html.contains(needle), "the page refers to {needle}");
    }
    let Some(chromium) = chromium() else {
        eprintln!("SKIPPED html_viewer_steps_through_a_game_in_chromium: no chromium (apt-get install chromium)");
        return;
    };
    let driven = d.join("driven.html");
    std::fs::write(&driven, html.replacen("</body>", DRIVER, 1)).unwrap();
    let profile = d.join("profile");
    // the dumped page goes to a file: a pipe would fill up and stall Chromium
    let dump = d.join("dom.html");
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", driven.display()))
        .stdout(std::fs::File::create(&dump).expect("dump file"))
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("chromium did not finish in 120 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let dom = std::fs::read_to_string(&dump).expect("dumped DOM");
    let json = dom
        .split("<pre id=\"observed\">")
        .nth(1)
        .and_then(|s| s.split("</pre>").next())
        .unwrap_or_else(|| panic!("the driver did not run; DOM starts: {:.300}", dom));
    let json = json
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">");
    let seen: Vec<serde_json::Value> = serde_json::from_str(&json).expect("observations");
    let at = |i: usize, k: &str| seen[i][k].clone();
    let s = |i: usize, k: &str| at(i, k).as_str().unwrap().to_string();
    let n = |i: usize, k: &str| at(i, k).as_u64().unwrap();
    // load: the start, 32 pieces
    assert_eq!(
        (s(0, "san"), s(0, "ply")),
        ("start".into(), "ply 0 of 20".into())
    );
    assert_eq!(n(0, "pieces"), 32);
    assert_eq!(s(1, "san"), "1. d4");
    assert_eq!(s(1, "current"), "d4");
    assert_eq!(s(2, "san"), "1... d5");
    assert_eq!(s(3, "san"), "2. c4");
    assert_eq!(s(4, "san"), "1... d5");
    // ply 14: 7... fxg1=N+, the white king in check
    assert_eq!(s(5, "san"), "7... fxg1=N+!");
    assert_eq!(n(5, "check"), 1);
    assert_eq!(
        s(5, "fen"),
        "rnbqk1nr/ppp2ppp/8/4P3/1BP5/8/PP2K1PP/RN1Q1BnR w kq - 0 8"
    );
    // the end: comments shown, 20 plies
    assert_eq!(s(6, "san"), "10... Bg4");
    assert_eq!(s(6, "comments"), "White resigns.");
    assert_eq!(s(6, "ply"), "ply 20 of 20");
    assert_eq!(s(7, "ply"), "ply 20 of 20");
    assert_eq!(s(8, "san"), "start");
    assert_eq!(s(9, "ply"), "ply 0 of 20");
    assert_eq!(s(10, "ply"), "ply 0 of 15");
    assert_eq!(s(11, "san"), "8. Qxd3");
    assert_eq!(s(11, "comments"), "Black resigns, a queen down.");
    assert_eq!(n(11, "pieces"), 26);
}

#[test]
fn html_viewer_keeps_record_text_inside_its_data() {
    let d = scratch("html-text");
    let pgn = d.join("hostile.pgn");
    std::fs::write(
        &pgn,
        "[Event \"<!-- <script> & </script>\"]\n[White \"<b>Alice</b>\"]\n[Black \"Bob <!--\"]\n\
         [Variant \"chess\"]\n\n{<!-- <script>} 1. e4 {</script><!--} e5 *\n",
    )
    .unwrap();
    let page = d.join("game.html");
    let (code, _, err) = citadel(&[
        "convert",
        pgn.to_str().unwrap(),
        "--to",
        "html",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    let open = r#"<script id="games" type="application/json">"#;
    let start = html.find(open).expect("data block") + open.len();
    let data = &html[start..start + html[start..].find("</script>").expect("its end")];
    assert!(!data.contains('<') && !data.contains('>'), "{data}");
    let games: serde_json::Value = serde_json::from_str(data).expect("JSON");
    assert_eq!(games[0]["frames"][0]["comments"][0], "<!-- <script>");
    assert_eq!(games[0]["frames"][1]["comments"][0], "</script><!--");
    // the title is the event, escaped; never the file's path
    assert!(
        html.contains("<title>&lt;!-- &lt;script&gt; &amp; &lt;/script&gt;</title>"),
        "{html:.600}"
    );
    assert!(!html.contains(d.to_str().unwrap()));
    // without one event for all games: the file's name
    std::fs::write(&pgn, "[Variant \"chess\"]\n\n1. e4 *\n").unwrap();
    let (code, _, err) = citadel(&[
        "convert",
        pgn.to_str().unwrap(),
        "--to",
        "html",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("<title>hostile.pgn</title>"), "{html:.400}");
}
