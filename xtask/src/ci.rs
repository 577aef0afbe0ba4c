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

    // The benches are a workspace of their own (benches/, so that their
    // peers stay out of the main lock file): format and lint them too, in
    // the target dir `cargo xtask bench` uses.
    step("the benches' workspace: cargo fmt --check, cargo clippy -D warnings");
    let benches = crate::bench::manifest();
    // By package: `--all` would format our crates again, as path dependencies.
    let mut fmt = cargo();
    fmt.args(["fmt", "--check", "--manifest-path"])
        .arg(&benches);
    for krate in crate::bench::crates()? {
        fmt.args(["--package", &format!("{krate}-bench")]);
    }
    run_checked(&mut fmt, "cargo fmt --check of the benches")?;
    run_checked(
        cargo()
            .args(["clippy", "--manifest-path"])
            .arg(&benches)
            .args([
                "--workspace",
                "--all-targets",
                "--quiet",
                "--",
                "-D",
                "warnings",
            ])
            .env("CARGO_TARGET_DIR", crate::bench::target_dir()),
        "cargo clippy of the benches",
    )?;

    // A library user's project: outside the workspace, every library by
    // path with `default-features = false`, as the READMEs tell a user to
    // write it. It must build without what only the binaries need, and
    // one generic function must drive every puzzle.
    step("xtask/library-user: every library by path, every puzzle through puzzle_kit::Puzzle");
    library_user()?;

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
    crate::verify::run(&[], false, None)?;

    step("cargo xtask python (the Python package in a fresh venv, pytest with Dask)");
    crate::python::run()?;

    step("cargo xtask examples (every README's console examples, as shown)");
    crate::examples::run(&[])?;

    step("cargo xtask browser (the explorer in Chromium, where a browser is present)");
    let ran = crate::browser::run()?;
    // On the CI machine a skipped browser step would be a green run that
    // tested less than it says: .ci/run installs what the step needs.
    if !ran && std::env::var_os("CI").is_some() {
        bail!("the browser tests were skipped on CI (see the reason above)");
    }
    println!("ci: all green");
    Ok(())
}

/// Builds and runs `xtask/library-user`, a project of its own that depends
/// on each library crate by path with its default features off and drives
/// every puzzle through one generic function over `puzzle_kit::Puzzle`.
fn library_user() -> Result<()> {
    let project = workspace::root().join("xtask").join("library-user");
    // The workspace's versions, so that the project builds what CI tested.
    std::fs::copy(
        workspace::root().join("Cargo.lock"),
        project.join("Cargo.lock"),
    )?;
    run_checked(
        cargo()
            .args(["run", "--quiet", "--manifest-path"])
            .arg(project.join("Cargo.toml"))
            // Warnings are errors here too: a library built without its
            // `cli` feature must not leave code unused.
            .env("RUSTFLAGS", "-D warnings")
            .env(
                "CARGO_TARGET_DIR",
                workspace::target_dir().join("library-user"),
            ),
        "the library user's project",
    )
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
