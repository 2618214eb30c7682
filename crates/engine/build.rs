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
    // a new commit or another branch changes the name
    for path in ["HEAD", "packed-refs"] {
        if let Some(p) = git(&["rev-parse", "--git-path", path]) {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"]) {
        if let Some(p) = git(&["rev-parse", "--git-path", &head]) {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    // so does an edit of the sources (a directory is watched with everything in it)
    if let Some(root) = &root {
        for s in SOURCES {
            let p = Path::new(root).join(s);
            if p.exists() {
                println!("cargo:rerun-if-changed={}", p.display());
            }
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
