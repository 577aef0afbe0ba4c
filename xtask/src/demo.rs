//! `cargo xtask demo`: the fixture cases marked `demo = true`, one or more per
//! crate, run and printed as a user would see them.

use anyhow::{Result, bail};

use crate::{fixtures, workspace};

pub fn run() -> Result<()> {
    let crates = workspace::fixture_crates()?;
    let binaries = workspace::build_release_binaries(&crates)?;
    let mut shown = 0;
    for (krate, binary) in crates.iter().zip(&binaries) {
        let folder = workspace::root().join("fixtures").join(krate);
        for (_, case) in fixtures::load(&folder)?
            .into_iter()
            .filter(|(_, case)| case.demo)
        {
            println!("{}", command_line(krate, &case));
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
        bail!("no fixture case is marked `demo = true`");
    }
    Ok(())
}

/// The case as a user would type it, with a one-line stdin shown as `echo`.
fn command_line(krate: &str, case: &fixtures::Case) -> String {
    let command = format!("{krate} {}", case.args.join(" "));
    match case.stdin.as_deref().map(str::trim_end) {
        None | Some("") => format!("$ {command}"),
        Some(line) if !line.contains('\n') => format!("$ echo '{line}' | {command}"),
        Some(_) => format!("$ {command}    (input on stdin)"),
    }
}
