//! `cargo xtask python`: the Python package (`python/`) installed into a
//! virtual environment of its own (`target/python-venv`) with the README's
//! install line, the puzzle modules' type stubs written into it from the
//! installed modules (`python -m puzzle_solvers._stubs`), mypy's stubtest
//! comparing the stubs with the modules, and its pytest suite run there,
//! the Dask tests included. Packages come
//! from the registry (maturin, pytest, dask[distributed], mypy); pip's
//! cache keeps later runs off the network.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::workspace::{self, run_checked};

/// The cargo profile the extension is built with here. `dev` reuses what
/// `cargo test --workspace` has just built and took 40 s less end to end
/// than the release-like `python` profile on the 2-core CI machine; the
/// tests time nothing, and the slowest (N-Queens 14 through Dask) stays
/// within seconds.
const PROFILE: &str = "dev";

pub fn run() -> Result<()> {
    let Some(python) = find_python() else {
        let message = "python: no python3 of version 3.9 or later on PATH, so the Python \
                       package (python/) is neither built nor tested: install python3 with \
                       its venv and pip modules";
        if std::env::var_os("CI").is_some() {
            bail!("{message}");
        }
        println!("{message} (skipped)");
        return Ok(());
    };

    // Every puzzle binary: the tests compare the records with theirs.
    let binaries = workspace::build_release_binaries(&workspace::puzzle_names()?)?;
    let venv = workspace::target_dir().join("python-venv");
    let venv_python = venv.join("bin").join("python");
    if !venv_python.is_file() {
        run_checked(
            Command::new(&python).args(["-m", "venv"]).arg(&venv),
            "python3 -m venv target/python-venv",
        )?;
    }
    run_checked(
        pip(&venv_python).args(["maturin>=1.7,<2", "pytest", "dask[distributed]", "mypy"]),
        "pip install maturin pytest dask[distributed] mypy",
    )?;
    // The README's install line; --force-reinstall so that a venv kept
    // from an earlier run gets the extension of this tree.
    run_checked(
        pip(&venv_python)
            .args(["--force-reinstall", "--no-deps", "./python"])
            .env("MATURIN_PEP517_ARGS", format!("--profile {PROFILE}")),
        "pip install ./python",
    )?;
    // Each registered puzzle's stub is made from its module, so it is
    // written into the installed package (maturin leaves out what git
    // ignores, and the sources hold no per-puzzle file).
    run_checked(
        Command::new(&venv_python)
            .args(["-m", "puzzle_solvers._stubs"])
            .current_dir(workspace::target_dir()),
        "python -m puzzle_solvers._stubs",
    )?;
    // The stubs against the installed module, so that they cannot drift;
    // the allowlist says what stubtest cannot compare and why.
    run_checked(
        Command::new(&venv_python)
            .args(["-m", "mypy.stubtest", "puzzle_solvers", "--allowlist"])
            .arg(
                workspace::root()
                    .join("python")
                    .join("stubtest-allowlist.txt"),
            )
            .env("MYPY_CACHE_DIR", workspace::target_dir().join("mypy-cache"))
            .current_dir(workspace::target_dir()),
        "python -m mypy.stubtest puzzle_solvers",
    )?;
    run_checked(
        Command::new(&venv_python)
            .args([
                "-m",
                "pytest",
                "python/tests",
                "-q",
                "-p",
                "no:cacheprovider",
            ])
            .env("SUDOKU_BIN", sudoku_binary(&binaries)?)
            .current_dir(workspace::root()),
        "pytest python/tests",
    )
}

/// `pip install --quiet` in the environment of `python`.
fn pip(python: &Path) -> Command {
    let mut command = Command::new(python);
    command
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .current_dir(workspace::root());
    command
}

/// `python3` (or `$PYTHON`) when it runs and is 3.9 or later.
fn find_python() -> Option<PathBuf> {
    let python = std::env::var_os("PYTHON").unwrap_or_else(|| "python3".into());
    let output = Command::new(&python)
        .args(["-c", "import sys, venv; print(sys.version_info >= (3, 9))"])
        .output()
        .ok()?;
    (output.status.success() && output.stdout.starts_with(b"True")).then(|| python.into())
}

fn sudoku_binary(binaries: &[PathBuf]) -> Result<&PathBuf> {
    binaries
        .iter()
        .find(|binary| binary.file_stem().is_some_and(|stem| stem == "sudoku"))
        .context("no sudoku binary was built")
}
