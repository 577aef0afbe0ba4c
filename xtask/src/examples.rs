//! `cargo xtask examples`: runs every console example of the READMEs as a
//! user would type it and compares what it prints with what the README
//! shows.
//!
//! A ```` ```console ```` block holds `$ command` lines, each followed by
//! the output it shows (stdout and stderr as a terminal interleaves them).
//! A command ending in `\` continues on the next line. In the expected
//! output a line `...` stands for any number of lines (none included) and
//! `...` inside a line for any text, so times and machine-dependent figures
//! can be elided. Blocks marked ```` ```console,ignore ```` are not run (the
//! README says why next to them: a server, a network, a long build).
//!
//! Each command runs with `sh -c` (pipes, `;`, `> file` and `echo $?` work
//! as in a shell) from a scratch copy of the workspace's `fixtures/`, one
//! scratch folder per README so that later commands see the files earlier
//! ones wrote, with the release binaries first on `PATH` and `NO_COLOR` set.
//! Examples are written as if run from the workspace root.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::workspace;

/// How long one example may run before it counts as a failure.
const TIMEOUT: Duration = Duration::from_secs(300);

/// One `$` command of a README and the output it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The 1-based line of the `$` in its file.
    pub line: usize,
    /// The command as `sh -c` gets it.
    pub command: String,
    /// The output lines shown under it.
    pub expected: Vec<String>,
}

pub fn run(only: &[String]) -> Result<()> {
    let files = if only.is_empty() {
        readmes()?
    } else {
        only.iter()
            .map(|file| workspace::root().join(file))
            .collect()
    };
    let binaries = workspace::build_release_binaries(&workspace::fixture_crates()?)?;
    let bin_dir = binaries
        .first()
        .and_then(|binary| binary.parent())
        .context("no release binaries")?
        .to_path_buf();
    let mut failures = 0;
    let mut total = 0;
    for file in &files {
        let text =
            std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
        let examples = parse(&text);
        if examples.is_empty() {
            continue;
        }
        let name = file
            .strip_prefix(workspace::root())
            .unwrap_or(file)
            .display()
            .to_string();
        let scratch = scratch_copy(&name)?;
        let start = Instant::now();
        let mut failed = 0;
        for example in &examples {
            let output = execute(&example.command, &scratch, &bin_dir)?;
            if let Err(diff) = matches(&example.expected, &output) {
                failed += 1;
                eprintln!(
                    "FAIL {name}:{}: $ {}\n{diff}",
                    example.line, example.command
                );
            }
        }
        println!(
            "{name}: {} of {} examples as shown ({:.1} s)",
            examples.len() - failed,
            examples.len(),
            start.elapsed().as_secs_f64()
        );
        failures += failed;
        total += examples.len();
        std::fs::remove_dir_all(&scratch).ok();
    }
    if failures > 0 {
        bail!("{failures} of {total} README examples print something other than the README shows");
    }
    println!("examples: all {total} README examples print what the READMEs show");
    Ok(())
}

/// The README at the root and each crate's.
fn readmes() -> Result<Vec<PathBuf>> {
    let root = workspace::root();
    let mut files = vec![root.join("README.md")];
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path().join("README.md")))
        .filter(|path| path.is_file())
        .collect();
    crates.sort();
    files.extend(crates);
    Ok(files)
}

/// A fresh folder holding a copy of `fixtures/`, under the target dir.
fn scratch_copy(name: &str) -> Result<PathBuf> {
    let slug: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let scratch = workspace::target_dir().join("examples").join(slug);
    if scratch.exists() {
        std::fs::remove_dir_all(&scratch)?;
    }
    copy_dir(
        &workspace::root().join("fixtures"),
        &scratch.join("fixtures"),
    )?;
    Ok(scratch)
}

fn copy_dir(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)
                .with_context(|| format!("copying {}", entry.path().display()))?;
        }
    }
    Ok(())
}

/// Runs `command` under `sh -c` in `dir`, stdout and stderr in one stream
/// as a terminal shows them.
fn execute(command: &str, dir: &Path, bin_dir: &Path) -> Result<String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin_dir.to_path_buf()];
    paths.extend(std::env::split_paths(&path));
    let cache = workspace::target_dir().join("examples-cache");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(dir)
        .env("PATH", std::env::join_paths(paths)?)
        .env("NO_COLOR", "1")
        .env("EIGHT_PUZZLE_CACHE", &cache)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("could not start sh -c {command}"))?;
    let mut stdout = child.stdout.take().context("no stdout")?;
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut bytes).map(|_| bytes)
    });
    let start = Instant::now();
    while child.try_wait()?.is_none() {
        if start.elapsed() > TIMEOUT {
            child.kill().ok();
            bail!("`{command}` ran longer than {} s", TIMEOUT.as_secs());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let bytes = reader
        .join()
        .map_err(|_| anyhow::anyhow!("reading the output of `{command}`"))??;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The examples of every ```` ```console ```` block of a Markdown text.
pub fn parse(text: &str) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut in_block = false;
    let mut current: Option<Example> = None;
    let mut continued = false;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_end();
        if !in_block {
            in_block = trimmed == "```console";
            continue;
        }
        if trimmed == "```" {
            examples.extend(current.take());
            in_block = false;
            continue;
        }
        if continued {
            let example = current.as_mut().expect("a continued command has begun");
            example.command.push('\n');
            example.command.push_str(trimmed);
            continued = trimmed.ends_with('\\');
        } else if let Some(command) = trimmed.strip_prefix("$ ") {
            examples.extend(current.take());
            continued = command.ends_with('\\');
            current = Some(Example {
                line: index + 1,
                command: command.to_owned(),
                expected: Vec::new(),
            });
        } else if let Some(example) = current.as_mut() {
            example.expected.push(trimmed.to_owned());
        }
    }
    examples
}

/// Whether `output` is what `expected` shows, with `...` elisions; the
/// error is a readable diff.
pub fn matches(expected: &[String], output: &str) -> Result<(), String> {
    let actual: Vec<&str> = output.lines().map(str::trim_end).collect();
    if lines_match(expected, &actual) {
        return Ok(());
    }
    let mut diff = String::from("  expected:\n");
    for line in expected {
        let _ = writeln!(diff, "    {line}");
    }
    diff.push_str("  got:\n");
    for line in &actual {
        let _ = writeln!(diff, "    {line}");
    }
    Err(diff)
}

fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => match actual.split_first() {
            Some((line, more)) => line_matches(first, line) && lines_match(rest, more),
            None => false,
        },
    }
}

/// One line against its pattern, where `...` stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut pieces = pattern.split("...");
    let first = pieces.next().unwrap_or_default();
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    let Some((last, middle)) = pieces.split_last() else {
        return rest.is_empty();
    };
    for piece in middle {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|line| line.to_string()).collect()
    }

    #[test]
    fn commands_outputs_continuations_and_ignored_blocks() {
        let text = "intro\n```console\n$ a --x \\\n  --y\nout 1\nout 2\n$ b; echo $?\n3\n```\n\
                    ```console,ignore\n$ server\n```\n```sh\n$ not run\n```\n";
        let examples = parse(text);
        assert_eq!(
            examples,
            vec![
                Example {
                    line: 3,
                    command: "a --x \\\n  --y".into(),
                    expected: lines(&["out 1", "out 2"]),
                },
                Example {
                    line: 7,
                    command: "b; echo $?".into(),
                    expected: lines(&["3"]),
                },
            ]
        );
    }

    #[test]
    fn elisions_match_any_lines_and_any_text_but_nothing_else() {
        let expected = lines(&["a", "...", "stats: nodes 5, time ... ms", "z"]);
        assert!(matches(&expected, "a\nb\nc\nstats: nodes 5, time 1.2 ms\nz\n").is_ok());
        assert!(matches(&expected, "a\nstats: nodes 5, time 0.1 ms\nz").is_ok());
        assert!(matches(&expected, "a\nstats: nodes 6, time 1.2 ms\nz").is_err());
        assert!(matches(&expected, "a\nstats: nodes 5, time 1.2 ms\nz\nextra").is_err());
        assert!(matches(&lines(&[]), "").is_ok());
        assert!(matches(&lines(&[]), "something").is_err());
        assert!(line_matches("x ... y ... z", "x 1 y 2 z"));
        assert!(!line_matches("x ... y", "x 1 z"));
        assert!(line_matches("exact", "exact"));
        assert!(!line_matches("exact", "exactly"));
    }
}
