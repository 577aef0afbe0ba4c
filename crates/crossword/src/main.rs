//! The crossword command line (the next step).

fn main() {}
