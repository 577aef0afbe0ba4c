//! `cargo xtask verify`: every fixture case of every crate, against the
//! release binaries, with a summary table and readable failures.

use std::path::Path;
use std::time::Instant;

use anyhow::{Result, bail};

use crate::workspace::{cargo, run_checked};
use crate::{fixtures, workspace};

pub fn run(only: &[String], explain_all: bool, rated: Option<&Path>) -> Result<()> {
    let crates = if only.is_empty() {
        workspace::fixture_crates()?
    } else {
        only.to_vec()
    };
    if crates.is_empty() {
        bail!("no fixture folders under fixtures/");
    }
    let binaries = workspace::build_release_binaries(&crates)?;
    let mut rows = Vec::new();
    let mut failed_cases = 0;
    for (krate, binary) in crates.iter().zip(&binaries) {
        let folder = workspace::root().join("fixtures").join(krate);
        let cases = fixtures::load(&folder)?;
        let start = Instant::now();
        let mut passed = 0;
        for (file, case) in &cases {
            let failures = fixtures::judge(binary, &folder, case)?;
            if failures.is_empty() {
                passed += 1;
                continue;
            }
            failed_cases += 1;
            let file = file.file_name().unwrap_or_default().to_string_lossy();
            eprintln!(
                "FAIL {krate} / {file} / {}: {} {}",
                case.name,
                krate,
                case.args.join(" ")
            );
            for failure in failures {
                eprintln!("  {}", failure.trim_end().replace('\n', "\n  "));
            }
        }
        rows.push((
            krate.clone(),
            cases.len(),
            passed,
            start.elapsed().as_secs_f64(),
        ));
    }
    println!("| crate | cases | passed | seconds |");
    println!("| --- | ---: | ---: | ---: |");
    for (krate, cases, passed, seconds) in &rows {
        println!("| {krate} | {cases} | {passed} | {seconds:.2} |");
    }
    if failed_cases > 0 {
        bail!("{failed_cases} fixture case(s) failed");
    }
    if crates.iter().any(|krate| krate == "sudoku") {
        explain_paths(explain_all, rated)?;
    }
    Ok(())
}

/// Sudoku's explained paths: every step checked against the solution on a
/// sample of the rated puzzles in `fixtures/sudoku/rated` (or in `rated`),
/// all of them with `--explain-all`.
fn explain_paths(all: bool, rated: Option<&Path>) -> Result<()> {
    println!("\nsudoku explain: every step of every path against the solution");
    let mut command = cargo();
    command.args([
        "run",
        "--release",
        "--quiet",
        "-p",
        "sudoku",
        "--example",
        "explain_verify",
    ]);
    command.arg("--");
    if all {
        command.arg("--all");
    }
    if let Some(folder) = rated {
        // The example runs from its own crate's folder: the path the user gave is
        // made absolute from where xtask runs.
        command.arg("--rated").arg(std::path::absolute(folder)?);
    }
    run_checked(&mut command, "the explain_verify example")
}
