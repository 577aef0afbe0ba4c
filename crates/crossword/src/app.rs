//! What the front ends show of a crossword fill, on cli-kit's application
//! traits (the `app` feature, no command-line parsing): the `--compare`
//! runs ([`Compare`]: every algorithm on the template with the options'
//! word list, each row with its backtracks, restarts and arc revisions).
//! The watched fill ([`cli_kit::app::Watchable`]) is in [`crate::watch`].

use std::time::Duration;

use cli_kit::app::Compare;

use crate::grid::Grid;
use crate::options::{Algo, Options};
use crate::slots::Slots;

/// `--compare`: `fast`, `mac` and `ac3` with the options' word list and
/// repeats rule (no trace), the last column the fills counted.
impl Compare for Grid {
    const LENGTH: &'static str = "fills";

    fn compare_runs(base: &Options) -> Vec<(String, Options)> {
        Algo::ALL
            .iter()
            .map(|&algo| {
                let run = Options {
                    algo,
                    trace: false,
                    ..base.clone()
                };
                (algo.name().to_owned(), run)
            })
            .collect()
    }

    /// The grid's size and entries, then the limits of each run.
    fn compare_heading(&self, nodes: u64, time: Duration) -> String {
        format!(
            "{} x {} grid, {} entries\nlimits per run: {} nodes, {} s (ac3 makes no guess: undecided, it stops at depth 0)",
            self.rows(),
            self.cols(),
            Slots::new(self).slots.len(),
            cli_kit::thousands(nodes),
            time.as_secs_f64()
        )
    }
}
