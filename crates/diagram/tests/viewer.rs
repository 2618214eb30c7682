//! The HTML viewer page: record text (comments, tags, names) never escapes the page's JSON
//! data block, and reads back as written.

use citadel_diagram::viewer::{html, Frame, Game};

/// Texts that would end or change a `<script>` block if written raw.
const HOSTILE: [&str; 6] = [
    "<!-- <script>",
    "</script><h1>x</h1>",
    "a < b && c > d",
    "<!--",
    "\u{2028}{{DATA}}{{TITLE}}",
    "\"quoted\" \\ back",
];

fn game(text: &str) -> Game {
    Game {
        title: format!("{text} - {text}"),
        tags: vec![("White".into(), text.into()), ("Event".into(), text.into())],
        open: "<svg>".into(),
        board: String::new(),
        frames: vec![
            Frame {
                svg: "<g/>".into(),
                san: String::new(),
                comments: vec![text.into()],
                fen: "8/8 w".into(),
            },
            Frame {
                svg: "<g/>".into(),
                san: "1. e4".into(),
                comments: vec![format!("{{{text}}}"), text.into()],
                fen: "8/8 b".into(),
            },
        ],
        result: "*".into(),
    }
}

/// The text of the page's JSON data block.
fn data_block(page: &str) -> &str {
    let open = r#"<script id="games" type="application/json">"#;
    let start = page.find(open).expect("the data block") + open.len();
    let len = page[start..].find("</script>").expect("the block's end");
    &page[start..start + len]
}

#[test]
fn record_text_stays_inside_the_data_block() {
    let games: Vec<Game> = HOSTILE.iter().map(|t| game(t)).collect();
    let page = html("<!-- title </script> {{DEFS}}", &games);
    let data = data_block(&page);
    for bad in ['<', '>', '&'] {
        assert!(!data.contains(bad), "`{bad}` in the data block: {data}");
    }
    // the block is the whole data: it reads back as the games, every text as written
    let back: serde_json::Value = serde_json::from_str(data).expect("the data is JSON");
    let want = serde_json::to_value(&games).expect("serialises");
    assert_eq!(back, want);
    for (g, text) in back.as_array().expect("games").iter().zip(HOSTILE) {
        assert_eq!(g["frames"][1]["comments"][1], text);
        assert_eq!(g["tags"][0][1], text);
    }
    // the page has its one data block and its one script, and nothing else opens a script
    assert_eq!(page.matches("<script").count(), 2, "{page}");
    assert_eq!(page.matches("</script>").count(), 2);
    assert!(!page.contains("<!--"));
    // the title is escaped, and a placeholder inside a value is never filled in
    assert!(
        page.contains("<title>&lt;!-- title &lt;/script&gt; {{DEFS}}</title>"),
        "{page}"
    );
    assert_eq!(page.matches(r#"id="games""#).count(), 1);
}
