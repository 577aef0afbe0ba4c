//! The crossword benchmark (the next step).

fn main() {}
