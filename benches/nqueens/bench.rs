//! `cargo xtask bench nqueens`: counting against a C mirror-halving counter,
//! all threads against one, and placing a million and ten million queens.
//!
//! The C peer (`peer/nqueens_mirror.c` beside this file) is compiled with
//! `cc -O3 -march=native` into the target directory when the bench starts
//! and runs as a subprocess per timed run; its start-up cost (about a
//! millisecond) is noise beside counts that take tenths of seconds to
//! seconds. Without a C compiler those rows run ours alone, with a note.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::Command;

use bench_kit::{Workload, run};
use nqueens::{Algo, CountOptions, Options, Queens, count, solve};

const PEER_NAME: &str = "C mirror halving (cc -O3 -march=native)";

fn main() {
    let peer = compile_peer();
    let all_cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    let mut workloads = Vec::new();

    for n in [14, 15, 16] {
        let ours = Workload::new(format!("count N={n}, 1 thread"), move || count_with(n, 1));
        workloads.push(match &peer {
            Ok(peer_binary) => {
                let peer_binary = peer_binary.clone();
                ours.peer(PEER_NAME, move || run_peer(&peer_binary, n))
            }
            Err(note) => ours.note(note.clone()),
        });
    }

    // The peer here is our own single-thread run: the ratio is the speed-up.
    workloads.push(
        Workload::new(format!("count N=16, all {all_cores} threads"), move || {
            count_with(16, all_cores)
        })
        .peer("nqueens, 1 thread", || count_with(16, 1))
        .note("ratio = speed-up of all threads over one"),
    );

    for (n, options, label) in [
        (1_000_000, Options::new(Algo::Construct), "construct"),
        (10_000_000, Options::new(Algo::Construct), "construct"),
        (
            1_000_000,
            Options::new(Algo::MinConflicts).seed(1),
            "min-conflicts",
        ),
    ] {
        workloads.push(
            Workload::new(
                format!("solve N={n} {label}, printed to memory"),
                move || solve_and_print(n, &options),
            )
            .note("no peer: time includes writing the column list"),
        );
    }

    run(workloads);
}

fn count_with(n: usize, threads: usize) -> String {
    let options = CountOptions {
        threads: NonZeroUsize::new(threads),
    };
    match count(n, &options) {
        Ok((counts, _)) => counts.total.to_string(),
        Err(error) => format!("error: {error}"),
    }
}

/// Solves and writes the human view (the column list) into a buffer, as the
/// binary does into its output; the digest is the size and the last
/// numbers (cheap next to the work timed).
fn solve_and_print(n: usize, options: &Options) -> String {
    let Ok(queens) = Queens::new(n) else {
        return "no such board".to_owned();
    };
    let Some(placement) = solve(&queens, options).solution else {
        return "no placement".to_owned();
    };
    let mut printed = Vec::with_capacity(n * 8);
    if placement.write_line(&mut printed).is_err() {
        return "write failed".to_owned();
    }
    let tail = String::from_utf8_lossy(&printed[printed.len().saturating_sub(24)..]);
    format!("{} bytes, ...{}", printed.len(), tail.trim_end())
}

fn run_peer(binary: &Path, n: usize) -> String {
    match Command::new(binary).arg(n.to_string()).output() {
        Ok(output) if output.status.success() => {
            String::from_utf8_lossy(&output.stdout).trim().to_owned()
        }
        Ok(output) => format!(
            "peer failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ),
        Err(error) => format!("peer did not start: {error}"),
    }
}

/// Compiles the C peer into the target directory; `Err` holds the note for
/// the table when that is not possible.
fn compile_peer() -> Result<PathBuf, String> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("peer/nqueens_mirror.c");
    let out_dir = target_dir().join("nqueens-peer");
    std::fs::create_dir_all(&out_dir)
        .map_err(|error| format!("cannot create {}: {error}: peer skipped", out_dir.display()))?;
    let binary = out_dir.join("nqueens_mirror");
    let compiled = Command::new("cc")
        .args(["-O3", "-march=native", "-o"])
        .arg(&binary)
        .arg(&source)
        .output();
    match compiled {
        Err(_) => Err("no C compiler: peer skipped".to_owned()),
        Ok(output) if !output.status.success() => Err(format!(
            "cc failed: {}: peer skipped",
            String::from_utf8_lossy(&output.stderr)
                .lines()
                .next()
                .unwrap_or("")
        )),
        Ok(_) => Ok(binary),
    }
}

/// `CARGO_TARGET_DIR` when absolute, or else the target folder above this
/// bench executable (`<target>/release/deps/bench-...`).
fn target_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from)
        && dir.is_absolute()
    {
        return dir;
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.ancestors().nth(3).map(Path::to_path_buf))
        .unwrap_or_else(std::env::temp_dir)
}
