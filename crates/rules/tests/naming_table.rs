//! The rules reference's table of game names (`docs/rules/README.md`, "Naming a game") lists
//! every game's id, title and aliases as the lookup reads them, and each of them finds its
//! game.

use citadel_rules::Variant;

#[test]
fn the_naming_table_lists_every_game_as_the_lookup_reads_it() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rules/README.md");
    let text = std::fs::read_to_string(path).expect("the rules reference");
    let section = text
        .split("## Naming a game")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a section \"Naming a game\"");
    for v in Variant::ALL {
        let row = section
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", v.id())))
            .unwrap_or_else(|| panic!("no row for `{}`", v.id()));
        assert!(row.contains(&format!("| {} |", v.name())), "{row}: title");
        for alias in v.aliases() {
            assert!(
                row.contains(&format!("`{alias}`")),
                "{row}: alias `{alias}`"
            );
            assert_eq!(Variant::from_name(alias), Some(v), "{alias}");
        }
        assert_eq!(Variant::from_name(v.name()), Some(v));
        // nothing else quoted: no alias the code no longer has
        let quoted = row.matches('`').count() / 2;
        assert_eq!(quoted, 1 + v.aliases().len(), "{row}");
    }
}
