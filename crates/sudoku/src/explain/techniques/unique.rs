//! Unique rectangles and loops; bivalue universal graves (being written: finds nothing yet).

use super::super::{Candidates, Step};

/// Not written yet: finds nothing.
pub fn unique_loops(grid: &Candidates) -> Vec<Step> {
    let _ = grid;
    Vec::new()
}

/// Not written yet: finds nothing.
pub fn bugs(grid: &Candidates) -> Vec<Step> {
    let _ = grid;
    Vec::new()
}
