//! `cargo xtask bench [crate]`: builds each crate's bench, `benches/<crate>/`
//! (a `bench-kit` program, the package `<crate>-bench`), in the bench profile,
//! runs it from the workspace root, and renders its rows as a Markdown table
//! and as `target/bench/<crate>.json`, its ratios drawn as a bar chart in
//! `target/bench/<crate>.svg`.
//!
//! `benches/` is a workspace of its own, with its own lock file and target
//! dir (`target/benches`): the peers from crates.io stay out of the main
//! workspace's lock, where crates.io's `sudoku` made `-p sudoku` ambiguous.

use std::path::PathBuf;
use std::process::Stdio;

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use crate::workspace::{self, cargo};

/// One row as printed by `bench_kit::run`.
#[derive(Debug, Deserialize, Serialize)]
struct Row {
    workload: String,
    ours_s: f64,
    peer: Option<String>,
    peer_s: Option<f64>,
    ratio: Option<f64>,
    items: Option<u64>,
    agree: bool,
    answer: String,
    note: Option<String>,
    #[serde(default)]
    ours_runs: Vec<f64>,
    #[serde(default)]
    peer_runs: Vec<f64>,
    /// Calls per timed run (bench-kit repeats a short job).
    #[serde(default)]
    ours_calls: u32,
    #[serde(default)]
    peer_calls: u32,
    /// Guesses per item, ours and the peer's, where the bench counts them
    /// (sudoku's search engines); the table gains a column when any row has
    /// them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ours_guesses: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    peer_guesses: Option<f64>,
}

pub fn run(only: Option<&str>, filter: Option<&str>, runs: usize) -> Result<()> {
    let crates = crates()?;
    let crates: Vec<String> = match only {
        Some(krate) if crates.iter().any(|known| known == krate) => vec![krate.to_owned()],
        Some(krate) => bail!(
            "crate '{krate}' has no bench, benches/{krate}/ (crates with one: {})",
            crates.join(", ")
        ),
        None => crates,
    };
    let mut disagreements = 0;
    for krate in &crates {
        let executable = build(krate)?;
        let mut command = std::process::Command::new(&executable);
        command
            .current_dir(workspace::root())
            .args(["--runs", &runs.to_string()]);
        command.args(filter);
        let output = command
            .stderr(Stdio::inherit())
            .output()
            .with_context(|| format!("running {}", executable.display()))?;
        let rows: Vec<Row> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter(|line| line.starts_with('{'))
            .map(serde_json::from_str)
            .collect::<Result<_, _>>()
            .with_context(|| format!("reading the rows of {krate}'s bench"))?;
        disagreements += rows.iter().filter(|row| !row.agree).count();
        print_table(krate, &rows, runs);
        let out_dir = workspace::target_dir().join("bench");
        std::fs::create_dir_all(&out_dir)?;
        let out_file = out_dir.join(format!("{krate}.json"));
        std::fs::write(&out_file, serde_json::to_string_pretty(&rows)?)?;
        let chart_file = out_dir.join(format!("{krate}.svg"));
        std::fs::write(&chart_file, chart(krate, &rows))?;
        println!(
            "\n(rows written to {}, their ratios drawn in {})\n",
            out_file.display(),
            chart_file.display()
        );
        if !output.status.success() && disagreements == 0 {
            bail!("{krate}'s bench failed ({})", output.status);
        }
    }
    if disagreements > 0 {
        bail!("{disagreements} workload(s) where our answer differs from the peer's");
    }
    Ok(())
}

/// The bar chart of the rows' ratios (peer time over ours), one bar a
/// workload, beside the JSON.
fn chart(krate: &str, rows: &[Row]) -> String {
    let bars: Vec<(String, Option<f64>)> = rows
        .iter()
        .map(|row| (row.workload.clone(), row.ratio))
        .collect();
    svg_kit::ratio_chart(&format!("cargo xtask bench {krate}"), &bars)
}

/// The manifest of the benches' workspace.
pub fn manifest() -> PathBuf {
    workspace::root().join("benches").join("Cargo.toml")
}

/// The target dir of the benches' workspace: `benches` under the main one,
/// so that neither build evicts the other's artifacts.
pub fn target_dir() -> PathBuf {
    workspace::target_dir().join("benches")
}

/// The crates with a bench: the folders of `benches/` holding a package.
pub fn crates() -> Result<Vec<String>> {
    let mut crates = Vec::new();
    for entry in std::fs::read_dir(workspace::root().join("benches"))? {
        let entry = entry?;
        if entry.path().join("Cargo.toml").is_file() {
            crates.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    crates.sort();
    Ok(crates)
}

/// Builds `krate`'s bench target and returns the executable cargo made.
fn build(krate: &str) -> Result<PathBuf> {
    let output = cargo()
        .arg("bench")
        .arg("--manifest-path")
        .arg(manifest())
        .args([
            "--package",
            &format!("{krate}-bench"),
            "--bench",
            "bench",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ])
        .env("CARGO_TARGET_DIR", target_dir())
        .stderr(Stdio::inherit())
        .output()
        .context("could not start cargo bench")?;
    if !output.status.success() {
        bail!("building {krate}'s bench failed");
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    for line in stdout.lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let is_bench = message["target"]["kind"]
            .as_array()
            .is_some_and(|kinds| kinds.iter().any(|kind| kind == "bench"));
        if message["reason"] == "compiler-artifact"
            && is_bench
            && let Some(executable) = message["executable"].as_str()
        {
            return Ok(executable.into());
        }
    }
    bail!("cargo did not report an executable for {krate}'s bench")
}

fn print_table(krate: &str, rows: &[Row], runs: usize) {
    println!("\n### {krate} (median of {runs} interleaved runs, release build)\n");
    println!(
        "Each job is called once to warm up; one shorter than {} ms is then called several times per run (calls in the note). Times are per call.\n",
        bench_kit::SHORT_JOB.as_millis()
    );
    let with_guesses = rows.iter().any(|row| row.ours_guesses.is_some());
    let (guess_head, guess_rule) = if with_guesses {
        (" guesses/item ours / peer |", " ---: |")
    } else {
        ("", "")
    };
    println!(
        "| workload | ours | peer | peer time | ratio peer/ours |{guess_head} answer | note |"
    );
    println!("| --- | ---: | --- | ---: | ---: |{guess_rule} --- | --- |");
    for row in rows {
        let ours = timing(row.ours_s, row.items);
        let peer_time = row
            .peer_s
            .map_or("-".to_owned(), |seconds| timing(seconds, row.items));
        let ratio = row
            .ratio
            .map_or("-".to_owned(), |ratio| format!("{ratio:.2}x"));
        let agree = if row.agree { "" } else { "DISAGREES; " };
        let calls = match (row.ours_calls, row.peer_calls) {
            (0 | 1, 0 | 1) => None,
            (ours, 0) => Some(format!("{ours} calls per run")),
            (ours, peer) => Some(format!("{ours} / {peer} calls per run (ours / peer)")),
        };
        let note = [row.note.clone(), calls]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join("; ");
        let guesses = if with_guesses {
            format!(" {} |", guesses(row.ours_guesses, row.peer_guesses))
        } else {
            String::new()
        };
        println!(
            "| {} | {ours} | {} | {peer_time} | {ratio} |{guesses} {} | {agree}{note} |",
            row.workload,
            row.peer.as_deref().unwrap_or("-"),
            row.answer.replace('|', "\\|"),
        );
    }
}

/// The guesses column: ours, and the peer's after a slash where it
/// reports them.
fn guesses(ours: Option<f64>, peer: Option<f64>) -> String {
    match (ours, peer) {
        (None, _) => "-".to_owned(),
        (Some(ours), None) => format!("{ours:.2}"),
        (Some(ours), Some(peer)) => format!("{ours:.2} / {peer:.2}"),
    }
}

/// Seconds in a readable unit, with a rate when a call handles several items.
fn timing(seconds: f64, items: Option<u64>) -> String {
    let time = if seconds >= 1.0 {
        format!("{seconds:.3} s")
    } else if seconds >= 1e-3 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{:.1} µs", seconds * 1e6)
    };
    match items {
        Some(items) if items > 1 => format!("{time} ({:.0}/s)", items as f64 / seconds.max(1e-12)),
        _ => time,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_has_a_bar_per_ratio_and_says_which_have_no_peer() {
        let rows: Vec<Row> = [
            r#"{"workload":"a & b","ours_s":1.0,"peer":"p","peer_s":3.0,"ratio":3.0,"items":null,"agree":true,"answer":"x","note":null}"#,
            r#"{"workload":"alone","ours_s":1.0,"peer":null,"peer_s":null,"ratio":null,"items":null,"agree":true,"answer":"x","note":null}"#,
        ]
        .iter()
        .map(|line| serde_json::from_str(line).expect("a row"))
        .collect();
        let svg = chart("demo", &rows);
        assert!(svg.contains(">a &amp; b</text>") && svg.contains(">3x</text>"));
        assert!(svg.contains(">no peer</text>"));
        assert_eq!(svg.matches("fill=\"#2ca02c\"").count(), 1);
    }

    #[test]
    fn guesses_are_read_and_shown_where_a_row_has_them() {
        let with: Row = serde_json::from_str(
            r#"{"workload":"w","ours_s":1.0,"peer":"p","peer_s":1.0,"ratio":1.0,"items":9,"agree":true,"answer":"x","note":null,"ours_guesses":2.5,"peer_guesses":1.25}"#,
        )
        .expect("a row");
        assert_eq!(guesses(with.ours_guesses, with.peer_guesses), "2.50 / 1.25");
        let json = serde_json::to_string(&with).expect("a row serialises");
        assert!(json.contains(r#""peer_guesses":1.25"#), "{json}");
        let without: Row = serde_json::from_str(
            r#"{"workload":"w","ours_s":1.0,"peer":null,"peer_s":null,"ratio":null,"items":null,"agree":true,"answer":"x","note":null}"#,
        )
        .expect("a row from a bench that counts no guesses");
        assert_eq!(guesses(without.ours_guesses, without.peer_guesses), "-");
        assert!(
            !serde_json::to_string(&without)
                .expect("serialises")
                .contains("guesses")
        );
    }
}
