//! XY- and XYZ-Wings (being written: finds nothing yet).

use super::super::{Candidates, Step};

/// Not written yet: finds nothing.
pub fn xy_wings(grid: &Candidates) -> Vec<Step> {
    let _ = grid;
    Vec::new()
}

/// Not written yet: finds nothing.
pub fn xyz_wings(grid: &Candidates) -> Vec<Step> {
    let _ = grid;
    Vec::new()
}
