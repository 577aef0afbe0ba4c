//! `cargo xtask ci`: what CI runs and what the README's test command is.

use anyhow::{Result, bail};

use crate::workspace::{self, cargo, run_checked};

pub fn run() -> Result<()> {
    step("cargo fmt --check");
    run_checked(
        cargo().args(["fmt", "--all", "--check"]),
        "cargo fmt --check",
    )?;

    step("cargo clippy -D warnings");
    run_checked(
        cargo().args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--quiet",
            "--",
            "-D",
            "warnings",
        ]),
        "cargo clippy",
    )?;

    // A puzzle library used on its own must not pull what only its binary
    // needs: each builds without its default `cli` feature. The manifest
    // path names the crate, since a bench peer may share its package name.
    for krate in workspace::fixture_crates()? {
        step(&format!("cargo build {krate} --lib --no-default-features"));
        let manifest = workspace::root()
            .join("crates")
            .join(&krate)
            .join("Cargo.toml");
        run_checked(
            cargo()
                .args(["build", "--quiet", "--lib", "--no-default-features"])
                .arg("--manifest-path")
                .arg(&manifest),
            &format!("cargo build {krate} --lib --no-default-features"),
        )?;
    }

    step("cargo test (snapshots must match: INSTA_UPDATE=no)");
    run_checked(
        cargo()
            .args(["test", "--workspace", "--quiet"])
            .env("INSTA_UPDATE", "no")
            .env_remove("INSTA_FORCE_PASS"),
        "cargo test",
    )?;
    let pending = pending_snapshots(&workspace::root())?;
    if !pending.is_empty() {
        bail!(
            "pending insta snapshots (review or delete them):\n  {}",
            pending.join("\n  ")
        );
    }

    step("cargo xtask verify");
    crate::verify::run(&[])?;
    println!("ci: all green");
    Ok(())
}

fn step(name: &str) {
    println!("==> {name}");
}

/// `*.snap.new` and `*.pending-snap` files left by a test run, outside target dirs.
fn pending_snapshots(dir: &std::path::Path) -> Result<Vec<String>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            if !name.starts_with("target") && !name.starts_with('.') {
                found.extend(pending_snapshots(&path)?);
            }
        } else if name.ends_with(".snap.new") || name.ends_with(".pending-snap") {
            found.push(path.display().to_string());
        }
    }
    Ok(found)
}
