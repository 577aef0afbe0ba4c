//! The techniques up to aligned exclusion, one function per Sudoku
//! Explainer producer. Each returns every step it finds, in the order SE's
//! producer finds them (the path takes the first), and only steps that
//! remove or place something.

mod aligned;
mod fish;
mod intersections;
mod singles;
mod subsets;
mod unique;
mod wings;

pub use aligned::{aligned_pair_exclusion, aligned_triplet_exclusion};
pub use fish::{jellyfish, swordfish, x_wings};
pub use intersections::{direct_pointing, pointing_claiming};
pub use singles::{hidden_singles, naked_singles};
pub use subsets::{
    direct_hidden_pairs, direct_hidden_triplets, hidden_pairs, hidden_quads, hidden_triplets,
    naked_pairs, naked_quads, naked_triplets,
};
pub use unique::{bugs, unique_loops};
pub use wings::{xy_wings, xyz_wings};

/// SE's scan order of units for most producers: boxes, then columns,
/// then rows.
pub(crate) const BOX_COL_ROW: [usize; 27] = {
    let mut order = [0; 27];
    let mut i = 0;
    while i < 9 {
        order[i] = 18 + i;
        order[9 + i] = 9 + i;
        order[18 + i] = i;
        i += 1;
    }
    order
};

/// The `k`-subsets of `0..9` as bit masks, in SE's order (increasing
/// value, as Gosper's hack enumerates them).
pub(crate) fn combinations(k: u32) -> impl Iterator<Item = u16> {
    (0u16..512).filter(move |m| m.count_ones() == k)
}
