//! Reports that continuous-integration systems read: one [`Case`] per game or per fixture
//! position, written as JUnit XML, GitHub workflow annotations or JSON lines ([`Format`]).
//! The verdict itself is the caller's exit code, in every format.
//!
//! ```
//! use citadel_notation::report::{Case, Format, Report, Verdict};
//! use citadel_notation::Loc;
//! let mut report = Report::new("json".parse().unwrap(), "citadel validate");
//! let bad = Case::new(
//!     "games.pgn",
//!     "game 2",
//!     Verdict::Failed { loc: Some(Loc { line: 9, col: 4 }), message: "move 1. e5: no pawn can move to e5".into() },
//!     &serde_json::json!({ "game": 2 }),
//! );
//! assert_eq!(
//!     report.add(bad),
//!     "{\"file\":\"games.pgn\",\"game\":2,\"error\":\"move 1. e5: no pawn can move to e5\",\"line\":9,\"col\":4}\n"
//! );
//! assert_eq!(report.finish(), "");
//! ```

use crate::{clip, Diagnostic, Loc, Summary};
use serde::Serialize;
use std::fmt::Write;

/// How a command reports its verdicts (`--format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The command's own text for people (the default).
    #[default]
    Text,
    /// One JSON object per case, one per line.
    Json,
    /// A JUnit XML document, one test case per case, written at the end.
    Junit,
    /// GitHub workflow commands: an `::error` annotation per failed case, a `::warning` per
    /// skipped one.
    Github,
}

/// A `--format` value that names no format; it keeps the text (shortened).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown report format `{0}` (text, json, junit or github)")]
pub struct ParseFormatError(pub String);

impl std::str::FromStr for Format {
    type Err = ParseFormatError;
    /// `text`, `json` (or `jsonl`), `junit`, `github`.
    fn from_str(s: &str) -> Result<Format, ParseFormatError> {
        match s {
            "text" => Ok(Format::Text),
            "json" | "jsonl" => Ok(Format::Json),
            "junit" => Ok(Format::Junit),
            "github" => Ok(Format::Github),
            _ => Err(ParseFormatError(clip(s))),
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Format::Text => "text",
            Format::Json => "json",
            Format::Junit => "junit",
            Format::Github => "github",
        })
    }
}

/// What became of one case.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// It passed.
    Passed,
    /// It failed: where in its file (when known) and why.
    Failed {
        /// Line and column in the file, when the case came from text.
        loc: Option<Loc>,
        /// What is wrong.
        message: String,
    },
    /// It could not be run (an engine that does not know the game): why.
    Skipped(String),
}

/// One game or one fixture position, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// The file it comes from, as named on the command line.
    pub file: String,
    /// Its name within the file (`game 3`, `chess kiwipete`).
    pub name: String,
    /// What became of it.
    pub verdict: Verdict,
    /// Seconds it took, when measured.
    pub seconds: Option<f64>,
    /// Its own fields of the JSON line: members of a JSON object, without the braces.
    members: String,
}

/// The members of the JSON object `value` serializes to, without the braces (empty for
/// anything that is not an object with members).
fn members(value: &impl Serialize) -> String {
    let text = serde_json::to_string(value).unwrap_or_default();
    match text.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        Some(inner) => inner.to_string(),
        None => String::new(),
    }
}

impl Case {
    /// A case of `file` named `name`; `fields` (a struct or a JSON object) gives the JSON
    /// line's fields after `file`.
    pub fn new(file: &str, name: &str, verdict: Verdict, fields: &impl Serialize) -> Case {
        Case {
            file: file.to_string(),
            name: name.to_string(),
            verdict,
            seconds: None,
            members: members(fields),
        }
    }

    /// The same case with its time (never negative: an empty sum of times is `-0.0`).
    pub fn timed(mut self, seconds: f64) -> Case {
        self.seconds = Some(seconds.max(0.0) + 0.0);
        self
    }

    /// A game of `file`: its replay's summary (its JSON fields are the summary's), or what is
    /// wrong with it (fields: its number, then `error`, `line`, `col`).
    pub fn game(file: &str, result: &Result<Summary, Diagnostic>) -> Case {
        match result {
            Ok(s) => Case::new(file, &format!("game {}", s.game), Verdict::Passed, s),
            Err(d) if d.is_of_file() => Case::new(
                file,
                "file",
                Verdict::Failed {
                    loc: d.loc,
                    message: d.message(),
                },
                &(),
            ),
            Err(d) => Case::new(
                file,
                &format!("game {}", d.game),
                Verdict::Failed {
                    loc: d.loc,
                    message: d.message(),
                },
                &serde_json::json!({ "game": d.game }),
            ),
        }
    }

    /// The JSON line: `file`, the case's fields, then `error` (with `line` and `col` when
    /// known) for a failure or `skipped` (the reason) for a skipped case.
    pub fn json_line(&self) -> String {
        let mut s = format!("{{\"file\":{}", json_string(&self.file));
        if !self.members.is_empty() {
            s.push(',');
            s.push_str(&self.members);
        }
        match &self.verdict {
            Verdict::Passed => {}
            Verdict::Failed { loc, message } => {
                let _ = write!(s, ",\"error\":{}", json_string(message));
                if let Some(l) = loc {
                    let _ = write!(s, ",\"line\":{},\"col\":{}", l.line, l.col);
                }
            }
            Verdict::Skipped(reason) => {
                let _ = write!(s, ",\"skipped\":{}", json_string(reason));
            }
        }
        s.push('}');
        s
    }

    /// The GitHub workflow command for the case: `::error file=…,line=…,col=…,title=…::…`
    /// for a failure, `::warning …` for a skipped case, nothing (`None`) for a pass.
    pub fn github_line(&self) -> Option<String> {
        let (command, loc, message) = match &self.verdict {
            Verdict::Passed => return None,
            Verdict::Failed { loc, message } => ("error", *loc, message.clone()),
            Verdict::Skipped(reason) => ("warning", None, format!("skipped: {reason}")),
        };
        let mut props = format!("file={}", github_property(&self.file));
        if let Some(l) = loc {
            let _ = write!(props, ",line={},col={}", l.line, l.col);
        }
        let _ = write!(props, ",title={}", github_property(&self.name));
        Some(format!(
            "::{command} {props}::{}",
            github_data(&format!("{}: {message}", self.name))
        ))
    }
}

/// A JSON string literal of `text`.
fn json_string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".into())
}

/// Text as the data (the message) of a GitHub workflow command: `%`, carriage return and
/// line feed escaped as `%25`, `%0D`, `%0A`, and other control characters (ESC, BEL), which
/// would reach the log's terminal, as `\u{…}` text.
///
/// ```
/// use citadel_notation::report::github_data;
/// assert_eq!(github_data("50% done\r\nnext: a, b"), "50%25 done%0D%0Anext: a, b");
/// assert_eq!(github_data("a\u{1b}[31mb\u{7}"), "a\\u{1b}[31mb\\u{7}");
/// ```
pub fn github_data(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// Text as a property value of a GitHub workflow command (`file=`, `title=`): as
/// [`github_data`], and `:` and `,` escaped as `%3A` and `%2C`.
///
/// ```
/// use citadel_notation::report::github_property;
/// assert_eq!(github_property("a,b:c%\n"), "a%2Cb%3Ac%25%0A");
/// ```
pub fn github_property(text: &str) -> String {
    github_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// Text as XML 1.0 character data or an attribute value: markup characters and quotes as
/// entities (so `]]>` cannot end anything), tab, line feed and carriage return as character
/// references (attribute values keep them), and the characters XML 1.0 cannot carry at all
/// (other control characters, U+FFFE, U+FFFF) as `\u{…}` text.
///
/// ```
/// use citadel_notation::report::xml_escape;
/// assert_eq!(xml_escape("a<b & \"c\" ]]> 'd'"), "a&lt;b &amp; &quot;c&quot; ]]&gt; &apos;d&apos;");
/// assert_eq!(xml_escape("x\u{1}\ty\n"), "x\\u{1}&#9;y&#10;");
/// ```
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' => out.push_str("&#9;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The cases of one file, for JUnit's `testsuite`.
struct Suite {
    file: String,
    cases: Vec<Case>,
}

/// A report being written: lines due as each case comes ([`Report::add`]) and a document
/// due at the end ([`Report::finish`]).
pub struct Report {
    format: Format,
    title: String,
    /// JUnit only: the cases so far, a suite for each run of cases of one file.
    suites: Vec<Suite>,
}

impl Report {
    /// A report in `format` of the run named `title` (`citadel validate`: JUnit's
    /// `testsuites` name).
    pub fn new(format: Format, title: &str) -> Report {
        Report {
            format,
            title: title.to_string(),
            suites: Vec::new(),
        }
    }

    /// The report's format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Takes a case; returns what to print for it now, with its final newline: its JSON line
    /// or its GitHub annotation, nothing in text (the command prints its own) or JUnit (the
    /// case waits for [`Report::finish`]).
    pub fn add(&mut self, case: Case) -> String {
        match self.format {
            Format::Text => String::new(),
            Format::Json => format!("{}\n", case.json_line()),
            Format::Github => case.github_line().map(|l| l + "\n").unwrap_or_default(),
            Format::Junit => {
                let case = Case {
                    members: String::new(),
                    ..case
                };
                // the cases of a file come together: a file named twice is two suites
                match self.suites.last_mut() {
                    Some(s) if s.file == case.file => s.cases.push(case),
                    _ => self.suites.push(Suite {
                        file: case.file.clone(),
                        cases: vec![case],
                    }),
                }
                String::new()
            }
        }
    }

    /// [`Report::add`] for a game of `file` ([`Case::game`]); in text, nothing is built.
    pub fn game(&mut self, file: &str, result: &Result<Summary, Diagnostic>) -> String {
        match self.format {
            Format::Text => String::new(),
            _ => self.add(Case::game(file, result)),
        }
    }

    /// What to print at the end: the JUnit document, nothing in the other formats.
    pub fn finish(self) -> String {
        if self.format != Format::Junit {
            return String::new();
        }
        junit(&self.title, &self.suites)
    }
}

/// (tests, failures, skipped, seconds if any case was timed) of `cases`.
fn counts<'a>(cases: impl Iterator<Item = &'a Case>) -> (usize, usize, usize, Option<f64>) {
    let (mut tests, mut failures, mut skipped, mut time) = (0, 0, 0, None);
    for c in cases {
        tests += 1;
        match c.verdict {
            Verdict::Passed => {}
            Verdict::Failed { .. } => failures += 1,
            Verdict::Skipped(_) => skipped += 1,
        }
        if let Some(s) = c.seconds {
            time = Some(time.unwrap_or(0.0) + s);
        }
    }
    (tests, failures, skipped, time)
}

/// The attributes `tests="…" failures="…" errors="0" skipped="…"` (and `time`).
fn count_attributes<'a>(cases: impl Iterator<Item = &'a Case>) -> String {
    let (tests, failures, skipped, time) = counts(cases);
    let mut s =
        format!("tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\"");
    if let Some(t) = time {
        let _ = write!(s, " time=\"{t:.3}\"");
    }
    s
}

/// The JUnit XML document: `testsuites` named `title`, a `testsuite` per file, a
/// `testcase` per case (`classname` the file; `file` and `line` attributes where known), a
/// failure with its message (and `file:line:col: name: message` as its text), a skipped
/// case with its reason.
fn junit(title: &str, suites: &[Suite]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"{}\" {}>",
        xml_escape(title),
        count_attributes(suites.iter().flat_map(|s| &s.cases))
    );
    for s in suites {
        let file = xml_escape(&s.file);
        let _ = writeln!(
            out,
            "  <testsuite name=\"{file}\" {}>",
            count_attributes(s.cases.iter())
        );
        for c in &s.cases {
            let _ = write!(
                out,
                "    <testcase name=\"{}\" classname=\"{file}\" file=\"{file}\"",
                xml_escape(&c.name)
            );
            if let Verdict::Failed { loc: Some(l), .. } = &c.verdict {
                let _ = write!(out, " line=\"{}\"", l.line);
            }
            if let Some(t) = c.seconds {
                let _ = write!(out, " time=\"{t:.3}\"");
            }
            match &c.verdict {
                Verdict::Passed => out.push_str("/>\n"),
                Verdict::Failed { loc, message } => {
                    let place = match loc {
                        Some(l) => format!("{}:{l}", s.file),
                        None => s.file.clone(),
                    };
                    let _ = write!(
                        out,
                        ">\n      <failure message=\"{}\" type=\"failure\">{}</failure>\n    </testcase>\n",
                        xml_escape(message),
                        xml_escape(&format!("{place}: {}: {message}", c.name))
                    );
                }
                Verdict::Skipped(reason) => {
                    let _ = write!(
                        out,
                        ">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                        xml_escape(reason)
                    );
                }
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed(file: &str, name: &str, message: &str) -> Case {
        Case::new(
            file,
            name,
            Verdict::Failed {
                loc: Some(Loc { line: 3, col: 7 }),
                message: message.into(),
            },
            &serde_json::json!({ "game": 1 }),
        )
    }

    #[test]
    fn formats_read_and_print_their_names() {
        for f in [Format::Text, Format::Json, Format::Junit, Format::Github] {
            assert_eq!(f.to_string().parse::<Format>(), Ok(f));
        }
        assert_eq!("jsonl".parse::<Format>(), Ok(Format::Json));
        let e = "xml".repeat(40).parse::<Format>().unwrap_err();
        assert!(e.to_string().contains('…'), "{e}");
        assert!(
            e.to_string().ends_with("(text, json, junit or github)"),
            "{e}"
        );
    }

    #[test]
    fn junit_escapes_any_text_and_counts_verdicts() {
        let nasty = "a]]>b<c>&\"'\u{0}\u{1b}\r\n\u{FFFF}é";
        let mut r = Report::new(Format::Junit, "citadel <validate>");
        assert_eq!(r.add(failed("x&y.pgn", nasty, nasty)), "");
        assert_eq!(
            r.add(Case::new(
                "x&y.pgn",
                "game 2",
                Verdict::Passed,
                &serde_json::json!({})
            )),
            ""
        );
        r.add(Case::new("z.json", "skip", Verdict::Skipped(nasty.into()), &()).timed(0.5));
        let doc = r.finish();
        assert!(!doc.contains("]]>"), "{doc}");
        assert!(!doc.contains('\u{0}') && !doc.contains('\u{1b}') && !doc.contains('\r'));
        assert!(doc.contains("a]]&gt;b&lt;c&gt;&amp;&quot;&apos;\\u{0}\\u{1b}&#13;&#10;\\u{ffff}é"));
        assert!(doc.contains(
            "<testsuites name=\"citadel &lt;validate&gt;\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\" time=\"0.500\">"
        ), "{doc}");
        assert!(doc.contains("<testsuite name=\"x&amp;y.pgn\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\">"));
        assert!(doc.contains(" line=\"3\""));
        assert!(doc.contains("x&amp;y.pgn:3:7: a]]&gt;b"));
    }

    #[test]
    fn github_lines_escape_data_and_properties() {
        let c = failed("dir/a,b:c.pgn", "game 1", "100% wrong\nreally");
        assert_eq!(
            c.github_line().unwrap(),
            "::error file=dir/a%2Cb%3Ac.pgn,line=3,col=7,title=game 1::game 1: 100%25 wrong%0Areally"
        );
        let s = Case::new("f.json", "chess x", Verdict::Skipped("no".into()), &());
        assert_eq!(
            s.github_line().unwrap(),
            "::warning file=f.json,title=chess x::chess x: skipped: no"
        );
        let p = Case::new("f.json", "ok", Verdict::Passed, &());
        assert_eq!(p.github_line(), None);
        assert_eq!(Report::new(Format::Github, "t").add(p), "");
    }

    #[test]
    fn json_lines_keep_the_fields_in_order() {
        let c = failed("a.pgn", "game 1", "bad \"move\"");
        assert_eq!(
            c.json_line(),
            r#"{"file":"a.pgn","game":1,"error":"bad \"move\"","line":3,"col":7}"#
        );
        let s = Case::new("f.json", "x", Verdict::Skipped("why".into()), &());
        assert_eq!(s.json_line(), r#"{"file":"f.json","skipped":"why"}"#);
    }
}
