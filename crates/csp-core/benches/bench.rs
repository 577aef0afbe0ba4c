//! Benchmarks (placeholder until the workloads land).
fn main() {}
