//! What every puzzle command does the same way: a failed run is reported
//! on stderr under the program's name with exit code 1, a closed pipe
//! (`sudoku solve big.txt | head -1`) ends the run quietly with exit code 0,
//! the way `cat` and `grep` behave, flags that clash are a usage error
//! (exit 2), `--stats` prints one line shaped alike in every command, and
//! input is read forgivingly (see [`decode`]).

use std::io::{self, BufRead, Read};
use std::process::ExitCode;
use std::time::Duration;

/// Input text as the puzzle commands read it: a leading byte-order mark
/// (as Windows editors write) dropped, and bytes that are not UTF-8 kept as
/// U+FFFD, so that the parser reports the line and column of each and the
/// other lines of a batch are still read.
///
/// ```
/// assert_eq!(cli_kit::decode(b"\xef\xbb\xbf12\n3\xff4".to_vec()), "12\n3\u{fffd}4");
/// ```
pub fn decode(bytes: Vec<u8>) -> String {
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
    };
    match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    }
}

/// All of `reader` (a file, stdin), as [`decode`] gives it.
pub fn read_all(mut reader: impl Read) -> io::Result<String> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    Ok(decode(bytes))
}

/// The lines of `reader`, each as [`decode`] gives it (the mark only on the
/// first), without the line end (`\n` or `\r\n`), one at a time.
pub fn lines(mut reader: impl BufRead) -> impl Iterator<Item = io::Result<String>> {
    let mut first = true;
    std::iter::from_fn(move || {
        let mut bytes = Vec::new();
        match reader.read_until(b'\n', &mut bytes) {
            Ok(0) => None,
            Ok(_) => {
                if bytes.last() == Some(&b'\n') {
                    bytes.pop();
                    if bytes.last() == Some(&b'\r') {
                        bytes.pop();
                    }
                }
                let line = if std::mem::take(&mut first) {
                    decode(bytes)
                } else {
                    String::from_utf8_lossy(&bytes).into_owned()
                };
                Some(Ok(line))
            }
            Err(error) => Some(Err(error)),
        }
    })
}

/// The `--stats` line of every puzzle command: `stats:`, the counters as
/// `name value` pairs, and the time taken last, in milliseconds.
///
/// ```
/// use std::time::Duration;
///
/// let counters = [("nodes", 480.to_string()), ("backtracks", 462.to_string())];
/// assert_eq!(
///     cli_kit::stats_line(&counters, Duration::from_micros(1280)),
///     "stats: nodes 480, backtracks 462, time 1.280 ms"
/// );
/// ```
pub fn stats_line(counters: &[(&str, String)], time: Duration) -> String {
    let mut line = String::from("stats:");
    for (name, value) in counters {
        line.push_str(&format!(" {name} {value},"));
    }
    line.push_str(&format!(" time {:.3} ms", time.as_secs_f64() * 1e3));
    line
}

/// Ends the program the way clap ends it for a bad command line (the
/// message, a pointer to `--help`, exit code 2): for flags that each parse
/// but do not fit together or with the input.
pub fn usage_error<Cli: clap::CommandFactory>(message: impl std::fmt::Display) -> ! {
    Cli::command()
        .error(clap::error::ErrorKind::ArgumentConflict, message)
        .exit()
}

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
