//! `cargo xtask ci`: what CI runs and what the README's test command is.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result, bail};

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

    step(
        "cargo xtask new-puzzle, in a temporary copy of the repository (the scaffold must not rot)",
    );
    scaffold_check()?;

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
///
/// The project is copied into the target folder and completed there from
/// the registry, so that a new puzzle joins it with no edit: a dependency
/// per registered puzzle (`workspace::puzzle_names`), and `src/registered.rs`
/// calling the generic function with each puzzle's type (the registry's
/// list), which solves its `Puzzle::EXAMPLE`.
fn library_user() -> Result<()> {
    let source = workspace::root().join("xtask").join("library-user");
    let project = workspace::target_dir().join("library-user").join("project");
    std::fs::create_dir_all(project.join("src"))?;
    let names = workspace::puzzle_names()?;
    let types = workspace::puzzle_types()?;
    let mut manifest = std::fs::read_to_string(source.join("Cargo.toml"))?;
    let mut calls = String::new();
    for (name, ty) in names.iter().zip(&types) {
        let krate = workspace::root().join("crates").join(name);
        manifest.push_str(&format!(
            "{name} = {{ path = {:?}, default-features = false }}\n",
            krate.display().to_string()
        ));
        calls.push_str(&format!("    crate::solve::<{ty}>()?;\n"));
    }
    if names.len() != types.len() {
        bail!(
            "crates/registry names {} puzzles in Cargo.toml, {} in its list",
            names.len(),
            types.len()
        );
    }
    let manifest = manifest.replace(
        "../../crates/",
        &format!("{}/", workspace::root().join("crates").display()),
    );
    write_if_changed(&project.join("Cargo.toml"), &manifest)?;
    let main = std::fs::read_to_string(source.join("src/main.rs"))?;
    write_if_changed(&project.join("src/main.rs"), &main)?;
    let registered = format!(
        "//! Written by `cargo xtask ci` from crates/registry: every registered puzzle, solved from its example.\n\n\
         /// Solves and checks each registered puzzle's example.\n\
         pub fn solve_all() -> Result<(), String> {{\n{calls}    Ok(())\n}}\n"
    );
    write_if_changed(&project.join("src/registered.rs"), &registered)?;
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

/// Writes `text` to `path` unless it holds it already: a file rewritten
/// with the same text would make cargo build the project again.
fn write_if_changed(path: &Path, text: &str) -> Result<()> {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// Runs one step of the scaffold check and says how long it took.
fn timed(command: &mut std::process::Command, what: &str) -> Result<()> {
    let start = Instant::now();
    run_checked(command, &format!("scaffold check: {what}"))?;
    println!(
        "scaffold check: {what}: {:.1} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// What CI runs of the scaffold: `cargo xtask new-puzzle scaffold-check` in
/// a temporary copy of the tracked files, then there the new crate and the
/// registry linted (with and without default features), formatted,
/// documented, tested (xtask's tidy tests too) and verified, and the new
/// README's console examples run, as `cargo xtask ci` would in a
/// repository that had the crate. The target folder is the same (the copy
/// keeps the files' times, so that only the new crate and the registry are
/// built). The copy is removed at the end, also when a step fails.
pub fn scaffold_check() -> Result<()> {
    const NAME: &str = "scaffold-check";
    let start = Instant::now();
    let copy = workspace::TempDir::new("scaffold-check")?;
    let files = workspace::copy_tracked(&copy.0)?;
    println!(
        "scaffold check: {files} tracked files copied to {}",
        copy.0.display()
    );
    let target = workspace::target_dir();
    let in_copy = |args: &[&str]| {
        let mut command = cargo();
        command
            .current_dir(&copy.0)
            .env("CARGO_TARGET_DIR", &target)
            // The copy's own xtask: it must find the copy, not this tree.
            .env_remove("CARGO_MANIFEST_DIR")
            .args(args);
        command
    };
    let xtask = ["run", "--quiet", "--package", "xtask", "--"];
    let steps: [(&str, Vec<&str>); 7] = [
        (
            "cargo xtask new-puzzle",
            [&xtask[..], &["new-puzzle", NAME]].concat(),
        ),
        (
            "cargo fmt --check",
            vec!["fmt", "--check", "--package", NAME, "--package", "registry"],
        ),
        (
            "cargo clippy -D warnings",
            vec![
                "clippy",
                "--quiet",
                "--all-targets",
                "-p",
                NAME,
                "-p",
                "registry",
                "--",
                "-D",
                "warnings",
            ],
        ),
        (
            "cargo clippy --no-default-features -D warnings (the library alone)",
            vec![
                "clippy",
                "--quiet",
                "--all-targets",
                "--no-default-features",
                "-p",
                NAME,
                "--",
                "-D",
                "warnings",
            ],
        ),
        ("cargo doc", vec!["doc", "--quiet", "--no-deps", "-p", NAME]),
        (
            // xtask's own tests too: its tidy checks walk the new crate.
            "cargo test",
            vec![
                "test", "--quiet", "-p", NAME, "-p", "registry", "-p", "xtask",
            ],
        ),
        (
            "cargo xtask verify",
            [&xtask[..], &["verify", NAME]].concat(),
        ),
    ];
    for (what, args) in steps {
        let mut command = in_copy(&args);
        if args[0] == "doc" {
            command.env("RUSTDOCFLAGS", "-D warnings");
        }
        command.env("INSTA_UPDATE", "no");
        timed(&mut command, what)?;
    }
    let readme = format!("crates/{NAME}/README.md");
    timed(
        &mut in_copy(&[&xtask[..], &["examples", &readme]].concat()),
        "cargo xtask examples",
    )?;
    drop(copy);
    println!(
        "scaffold check: passed in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn step(name: &str) {
    println!("==> {name}");
}

/// `*.snap.new` and `*.pending-snap` files left by a test run, outside target dirs.
fn pending_snapshots(dir: &Path) -> Result<Vec<String>> {
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
