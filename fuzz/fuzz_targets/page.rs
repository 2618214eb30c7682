//! The HTML game viewer: records read from random PGN (tags, comments, moves) and games
//! built straight from random text become a page; the page's embedded data block must hold
//! no `</script` or `<!--` (which would end the block or change how it is read), and the
//! block must end where the page's template ends it.
#![no_main]

use citadel_diagram::{record, viewer};
use citadel_notation::{pgn, replay};
use libfuzzer_sys::fuzz_target;

const OPEN: &str = "<script id=\"games\" type=\"application/json\">";

/// Checks the page's data block and title.
fn check(page: &str) {
    let at = page.find(OPEN).expect("the data block") + OPEN.len();
    let block = &page[at..];
    let end = block.find("</script").expect("the data block ends");
    let data = &block[..end];
    assert!(!data.contains("<!--"), "`<!--` in the data block");
    assert!(
        !data.to_ascii_lowercase().contains("<script"),
        "`<script` in the data block"
    );
    assert!(
        block[end..].starts_with("</script>\n<script>\n\"use strict\";"),
        "the data block ends early"
    );
    let title = &page[page.find("<title>").expect("a title") + 7..];
    let title = &title[..title.find("</title>").expect("the title ends")];
    assert!(!title.contains('<'), "markup in the title");
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // games built from random text: the first line is the page's title, then fields
    let mut parts = text.split('\n');
    let title = parts.next().unwrap_or("").to_string();
    let rest: Vec<String> = parts.map(str::to_string).collect();
    let field = |i: usize| rest.get(i).cloned().unwrap_or_default();
    let game = viewer::Game {
        title: field(0),
        tags: rest
            .chunks(2)
            .map(|c| (c[0].clone(), c.get(1).cloned().unwrap_or_default()))
            .collect(),
        open: "<svg>".into(),
        board: String::new(),
        frames: vec![viewer::Frame {
            svg: "<g/>".into(),
            san: field(1),
            comments: rest.iter().skip(2).cloned().collect(),
            fen: field(3),
        }],
        result: field(4),
    };
    check(&viewer::html(&title, &[game]));
    // records read from the same text as PGN, each drawn when it replays
    let records: Vec<_> = pgn::Games::new(data)
        .flatten()
        .filter_map(|g| replay::normalize(&g.record).ok())
        .collect();
    if let Ok(page) = record::page(&records, &title) {
        check(&page);
    }
});
