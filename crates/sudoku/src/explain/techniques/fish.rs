//! Basic fish (being written: finds nothing yet).

use super::super::{Candidates, Step};

/// Not written yet: finds nothing.
pub fn x_wings(grid: &Candidates) -> Vec<Step> {
    let _ = grid;
    Vec::new()
}

/// Not written yet: finds nothing.
pub fn swordfish(grid: &Candidates) -> Vec<Step> {
    let _ = grid;
    Vec::new()
}

/// Not written yet: finds nothing.
pub fn jellyfish(grid: &Candidates) -> Vec<Step> {
    let _ = grid;
    Vec::new()
}
