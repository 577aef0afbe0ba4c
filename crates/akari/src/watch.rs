//! Watching a solve (`solve` with `--trace`, `--events FILE`, `--tree-svg
//! FILE`): csp-core's search told through cli-kit's [`CspWatch`] (the
//! events of `docs/events.md`, a trace line per call) inside a
//! [`SplitTree`] (the search tree). A variable is a white cell, `r1c2`; a
//! value 1 for a bulb, 0 for none; a state the drawing's rows. The fast
//! engine is not csp-core's search, so only the textbook model is watched.

use cli_kit::app::{Watch, Watchable};
use cli_kit::{CspWatch, Rendered, SplitTree};
use csp_core::Var;

use crate::options::{Algo, Options, Outcome};
use crate::puzzle::Akari;
use crate::textbook::{bulbs, whites};

/// The name of cell `index` (row by row) of a grid of `cols` columns:
/// `r1c1` is the top left.
pub fn cell_name(cols: usize, index: usize) -> String {
    format!("r{}c{}", index / cols + 1, index % cols + 1)
}

/// Both inferences of the textbook model are csp-core's search.
impl Watchable for Akari {
    fn watchable(algo: Algo) -> bool {
        algo != Algo::Fast
    }

    fn solve_watched(&self, options: &Options, watch: Watch<'_, '_>) -> Outcome {
        let cols = self.cols();
        let cells = whites(self);
        let name = |var: Var| cell_name(cols, cells[var.index()]);
        // Called with a solution: a value per white cell.
        let render = |values: &[i32]| {
            let bulbs = bulbs(self, values);
            Rendered {
                view: self.draw(&bulbs, '\n'),
                line: Some(self.draw(&bulbs, '/')),
            }
        };
        let name_decision = |var: Var, value: i32| {
            let what = if value == 1 { "bulb" } else { "no bulb" };
            format!("{} {what}", name(var))
        };
        let Watch { sinks, tree } = watch;
        let title = format!("{} on {}", options.algo, self.to_line());
        let watch = CspWatch::new(sinks, &name, &render);
        let observer = SplitTree::new(watch, tree, title, &name_decision);
        crate::textbook::solve_observed(self, options, observer)
    }
}
