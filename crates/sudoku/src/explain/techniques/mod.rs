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

use super::candidates::Positions;
use super::{Candidates, Step, Technique};

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
    let k = (k as usize).min(9);
    BY_SIZE.0[BY_SIZE.1[k]..BY_SIZE.1[k + 1]].iter().copied()
}

/// The `k`-subsets of the positions in `allowed`, in the order of
/// [`combinations`] (the subsets of `0..9` that `allowed` contains), without
/// walking the others: the `k`-subsets of `0..n` (a prefix of that order)
/// spread onto the `n` positions of `allowed`, which keeps the order.
pub(crate) fn combinations_within(k: u32, allowed: u16) -> impl Iterator<Item = u16> {
    let mut spots = [0u16; 9];
    let mut n = 0;
    let mut rest = allowed & 0x1ff;
    while rest != 0 {
        spots[n] = rest & rest.wrapping_neg();
        rest &= rest - 1;
        n += 1;
    }
    combinations(k)
        .take_while(move |&combo| combo < 1 << n)
        .map(move |mut combo| {
            let mut spread = 0;
            while combo != 0 {
                spread |= spots[combo.trailing_zeros() as usize];
                combo &= combo - 1;
            }
            spread
        })
}

/// Every subset of `0..9`, by size and then by value, with where each
/// size starts (a table, since the techniques ask for them at every step).
static BY_SIZE: ([u16; 512], [usize; 11]) = subsets_by_size();

const fn subsets_by_size() -> ([u16; 512], [usize; 11]) {
    let mut table = [0u16; 512];
    let mut starts = [0usize; 11];
    let mut n = 0;
    let mut k = 0;
    while k <= 9 {
        starts[k] = n;
        let mut mask = 0u16;
        while mask < 512 {
            if mask.count_ones() == k as u32 {
                table[n] = mask;
                n += 1;
            }
            mask += 1;
        }
        k += 1;
    }
    starts[10] = n;
    (table, starts)
}

/// A producer that stops after `limit` steps (the path asks for one).
pub(crate) type Producer = fn(&Candidates, &Positions, usize) -> Vec<Step>;

/// The first step of the first producer (the path asks for it alone).
pub(crate) use singles::first_hidden_single;

/// SE 1.2.1's producers before the chains, in its order.
pub(crate) const BEFORE_CHAINS: [Producer; 20] = [
    singles::hidden_singles_up_to,
    intersections::direct_pointing_up_to,
    |g, t, n| subsets::hidden(g, t, 2, true, n),
    |g, _, n| singles::naked_singles_up_to(g, n),
    |g, t, n| subsets::hidden(g, t, 3, true, n),
    intersections::pointing_claiming_up_to,
    |g, _, n| subsets::naked(g, 2, Technique::NakedPair, 30, n),
    |g, t, n| fish::fish(g, t, 2, Technique::XWing, 32, n),
    |g, t, n| subsets::hidden(g, t, 2, false, n),
    |g, _, n| subsets::naked(g, 3, Technique::NakedTriplet, 36, n),
    |g, t, n| fish::fish(g, t, 3, Technique::Swordfish, 38, n),
    |g, t, n| subsets::hidden(g, t, 3, false, n),
    |g, _, n| wings::wings(g, false, n),
    |g, _, n| wings::wings(g, true, n),
    // Sorted by rating: all are needed before the first is known.
    |g, _, _| unique_loops(g),
    |g, _, n| subsets::naked(g, 4, Technique::NakedQuad, 50, n),
    |g, t, n| fish::fish(g, t, 4, Technique::Jellyfish, 52, n),
    |g, t, n| subsets::hidden(g, t, 4, false, n),
    |g, _, _| bugs(g),
    |g, _, n| aligned::aligned(g, 2, n),
];

/// Aligned triplet exclusion, which SE runs between the first chains and
/// Nishio, stopping after `limit` steps.
pub(crate) fn aligned_triplet_exclusion_up_to(grid: &Candidates, limit: usize) -> Vec<Step> {
    aligned::aligned(grid, 3, limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_within_keeps_the_subsets_of_allowed_in_order() {
        for allowed in [0u16, 0x1ff, 0b1_0110_1001, 0b1000_0001, 0b110] {
            for k in 0..=5 {
                let filtered: Vec<u16> = combinations(k).filter(|c| c & !allowed == 0).collect();
                let within: Vec<u16> = combinations_within(k, allowed).collect();
                assert_eq!(within, filtered, "k {k}, allowed {allowed:#b}");
            }
        }
    }
}
