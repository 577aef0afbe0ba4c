//! What every puzzle command does the same way at its end: a failed run
//! is reported on stderr under the program's name with exit code 1, and a
//! closed pipe (`sudoku solve big.txt | head -1`) ends the run quietly with
//! exit code 0, the way `cat` and `grep` behave.

use std::io;
use std::process::ExitCode;

/// The exit code of a command that returned `result`: its own code on
/// success, 0 when the output pipe was closed, else 1 after printing
/// `program: error` with the whole cause chain.
pub fn finish(program: &str, result: anyhow::Result<ExitCode>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{program}: {error:#}");
            ExitCode::from(1)
        }
    }
}

/// Whether `error` comes from writing to a closed pipe. serde_json wraps
/// the io error of a failed write in its own type, so both are looked at.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    let broken = Some(io::ErrorKind::BrokenPipe);
    error.chain().any(|cause| {
        cause.downcast_ref::<io::Error>().map(io::Error::kind) == broken
            || cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind)
                == broken
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_recognised_through_context_and_serde_json() {
        let pipe = || io::Error::from(io::ErrorKind::BrokenPipe);
        let plain = anyhow::Error::from(pipe()).context("writing the solution");
        assert!(is_broken_pipe(&plain));
        let wrapped = anyhow::Error::from(serde_json::Error::io(pipe()));
        assert!(is_broken_pipe(&wrapped));
        let other = anyhow::Error::from(io::Error::from(io::ErrorKind::NotFound));
        assert!(!is_broken_pipe(&other));
        assert!(!is_broken_pipe(&anyhow::anyhow!(
            "line 3: expected a digit"
        )));
    }

    #[test]
    fn a_closed_pipe_exits_zero_and_other_errors_exit_one() {
        let pipe = anyhow::Error::from(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!(finish("t", Err(pipe)), ExitCode::SUCCESS);
        assert_eq!(finish("t", Err(anyhow::anyhow!("bad"))), ExitCode::from(1));
        assert_eq!(finish("t", Ok(ExitCode::from(3))), ExitCode::from(3));
    }
}
