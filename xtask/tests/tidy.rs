//! Tidiness checks that plain `cargo test` enforces across the workspace.

use std::path::{Path, PathBuf};

/// The workspace of the test's run: cargo's `CARGO_MANIFEST_DIR` at run
/// time first, because a test binary built in another copy of the
/// repository that shares the target folder (the scaffold check's, its
/// files' times kept) counts as fresh here with that copy's folder compiled
/// in (`env!`).
fn workspace_root() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir)
        .expect("readable source tree")
        .flatten()
    {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !name.starts_with("target") && !name.starts_with('.') && name != "fixtures" {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// Every Rust file opens with a `//!` line saying what it is for.
#[test]
fn every_rust_file_says_what_it_is_for() {
    let mut files = Vec::new();
    rust_files(&workspace_root(), &mut files);
    assert!(files.len() > 5, "the walk found the sources");
    let undocumented: Vec<String> = files
        .iter()
        .filter(|file| {
            let text = std::fs::read_to_string(file).unwrap_or_default();
            !text.trim_start().starts_with("//!")
        })
        .map(|file| file.display().to_string())
        .collect();
    assert!(
        undocumented.is_empty(),
        "files without a leading //! line:\n{}",
        undocumented.join("\n")
    );
}

/// Every fixture folder belongs to a crate of the same name.
#[test]
fn every_fixture_folder_has_its_crate() {
    let fixtures = workspace_root().join("fixtures");
    for entry in std::fs::read_dir(&fixtures)
        .expect("fixtures/ exists")
        .flatten()
    {
        if entry.path().is_dir() {
            let name = entry.file_name();
            let manifest = workspace_root()
                .join("crates")
                .join(&name)
                .join("Cargo.toml");
            assert!(
                manifest.is_file(),
                "fixtures/{} has no crates/{}/Cargo.toml",
                name.to_string_lossy(),
                name.to_string_lossy()
            );
        }
    }
}
