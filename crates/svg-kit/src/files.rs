//! Where a command line's `--svg TARGET` puts its pictures: TARGET itself
//! for one puzzle; for a batch TARGET is a folder and the puzzle of input
//! line N goes to `N.svg` in it.

use std::io;
use std::path::{Path, PathBuf};

/// The pictures of one run of a command, by input line.
///
/// ```
/// # fn main() -> std::io::Result<()> {
/// let folder = std::env::temp_dir().join(format!("svg-kit-doc-{}", std::process::id()));
/// let files = svg_kit::PictureFiles::new(&folder, true)?;
/// let written = files.write(12, "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")?;
/// assert_eq!(written, folder.join("12.svg"));
/// # std::fs::remove_dir_all(&folder)?;
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PictureFiles {
    target: PathBuf,
    batch: bool,
}

impl PictureFiles {
    /// Pictures go to `target`, a file; with `batch`, a folder, created
    /// here (with its parents) when missing.
    pub fn new(target: &Path, batch: bool) -> io::Result<Self> {
        if batch {
            std::fs::create_dir_all(target).map_err(|error| {
                io::Error::new(
                    error.kind(),
                    format!(
                        "creating the folder {} for --svg: {error}",
                        target.display()
                    ),
                )
            })?;
        }
        Ok(PictureFiles {
            target: target.to_owned(),
            batch,
        })
    }

    /// The file of the puzzle of input line `line`.
    pub fn path(&self, line: usize) -> PathBuf {
        if self.batch {
            self.target.join(format!("{line}.svg"))
        } else {
            self.target.clone()
        }
    }

    /// Writes `svg` as the picture of input line `line`; the error names
    /// the file.
    pub fn write(&self, line: usize, svg: &str) -> io::Result<PathBuf> {
        let path = self.path(line);
        std::fs::write(&path, svg).map_err(|error| {
            io::Error::new(error.kind(), format!("writing {}: {error}", path.display()))
        })?;
        Ok(path)
    }
}
