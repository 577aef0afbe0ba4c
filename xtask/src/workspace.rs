//! Where things are: the workspace root, the target dir, the release binaries,
//! and how to start the cargo that started us.

use std::path::PathBuf;
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The workspace root (the parent of `xtask/`).
///
/// `cargo xtask` (`cargo run`) tells the manifest folder at run time; that
/// one comes first, because cargo's fingerprints are relative to the
/// package: a binary built in another checkout that shares this target
/// folder (`.ci/run`'s clone) counts as fresh here, and the folder compiled
/// into it would be the other checkout's.
pub fn root() -> PathBuf {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    manifest
        .parent()
        .expect("xtask sits inside the workspace")
        .to_path_buf()
}

/// Cargo's target directory, honouring `CARGO_TARGET_DIR`.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root().join(dir),
        None => root().join("target"),
    }
}

/// A `cargo` command in the workspace root, using the cargo that runs xtask.
pub fn cargo() -> Command {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(root());
    command
}

/// Runs a command to completion, failing with its name if it does not succeed.
pub fn run_checked(command: &mut Command, what: &str) -> Result<()> {
    let status = command
        .status()
        .with_context(|| format!("could not start {what}"))?;
    if !status.success() {
        bail!("{what} failed ({status})");
    }
    Ok(())
}

/// The folders under `fixtures/`, each named after the crate whose binary it tests.
pub fn fixture_crates() -> Result<Vec<String>> {
    let dir = root().join("fixtures");
    let mut crates = Vec::new();
    for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            crates.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    crates.sort();
    Ok(crates)
}

/// Builds the release binaries of the given crates and returns the path of
/// each crate's binary, failing when a crate has no binary of its own name.
pub fn build_release_binaries(crates: &[String]) -> Result<Vec<PathBuf>> {
    for krate in crates {
        if !root()
            .join("crates")
            .join(krate)
            .join("Cargo.toml")
            .is_file()
        {
            bail!("fixtures/{krate}/ has no crate: expected crates/{krate}/Cargo.toml");
        }
    }
    let mut command = cargo();
    command.args(["build", "--release", "--quiet"]);
    // Select by binary name, not package name: a peer crate from crates.io
    // may share the name (the `sudoku` crate is sudoku's bench peer).
    for krate in crates {
        command.args(["--bin", krate]);
    }
    run_checked(&mut command, "cargo build --release")?;
    crates
        .iter()
        .map(|krate| {
            let binary = target_dir().join("release").join(format!("{krate}{}", std::env::consts::EXE_SUFFIX));
            if binary.is_file() {
                Ok(binary)
            } else {
                bail!("fixtures/{krate}/ has no binary: crate {krate} must build a binary named {krate}")
            }
        })
        .collect()
}

/// The registered puzzles, in the registry's order: the dependencies of
/// `crates/registry/Cargo.toml` given by `path` (each a puzzle crate whose
/// binary has its name), read without building the registry.
pub fn puzzle_names() -> Result<Vec<String>> {
    let path = root().join("crates/registry/Cargo.toml");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    puzzle_names_in(&text, &path)
}

/// [`puzzle_names`] of the registry manifest `text`, read from `path`.
pub fn puzzle_names_in(text: &str, path: &std::path::Path) -> Result<Vec<String>> {
    let manifest: toml::Table = text
        .parse()
        .with_context(|| format!("reading {}", path.display()))?;
    let Some(dependencies) = manifest.get("dependencies").and_then(toml::Value::as_table) else {
        bail!("{} has no [dependencies]", path.display());
    };
    // toml's Table keeps the file's order only with its `preserve_order`
    // feature: the order is the file's, read from the text.
    let mut names: Vec<(usize, String)> = dependencies
        .iter()
        .filter(|(_, spec)| spec.get("path").is_some())
        .map(|(name, _)| {
            let at = text
                .lines()
                .position(|line| line.trim_start().starts_with(&format!("{name} ")))
                .unwrap_or(usize::MAX);
            (at, name.clone())
        })
        .collect();
    names.sort();
    Ok(names.into_iter().map(|(_, name)| name).collect())
}

/// The registered puzzles' types as the registry's `puzzles!` list in
/// `crates/registry/src/lib.rs` names them (`sudoku::Sudoku`), in its
/// order, read without building it.
pub fn puzzle_types() -> Result<Vec<String>> {
    let path = root().join("crates/registry/src/lib.rs");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut lines = text.lines().skip_while(|line| line.trim() != "puzzles! {");
    if lines.next().is_none() {
        bail!("{} has no `puzzles! {{` list", path.display());
    }
    Ok(lines
        .take_while(|line| line.trim() != "}")
        .map(|line| line.trim().trim_end_matches(',').to_owned())
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .collect())
}

/// A folder of its own under the system's temporary folder, removed with
/// everything in it when dropped (also when the step that made it fails).
#[derive(Debug)]
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A fresh, empty folder named after `what` and this process.
    pub fn new(what: &str) -> Result<TempDir> {
        let path = std::env::temp_dir().join(format!("xtask-{what}-{}", std::process::id()));
        if path.exists() {
            std::fs::remove_dir_all(&path)
                .with_context(|| format!("removing {}", path.display()))?;
        }
        std::fs::create_dir_all(&path).with_context(|| format!("creating {}", path.display()))?;
        Ok(TempDir(path))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if let Err(error) = std::fs::remove_dir_all(&self.0) {
            eprintln!("xtask: could not remove {}: {error}", self.0.display());
        }
    }
}

/// Copies the files git tracks (as they are in the work tree, changes not
/// yet committed included) into `to`, each with its modification time:
/// cargo then finds a crate unchanged in the copy fresh in a shared target
/// folder instead of building it again.
pub fn copy_tracked(to: &std::path::Path) -> Result<usize> {
    let output = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root())
        .output()
        .context("could not start git ls-files")?;
    if !output.status.success() {
        bail!("git ls-files failed ({})", output.status);
    }
    let mut copied = 0;
    for name in output.stdout.split(|&byte| byte == 0) {
        let name = String::from_utf8_lossy(name);
        let source = root().join(&*name);
        // A tracked file deleted in the work tree is not copied.
        if name.is_empty() || !source.is_file() {
            continue;
        }
        let target = to.join(&*name);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::copy(&source, &target).with_context(|| format!("copying {name}"))?;
        let modified = std::fs::metadata(&source)?.modified()?;
        std::fs::File::options()
            .write(true)
            .open(&target)?
            .set_modified(modified)
            .with_context(|| format!("setting the time of {name}"))?;
        copied += 1;
    }
    Ok(copied)
}
