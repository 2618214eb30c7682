//! `cargo xtask schema [--check]`: the game ids of `fixtures/perft.schema.json` written from
//! `Variant::ALL`, so that a new game needs no edit of the schema by hand. `--check` (run by
//! `cargo xtask ci`) fails when the file is not what the task would write.

use citadel_rules::Variant;
use std::path::PathBuf;

/// The schema file, from the workspace root.
fn path() -> PathBuf {
    crate::compare::root().join("fixtures/perft.schema.json")
}

/// `text` with the `"enum"` list of game ids replaced by `ids`, one per line at the list's
/// indentation; `None` when the text has no such list.
fn with_ids(text: &str, ids: &[&str]) -> Option<String> {
    let key = "\"enum\": [";
    let start = text.find(key)? + key.len();
    let end = start + text[start..].find(']')?;
    // the indentation of the line holding the key, and of its items one level deeper
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let indent: String = text[line_start..]
        .chars()
        .take_while(|c| *c == ' ')
        .collect();
    let items: Vec<String> = ids.iter().map(|id| format!("{indent}  \"{id}\"")).collect();
    Some(format!(
        "{}\n{}\n{indent}{}",
        &text[..start],
        items.join(",\n"),
        &text[end..]
    ))
}

/// Writes (or with `--check`, checks) the schema's list of game ids.
pub fn schema(args: &[String]) -> Result<(), String> {
    let check = match args {
        [] => false,
        [a] if a == "--check" => true,
        _ => return Err("usage: cargo xtask schema [--check]".into()),
    };
    let path = path();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
    let want = with_ids(&text, &ids)
        .ok_or_else(|| format!("{}: no \"enum\" list of game ids", path.display()))?;
    if want == text {
        eprintln!("xtask: {} lists the {} games", path.display(), ids.len());
        return Ok(());
    }
    if check {
        return Err(format!(
            "{} does not list the games of Variant::ALL ({}): run `cargo xtask schema`",
            path.display(),
            ids.join(", ")
        ));
    }
    std::fs::write(&path, want).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!(
        "xtask: wrote the {} game ids into {}",
        ids.len(),
        path.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::with_ids;

    #[test]
    fn the_list_is_replaced_in_place() {
        let text = "{\n    \"variant\": {\n      \"enum\": [\n        \"a\"\n      ]\n    }\n}\n";
        let out = with_ids(text, &["x", "y"]).unwrap();
        assert_eq!(
            out,
            "{\n    \"variant\": {\n      \"enum\": [\n        \"x\",\n        \"y\"\n      ]\n    }\n}\n"
        );
        assert_eq!(with_ids(&out, &["x", "y"]).unwrap(), out);
        assert_eq!(with_ids("{}", &["x"]), None);
    }
}
