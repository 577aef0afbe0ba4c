//! `cargo xtask browser`: the explorer's end-to-end tests in a real
//! browser (Debian's Chromium driven by `playwright-core` from npm), and
//! the step of `cargo xtask ci` that runs them where a browser is present.
//!
//! On a fresh machine the node packages are installed with `npm ci` (from
//! the committed `package-lock.json`) and, where `apt-get` may be run,
//! Chromium with `apt-get install -y chromium`; when neither can be had the
//! step says plainly that it skips the tests and why.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Result, bail};

use crate::workspace::{self, cargo, run_checked};

/// Where Debian puts its Chromium.
const CHROMIUM: &str = "/usr/bin/chromium";

/// The tests' folder: `package.json`, its lock file and `run.mjs`.
fn folder() -> PathBuf {
    workspace::root().join("crates/explorer/browser")
}

/// Runs the browser tests; `Ok(false)` when they had to be skipped (the
/// reason printed), an error when one fails.
pub fn run() -> Result<bool> {
    if !has_chromium() && !install_chromium() {
        println!(
            "browser tests SKIPPED: no Chromium at {CHROMIUM}, and `apt-get install -y chromium` \
             could not be run here (install it, then run `cargo xtask browser`)"
        );
        return Ok(false);
    }
    if !works(Command::new("node").arg("--version")) {
        println!(
            "browser tests SKIPPED: no `node` on the PATH (install Node.js 20 or later, then run \
             `cargo xtask browser`)"
        );
        return Ok(false);
    }
    let folder = folder();
    if !folder.join("node_modules/playwright-core").is_dir() {
        let installed = works(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(&folder),
        );
        if !installed {
            println!(
                "browser tests SKIPPED: `npm ci` could not install playwright-core in {} \
                 (no npm, or no access to the npm registry)",
                folder.display()
            );
            return Ok(false);
        }
    }
    // The debug binaries `cargo test` has built already: the tests compare
    // counters, not times.
    let puzzles = workspace::puzzle_names()?;
    let mut build = cargo();
    build.args(["build", "--quiet", "-p", "explorer"]);
    for name in &puzzles {
        build.args(["-p", name]);
    }
    run_checked(
        &mut build,
        "cargo build of the explorer and the puzzle binaries its tests compare with",
    )?;
    let binaries = workspace::target_dir().join("debug");
    let screenshots = workspace::target_dir().join("explorer-screenshots");
    let mut node = Command::new("node");
    node.arg("run.mjs")
        .arg("--explorer")
        .arg(binaries.join("explorer"));
    for name in &puzzles {
        node.arg(format!("--{name}")).arg(binaries.join(name));
    }
    node.arg("--screenshots")
        .arg(&screenshots)
        .arg("--chromium")
        .arg(CHROMIUM)
        .current_dir(&folder);
    if !node.status()?.success() {
        bail!(
            "the browser tests failed (screenshots in {})",
            screenshots.display()
        );
    }
    println!("browser tests: screenshots in {}", screenshots.display());
    Ok(true)
}

fn has_chromium() -> bool {
    Path::new(CHROMIUM).is_file()
}

/// `apt-get update` then `apt-get install -y chromium`, where apt-get is
/// there and may be run (as root); whether Chromium is there after.
fn install_chromium() -> bool {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| output.stdout.trim_ascii() == b"0");
    if !root || !works(Command::new("apt-get").arg("--version")) {
        return false;
    }
    println!(
        "browser tests: installing Debian's chromium (apt-get update, apt-get install -y chromium)"
    );
    works(Command::new("apt-get").arg("update"))
        && works(
            Command::new("apt-get")
                .args(["install", "-y", "--no-install-recommends", "chromium"])
                .env("DEBIAN_FRONTEND", "noninteractive"),
        )
        && has_chromium()
}

/// Whether the command starts and succeeds (its output hidden).
fn works(command: &mut Command) -> bool {
    command
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}
