//! What the `crossword` binary adds on cli-kit (behind the `cli` feature):
//! filled in by the next step.
