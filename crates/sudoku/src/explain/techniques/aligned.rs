//! Aligned pair and triplet exclusion (being written: finds nothing yet).

use super::super::{Candidates, Step};

/// Not written yet: finds nothing.
pub fn aligned_pair_exclusion(grid: &Candidates) -> Vec<Step> {
    let _ = grid;
    Vec::new()
}

/// Not written yet: finds nothing.
pub fn aligned_triplet_exclusion(grid: &Candidates) -> Vec<Step> {
    let _ = grid;
    Vec::new()
}
