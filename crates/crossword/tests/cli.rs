//! Command-line tests of the crossword binary (the next step).
