//! Records the commit the engine is built from (`git rev-parse --short HEAD`) as
//! `CITADEL_BUILD_COMMIT`, with `-dirty` appended when tracked sources of the workspace
//! (`crates/`, `Cargo.toml`, `Cargo.lock`) have uncommitted changes, or `unknown` when the
//! source is not a git checkout or git is missing; never fails the build.

use std::path::Path;
use std::process::Command;

/// The paths, relative to the workspace's root, whose uncommitted changes mark a build dirty.
const SOURCES: [&str; 3] = ["crates", "Cargo.toml", "Cargo.lock"];

/// The output of `git ARGS`, trimmed, when git runs and succeeds (it may be empty).
fn git_output(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    out.status.success().then(|| text.trim().to_string())
}

/// The output of `git ARGS`, trimmed, when git runs, succeeds and prints something.
fn git(args: &[&str]) -> Option<String> {
    git_output(args).filter(|t| !t.is_empty())
}

fn main() {
    let root = git(&["rev-parse", "--show-toplevel"]);
    let commit = match git(&["rev-parse", "--short", "HEAD"]) {
        Some(commit) => {
            // tracked sources changed since the commit: `git status` also refreshes the
            // index, so a file touched but unchanged does not count
            let mut args = vec!["status", "--porcelain", "--untracked-files=no", "--"];
            let paths: Vec<String> = root
                .iter()
                .flat_map(|r| SOURCES.iter().map(move |s| format!("{r}/{s}")))
                .collect();
            args.extend(paths.iter().map(String::as_str));
            match git_output(&args) {
                Some(changes) if !changes.is_empty() => format!("{commit}-dirty"),
                _ => commit,
            }
        }
        None => "unknown".into(),
    };
    println!("cargo:rustc-env=CITADEL_BUILD_COMMIT={commit}");
    // Cargo re-runs a build script whenever a watched path is missing, so only paths that
    // exist are named: many checkouts have no `packed-refs`, or no file for the branch's ref
    // (it is then packed), and naming them would rebuild every crate above this one on every
    // build.
    let watch = |p: &Path| {
        if p.exists() {
            println!("cargo:rerun-if-changed={}", p.display());
        }
    };
    // a new commit or another branch changes the name
    for path in ["HEAD", "packed-refs"] {
        if let Some(p) = git(&["rev-parse", "--git-path", path]) {
            watch(Path::new(&p));
        }
    }
    if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"]) {
        if let Some(p) = git(&["rev-parse", "--git-path", &head]) {
            watch(Path::new(&p));
        }
    }
    // so does an edit of the sources: each crate's manifest and `src` (a directory is watched
    // with everything in it), never a build output such as `crates/python/target`
    if let Some(root) = &root {
        let root = Path::new(root);
        for s in SOURCES {
            let p = root.join(s);
            if s != "crates" {
                watch(&p);
                continue;
            }
            let Ok(dirs) = std::fs::read_dir(&p) else {
                continue;
            };
            let mut dirs: Vec<_> = dirs.flatten().map(|d| d.path()).collect();
            dirs.sort();
            for dir in dirs {
                watch(&dir.join("Cargo.toml"));
                watch(&dir.join("src"));
            }
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
