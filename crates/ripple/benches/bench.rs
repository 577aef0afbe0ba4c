//! The ripple benchmark (being written).

fn main() {}
