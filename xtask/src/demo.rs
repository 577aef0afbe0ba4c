//! `cargo xtask demo`: the fixture cases marked `demo = true` of every
//! registered puzzle (crates/registry, in its order), one or more per
//! crate, run and printed as a user would see them. A puzzle read from a
//! file is shown first, and paths are given from the repository root so
//! every command can be typed again as printed.

use anyhow::{Result, bail};

use crate::{fixtures, workspace};

pub fn run() -> Result<()> {
    let crates = workspace::puzzle_names()?;
    let binaries = workspace::build_release_binaries(&crates)?;
    let mut shown = 0;
    for (krate, binary) in crates.iter().zip(&binaries) {
        let folder = workspace::root().join("fixtures").join(krate);
        let cases: Vec<_> = fixtures::load(&folder)?
            .into_iter()
            .filter(|(_, case)| case.demo)
            .collect();
        if !cases.is_empty() {
            println!("== {krate} ==\n");
        }
        for (_, case) in cases {
            // Arguments naming a fixture file, as seen from the root.
            let shown_args: Vec<String> = case
                .args
                .iter()
                .map(|arg| {
                    if folder.join(arg).is_file() {
                        let path = format!("fixtures/{krate}/{arg}");
                        let content = std::fs::read_to_string(folder.join(arg))?;
                        println!("$ cat {path}\n{}\n", content.trim_end());
                        Ok(path)
                    } else {
                        Ok(arg.clone())
                    }
                })
                .collect::<Result<_>>()?;
            println!(
                "{}",
                command_line(krate, &shown_args, case.stdin.as_deref())
            );
            let timeout = std::time::Duration::from_secs(case.timeout);
            let stdin = case.stdin.as_deref().unwrap_or("");
            let output = fixtures::run_binary(binary, &folder, &case.args, stdin, timeout)?;
            print!("{}", output.stdout);
            eprint!("{}", output.stderr);
            println!();
            if output.code != Some(case.exit) {
                bail!(
                    "demo of {krate} exited with {:?}, expected {}",
                    output.code,
                    case.exit
                );
            }
            shown += 1;
        }
    }
    if shown == 0 {
        bail!("no fixture case of a registered puzzle is marked `demo = true`");
    }
    Ok(())
}

/// The case as a user would type it, with a one-line stdin shown as `echo`.
fn command_line(krate: &str, args: &[String], stdin: Option<&str>) -> String {
    let command = format!("{krate} {}", args.join(" "));
    match stdin.map(str::trim_end) {
        None | Some("") => format!("$ {command}"),
        Some(line) if !line.contains('\n') => format!("$ echo '{line}' | {command}"),
        Some(_) => format!("$ {command}    (input on stdin)"),
    }
}
