//! The repository's data files, which the benchmarks and the long checks
//! read: `fixtures/sudoku/sets/*.txt.gz` and the like, named by their path
//! from the repository's root. A `.gz` file is decompressed as it is read.
//!
//! A missing or unreadable file is an error that names it: a benchmark row
//! without its data is a failure, never a row quietly left out.

use std::io::Read as _;
use std::path::{Path, PathBuf};

/// A data file that could not be read, with its path and why.
#[derive(Debug)]
pub struct DataError {
    path: PathBuf,
    source: std::io::Error,
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot read {}: {}", self.path.display(), self.source)
    }
}

impl std::error::Error for DataError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// The repository's root folder (this crate lives in `crates/bench-kit`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The text of `path`: relative paths are taken from the repository's root;
/// a name ending in `.gz` is gunzipped.
pub fn read_text(path: impl AsRef<Path>) -> Result<String, DataError> {
    let path = root().join(path.as_ref());
    let fail = |source| DataError {
        path: path.clone(),
        source,
    };
    let bytes = std::fs::read(&path).map_err(fail)?;
    if path.extension().is_some_and(|extension| extension == "gz") {
        let mut text = String::new();
        flate2::read::GzDecoder::new(bytes.as_slice())
            .read_to_string(&mut text)
            .map_err(fail)?;
        Ok(text)
    } else {
        String::from_utf8(bytes)
            .map_err(|e| fail(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
    }
}

/// The puzzle lines of `path` (as [`read_text`]), trimmed, without blank
/// lines and `#` comments.
pub fn read_lines(path: impl AsRef<Path>) -> Result<Vec<String>, DataError> {
    Ok(read_text(path)?
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_owned)
        .collect())
}

/// [`read_lines`], or the end of the program with the error on stderr
/// (exit 1): what a bench binary does when its data is missing.
pub fn lines_or_exit(path: impl AsRef<Path>) -> Vec<String> {
    read_lines(path).unwrap_or_else(|error| {
        eprintln!("bench: {error}");
        std::process::exit(1);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gzipped_set_reads_as_its_lines() {
        let lines = read_lines("fixtures/sudoku/sets/puzzles6_forum_hardest_1106.txt.gz").unwrap();
        assert_eq!(lines.len(), 375);
        assert!(lines.iter().all(|line| line.len() == 81));
    }

    #[test]
    fn a_missing_file_is_an_error_naming_it() {
        let error = read_text("fixtures/no-such-file.txt.gz").unwrap_err();
        assert!(error.to_string().contains("no-such-file.txt.gz"), "{error}");
    }
}
