//! Fixture cases: loading `fixtures/<crate>/*.toml`, running one case against
//! a binary, and judging the result. The format is described in
//! `fixtures/README.md`.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use serde::Deserialize;
use serde_json::Value;
use similar::{ChangeTag, TextDiff};

/// One case, as written in a fixture file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    pub name: String,
    pub args: Vec<String>,
    #[serde(default)]
    pub stdin: Option<String>,
    #[serde(default)]
    pub exit: i32,
    #[serde(default)]
    pub stdout: Option<String>,
    #[serde(default)]
    pub stdout_contains: Vec<String>,
    #[serde(default)]
    pub stderr_contains: Vec<String>,
    #[serde(default)]
    pub check: Option<Vec<String>>,
    #[serde(default)]
    pub json: Option<Vec<toml::Table>>,
    /// Seconds before the case is stopped and failed.
    #[serde(default = "default_timeout")]
    pub timeout: u64,
    /// Shown by `cargo xtask demo`.
    #[serde(default)]
    pub demo: bool,
}

fn default_timeout() -> u64 {
    120
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    case: Vec<Case>,
}

/// Every case of one crate's fixture folder, with the file each came from.
pub fn load(folder: &Path) -> Result<Vec<(PathBuf, Case)>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .with_context(|| format!("reading {}", folder.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("{} holds no *.toml case files", folder.display());
    }
    let mut cases = Vec::new();
    let mut names = std::collections::BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("reading {}", file.display()))?;
        let parsed: CaseFile =
            toml::from_str(&text).with_context(|| format!("parsing {}", file.display()))?;
        for case in parsed.case {
            if !names.insert(case.name.clone()) {
                bail!(
                    "{}: case name '{}' is used twice",
                    file.display(),
                    case.name
                );
            }
            cases.push((file.clone(), case));
        }
    }
    Ok(cases)
}

/// What a finished process left behind.
#[derive(Debug)]
pub struct Output {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub timed_out: bool,
}

/// Runs `binary args` in `dir` with `stdin`, stopping it after `timeout`.
pub fn run_binary(
    binary: &Path,
    dir: &Path,
    args: &[String],
    stdin: &str,
    timeout: Duration,
) -> Result<Output> {
    let mut child = Command::new(binary)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("starting {}", binary.display()))?;
    // Feed and drain on threads so a chatty child never blocks on a full pipe.
    let mut child_stdin = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_owned();
    let writer = std::thread::spawn(move || {
        // A child that exits without reading its input is not an error here.
        let _ = child_stdin.write_all(input.as_bytes());
    });
    let stdout = drain(child.stdout.take().expect("stdout is piped"));
    let stderr = drain(child.stderr.take().expect("stderr is piped"));
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if start.elapsed() > timeout {
            timed_out = true;
            child.kill().ok();
            break child.wait()?;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    writer.join().ok();
    Ok(Output {
        code: status.code(),
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        timed_out,
    })
}

fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        pipe.read_to_end(&mut bytes).ok();
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// Runs one case and returns every way it failed (empty when it passed).
pub fn judge(binary: &Path, dir: &Path, case: &Case) -> Result<Vec<String>> {
    let timeout = Duration::from_secs(case.timeout);
    let output = run_binary(
        binary,
        dir,
        &case.args,
        case.stdin.as_deref().unwrap_or(""),
        timeout,
    )?;
    let mut failures = Vec::new();
    if output.timed_out {
        failures.push(format!("timed out after {} s", case.timeout));
        return Ok(failures);
    }
    if output.code != Some(case.exit) {
        failures.push(format!(
            "exit code: expected {}, got {}\n{}",
            case.exit,
            output
                .code
                .map_or("none (killed by a signal)".to_owned(), |code| code
                    .to_string()),
            indent("stderr", &output.stderr)
        ));
    }
    if let Some(expected) = &case.stdout
        && *expected != output.stdout
    {
        failures.push(format!(
            "stdout differs (- expected, + actual):\n{}",
            diff(expected, &output.stdout)
        ));
    }
    for needle in &case.stdout_contains {
        if !output.stdout.contains(needle.as_str()) {
            failures.push(format!(
                "stdout lacks {needle:?}\n{}",
                indent("stdout", &output.stdout)
            ));
        }
    }
    for needle in &case.stderr_contains {
        if !output.stderr.contains(needle.as_str()) {
            failures.push(format!(
                "stderr lacks {needle:?}\n{}",
                indent("stderr", &output.stderr)
            ));
        }
    }
    if let Some(expected) = &case.json {
        failures.extend(compare_json_lines(expected, &output.stdout));
    }
    if let Some(check_args) = &case.check {
        let checked = run_binary(binary, dir, check_args, &output.stdout, timeout)?;
        if checked.code != Some(0) {
            failures.push(format!(
                "checker `{}` rejected the output\n{}{}",
                check_args.join(" "),
                indent("checker stdout", &checked.stdout),
                indent("checker stderr", &checked.stderr)
            ));
        }
    }
    Ok(failures)
}

fn compare_json_lines(expected: &[toml::Table], stdout: &str) -> Vec<String> {
    let lines: Vec<&str> = stdout
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    let mut failures = Vec::new();
    if lines.len() != expected.len() {
        failures.push(format!(
            "expected {} JSON lines, got {}",
            expected.len(),
            lines.len()
        ));
    }
    for (index, (table, line)) in expected.iter().zip(&lines).enumerate() {
        let actual: Value = match serde_json::from_str(line) {
            Ok(value) => value,
            Err(error) => {
                failures.push(format!("line {}: not JSON ({error}): {line}", index + 1));
                continue;
            }
        };
        let wanted = serde_json::to_value(table).expect("TOML tables convert to JSON");
        let mut mismatches = Vec::new();
        subset_mismatches(&wanted, &actual, "", &mut mismatches);
        for mismatch in mismatches {
            failures.push(format!("line {}: {mismatch}", index + 1));
        }
    }
    failures
}

/// Records where `actual` does not contain `wanted`: objects are compared by
/// the keys `wanted` names, everything else by value.
fn subset_mismatches(wanted: &Value, actual: &Value, path: &str, out: &mut Vec<String>) {
    match (wanted, actual) {
        (Value::Object(wanted), Value::Object(actual)) => {
            for (key, wanted_value) in wanted {
                let key_path = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                match actual.get(key) {
                    Some(actual_value) => {
                        subset_mismatches(wanted_value, actual_value, &key_path, out)
                    }
                    None => out.push(format!("{key_path}: missing (expected {wanted_value})")),
                }
            }
        }
        (Value::Number(wanted), Value::Number(actual)) => {
            let equal = match (
                wanted.as_u64(),
                actual.as_u64(),
                wanted.as_i64(),
                actual.as_i64(),
            ) {
                (Some(a), Some(b), _, _) => a == b,
                (_, _, Some(a), Some(b)) => a == b,
                _ => wanted.as_f64() == actual.as_f64(),
            };
            if !equal {
                out.push(format!("{path}: expected {wanted}, got {actual}"));
            }
        }
        _ if wanted == actual => {}
        _ => out.push(format!(
            "{path}: expected {wanted}, got {}",
            shorten(&actual.to_string())
        )),
    }
}

fn shorten(text: &str) -> String {
    const MAX: usize = 200;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}... ({} bytes)", &text[..cut], text.len()),
        None => text.to_owned(),
    }
}

/// Lines of context shown around each change.
const CONTEXT: usize = 2;

/// A line diff of fixture output (`similar`'s, Myers): each change with
/// `CONTEXT` equal lines around it, the lines skipped between counted, a
/// carriage return shown as `\r` and a missing final newline marked, so
/// that differences in line endings are visible too.
fn diff(expected: &str, actual: &str) -> String {
    let diff = TextDiff::from_lines(expected, actual);
    let old_lines = diff.old_slices().len();
    let mut out = String::new();
    let mut shown_to = 0;
    for group in diff.grouped_ops(CONTEXT) {
        let (Some(first), Some(last)) = (group.first(), group.last()) else {
            continue;
        };
        let skipped = first.old_range().start - shown_to;
        if skipped > 0 {
            out.push_str(&format!("  ... {skipped} equal line(s)\n"));
        }
        shown_to = last.old_range().end;
        for op in &group {
            for change in diff.iter_changes(op) {
                let sign = match change.tag() {
                    ChangeTag::Delete => "- ",
                    ChangeTag::Insert => "+ ",
                    ChangeTag::Equal => "  ",
                };
                let line = change.value();
                let line = line.strip_suffix('\n').unwrap_or(line);
                out.push_str(sign);
                out.push_str(&line.replace('\r', "\\r"));
                out.push('\n');
                if change.missing_newline() {
                    out.push_str("  (no newline at the end)\n");
                }
            }
        }
    }
    if old_lines > shown_to && shown_to > 0 {
        out.push_str(&format!("  ... {} equal line(s)\n", old_lines - shown_to));
    }
    out
}

fn indent(label: &str, text: &str) -> String {
    if text.trim().is_empty() {
        return format!("  ({label} empty)\n");
    }
    let mut out = format!("  {label}:\n");
    for line in text.lines().take(40) {
        out.push_str(&format!("    | {line}\n"));
    }
    if text.lines().count() > 40 {
        out.push_str("    | ...\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn mismatches(wanted: Value, actual: Value) -> Vec<String> {
        let mut out = Vec::new();
        subset_mismatches(&wanted, &actual, "", &mut out);
        out
    }

    #[test]
    fn subset_ignores_keys_not_named() {
        assert!(
            mismatches(
                json!({"status": "solved"}),
                json!({"status": "solved", "n": 8})
            )
            .is_empty()
        );
    }

    #[test]
    fn subset_reports_missing_and_different_values() {
        let found = mismatches(
            json!({"status": "solved", "count": 2}),
            json!({"status": "unsolvable"}),
        );
        assert_eq!(found.len(), 2, "{found:?}");
    }

    #[test]
    fn large_integers_compare_exactly() {
        let big = 234_907_967_154_122_528_u64;
        assert!(mismatches(json!({"count": big}), json!({"count": big})).is_empty());
        assert!(!mismatches(json!({"count": big}), json!({"count": big + 1})).is_empty());
    }

    #[test]
    fn diff_shows_only_the_changed_lines() {
        let shown = diff("a\nb\nc\n", "a\nx\nc\n");
        assert!(shown.contains("- b") && shown.contains("+ x"), "{shown}");
        assert!(!shown.contains("- a"), "{shown}");
    }

    #[test]
    fn diff_counts_the_equal_lines_it_skips() {
        let old: String = (0..20).map(|n| format!("{n}\n")).collect();
        let new = old.replace("10\n", "ten\n");
        let shown = diff(&old, &new);
        assert_eq!(
            shown,
            "  ... 8 equal line(s)\n  8\n  9\n- 10\n+ ten\n  11\n  12\n  ... 7 equal line(s)\n"
        );
    }

    #[test]
    fn diff_shows_line_endings_and_a_missing_final_newline() {
        let shown = diff("a\nb\n", "a\r\nb");
        assert!(shown.contains("+ a\\r"), "{shown}");
        assert!(shown.contains("(no newline at the end)"), "{shown}");
    }

    #[test]
    fn case_files_reject_unknown_keys() {
        let parsed: Result<CaseFile, _> =
            toml::from_str("[[case]]\nname = 'a'\nargs = []\nexpect = 1\n");
        assert!(parsed.is_err());
    }
}
