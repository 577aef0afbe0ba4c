//! Command-line tests of the `ripple` binary (being written).
