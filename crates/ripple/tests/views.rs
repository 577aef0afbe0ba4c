//! Snapshots of the human views: the drawing of a puzzle and of its
//! solution with room walls, and the ASCII wall drawing with digits above 9.

use ripple::{Algo, Options, Puzzle};

#[test]
fn the_drawing_of_a_puzzle_and_its_solution() {
    let puzzle: Puzzle = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1"
        .parse()
        .unwrap();
    let solution = ripple::solve(&puzzle, &Options::new(Algo::Fast))
        .solution
        .unwrap();
    insta::assert_snapshot!(format!(
        "{}\n{}",
        ripple::to_ascii(&puzzle),
        puzzle.draw(solution.values())
    ));
}

#[test]
fn digits_above_nine_draw_two_wide() {
    let puzzle: Puzzle = "https://puzz.link/p?ripple/4/3/0000ckahbh".parse().unwrap();
    insta::assert_snapshot!(ripple::to_ascii(&puzzle));
}
