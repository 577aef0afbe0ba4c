//! The `ripple` command line (being written).

fn main() {}
