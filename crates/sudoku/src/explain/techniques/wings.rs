//! XY-Wing (4.2) and XYZ-Wing (4.4): a pivot cell and two bivalue pincers
//! it sees; whichever digit the pivot takes, one pincer holds `z`, so `z`
//! leaves every cell that sees both pincers (and the pivot, for XYZ).

use super::super::candidates::{Mask, PEERS, bit_count, cell_name, digits, sees};
use super::super::{Candidates, Link, Step, Technique};

pub(crate) fn wings(grid: &Candidates, xyz: bool, limit: usize) -> Vec<Step> {
    let (pivot_size, technique, rating) = if xyz {
        (3, Technique::XYZWing, 44)
    } else {
        (2, Technique::XYWing, 42)
    };
    let mut steps = Vec::new();
    for pivot in 0..81 {
        let xy: Mask = grid.mask(pivot);
        if bit_count(xy) != pivot_size {
            continue;
        }
        for &xz_cell in &PEERS[pivot] {
            let xz = grid.mask(xz_cell);
            if bit_count(xz) != 2 || bit_count(xy & !xz) != 1 {
                continue;
            }
            for &yz_cell in &PEERS[pivot] {
                let yz = grid.mask(yz_cell);
                if bit_count(yz) != 2 {
                    continue;
                }
                let union = xy | xz | yz;
                let common = bit_count(xy & xz & yz);
                if bit_count(union) != 3 || common != u32::from(xyz) {
                    continue;
                }
                let z_mask = xz & yz;
                if bit_count(z_mask) != 1 {
                    continue;
                }
                let z = z_mask.trailing_zeros() as u8 + 1;
                let mut step = Step::new(
                    technique,
                    rating,
                    format!(
                        "whatever {} holds ({}), {} or {} is {z}, so {z} leaves every cell that sees {}",
                        cell_name(pivot),
                        digits(xy)
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join(" or "),
                        cell_name(xz_cell),
                        cell_name(yz_cell),
                        if xyz { "all three" } else { "both" }
                    ),
                );
                for cell in 0..81 {
                    if cell == pivot || cell == xz_cell || cell == yz_cell || !grid.has(cell, z) {
                        continue;
                    }
                    if sees(cell, xz_cell) && sees(cell, yz_cell) && (!xyz || sees(cell, pivot)) {
                        step.eliminations.push((cell, z));
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                step.cells = vec![pivot, xz_cell, yz_cell];
                for &cell in &step.cells {
                    step.highlighted
                        .extend(digits(grid.mask(cell)).map(|d| (cell, d)));
                }
                for pincer in [xz_cell, yz_cell] {
                    let shared = xy & grid.mask(pincer) & !z_mask;
                    for d in digits(shared) {
                        step.links.push(Link {
                            from: (pivot, d),
                            to: (pincer, d),
                            strong: false,
                        });
                    }
                }
                steps.push(step);
                if steps.len() >= limit {
                    return steps;
                }
            }
        }
    }
    steps
}

/// XY-Wings (4.2).
pub fn xy_wings(grid: &Candidates) -> Vec<Step> {
    wings(grid, false, usize::MAX)
}

/// XYZ-Wings (4.4).
pub fn xyz_wings(grid: &Candidates) -> Vec<Step> {
    wings(grid, true, usize::MAX)
}
