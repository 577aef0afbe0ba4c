//! The explicit construction: a closed-form placement for every N >= 4,
//! chosen by N mod 6, in one pass over the rows.

/// The queens' columns for `n` = 1 or `n` >= 4 (there is no answer for 2
/// and 3; the caller handles them).
///
/// Number the rows and columns from 1. Put the queens of rows 1, 2, ... in
/// the even columns 2, 4, 6, ... and then the odd columns 1, 3, 5, ...
/// Going down by one row and right by two never meets a diagonal inside
/// either run; the join of the two runs is where diagonals can meet, and
/// that happens exactly when N mod 6 is 2 or 3, which two local repairs fix:
///
/// - N mod 6 = 2: the odd run becomes 3, 1, 7, 9, 11, ..., 5 (swap 1 and 3,
///   move 5 to the end);
/// - N mod 6 = 3: the even run becomes 4, 6, ..., 2 (2 moves to the end) and
///   the odd run 5, 7, ..., 1, 3 (1 and 3 move to the end).
pub(crate) fn construct(n: usize) -> Vec<u32> {
    debug_assert!(n == 1 || n >= 4);
    let n = n as u32;
    let mut evens: Vec<u32> = (1..=n / 2).map(|k| 2 * k).collect();
    let mut odds: Vec<u32> = (0..n.div_ceil(2)).map(|k| 2 * k + 1).collect();
    match n % 6 {
        2 => {
            odds.swap(0, 1);
            let five = odds.remove(2);
            odds.push(five);
        }
        3 => {
            evens.rotate_left(1);
            odds.rotate_left(2);
        }
        _ => {}
    }
    let mut columns = evens;
    columns.append(&mut odds);
    for column in &mut columns {
        *column -= 1;
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_textbook_examples() {
        // 8 mod 6 = 2 and 9 mod 6 = 3, the two repaired cases (1-based lists).
        let one_based = |n| construct(n).iter().map(|c| c + 1).collect::<Vec<_>>();
        assert_eq!(one_based(8), [2, 4, 6, 8, 3, 1, 7, 5]);
        assert_eq!(one_based(9), [4, 6, 8, 2, 5, 7, 9, 1, 3]);
        assert_eq!(one_based(4), [2, 4, 1, 3]);
        assert_eq!(one_based(1), [1]);
    }
}
