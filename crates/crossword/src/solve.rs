//! The dispatcher: runs the algorithm [`Options`] name on a template and
//! turns the engine's word ids into a [`Fill`]; and the template as a
//! [`puzzle_kit::Puzzle`].

use std::sync::Arc;

use puzzle_kit::{Puzzle, Status};

use crate::csp;
use crate::error::ParseError;
use crate::fast;
use crate::options::{Ac3Result, Algo, Fill, Options, Outcome, Run, Words, builtin_words};
use crate::problem::Problem;
use crate::puzzle::Grid;
use crate::textbook;

/// Fills the template `grid` from the options' word list (the built-in
/// list unless [`Options::words`] gave one) with the options' algorithm.
///
/// ```
/// use crossword::{Algo, Grid, Options, Status};
///
/// let grid: Grid = "...\n.#.\n...".parse()?;
/// let outcome = crossword::solve(&grid, &Options::new(Algo::Fast));
/// assert_eq!(outcome.status, Status::Solved);
/// # Ok::<(), crossword::ParseError>(())
/// ```
pub fn solve(grid: &Grid, options: &Options) -> Outcome {
    let words = options.word_list();
    let problem = Problem::new(grid.clone(), &words);
    run(&problem, options, Some(words))
}

/// Fills a [`Problem`] already built (a template and the words by length),
/// with the options' algorithm; the options' word list is not read (the
/// problem holds its words), so one problem can be solved several times.
pub fn solve_problem(problem: &Problem, options: &Options) -> Outcome {
    run(problem, options, options.words.clone())
}

fn run(problem: &Problem, options: &Options, words: Option<Words>) -> Outcome {
    let run = match options.algo {
        Algo::Fast => fast::solve(problem, options),
        Algo::Mac => csp::mac(problem, options),
        Algo::Ac3 => {
            let (run, result) = textbook::ac3(problem, options);
            let mut outcome = outcome(problem, options, run, words);
            outcome.stats.counters.ac3 = Some(Arc::new(result));
            return outcome;
        }
    };
    outcome(problem, options, run, words)
}

/// The most nodes [`unique_budget`] gives the count of [`is_unique`].
pub const UNIQUE_NODE_LIMIT: u64 = 10_000;

/// The nodes the command line lets [`is_unique`] spend after a fill that
/// took `fill_nodes`: as many as the fill, at least 1,000 (a second fill
/// is usually found within a few dozen nodes of the first) and at most
/// [`UNIQUE_NODE_LIMIT`], so that the question never costs much more than
/// the fill; proving that a big template has one fill only can take far
/// longer, and is then left undecided.
pub fn unique_budget(fill_nodes: u64) -> u64 {
    fill_nodes.clamp(1_000, UNIQUE_NODE_LIMIT)
}

/// Whether `problem` has exactly one fill: a count to 2 by the `fast`
/// engine (exact, without restarts), separate from the run that filled it
/// (whose stats it leaves alone), with the options' word list, repeats
/// rule and time limit, and at most `nodes` nodes (or the options' node
/// limit, if smaller). `Some(true)` when the count of 1 is complete,
/// `Some(false)` when a second fill was found, `None` when the budget ran
/// out first (or the grid has no fill).
///
/// ```
/// use crossword::{Algo, Grid, Options, Problem, WordList};
///
/// let grid: Grid = "...\n.#.\n...".parse()?;
/// let words = WordList::from_words(&["ape", "pea", "eta", "tea", "ate", "apt"]);
/// let problem = Problem::new(grid, &words);
/// assert_eq!(crossword::is_unique(&problem, &Options::new(Algo::Fast), 1_000), Some(false));
/// # Ok::<(), crossword::ParseError>(())
/// ```
pub fn is_unique(problem: &Problem, options: &Options, nodes: u64) -> Option<bool> {
    let mut count = Options {
        algo: Algo::Fast,
        trace: false,
        ..options.clone()
    }
    .count_up_to(2);
    count.limits.node_limit = Some(options.limits.node_limit.map_or(nodes, |n| n.min(nodes)));
    let run = fast::solve(problem, &count);
    match run.status {
        Status::Solved if run.count >= 2 => Some(false),
        Status::Solved if run.complete => Some(true),
        _ => None,
    }
}

/// AC-3 alone on `problem`: the outcome (solved when every
/// entry is left one word, unsolvable when one is left none, else a depth
/// limit), and the domains before and after with the revisions (recorded
/// when [`Options::trace`] is set).
pub fn ac3(problem: &Problem, options: &Options) -> (Outcome, Ac3Result) {
    let (run, result) = textbook::ac3(problem, options);
    let mut outcome = outcome(problem, options, run, options.words.clone());
    outcome.stats.counters.ac3 = Some(Arc::new(result.clone()));
    (outcome, result)
}

pub(crate) fn outcome(
    problem: &Problem,
    options: &Options,
    run: Run,
    words: Option<Words>,
) -> Outcome {
    let Run {
        status,
        fill,
        count,
        complete,
        reason,
        mut stats,
    } = run;
    stats.counters.reason = reason;
    Outcome {
        status,
        solution: fill.map(|ids| Fill {
            grid: problem.fill_grid(&ids),
            entries: problem.entries(&ids),
            words,
            allow_repeats: options.allow_repeats,
        }),
        count,
        count_complete: complete,
        stats,
    }
}

impl Puzzle for Grid {
    const NAME: &'static str = "crossword";
    const EXAMPLE: &'static str = ".....\n##.#.\n#....\n.#...\n.....\n.##.#\n";
    type Error = ParseError;
    type Algo = Algo;
    type Options = Options;
    type Solution = Fill;
    type Stats = crate::Stats;

    /// The rows joined by `/`, which [`Grid::parse_text`] reads back.
    fn to_line(&self) -> String {
        self.to_rows().join("/")
    }

    /// The filled rows joined by `/` (the `solution` of a JSON record is
    /// the same rows as an array).
    fn solution_line(&self, solution: &Fill) -> String {
        solution.grid.to_rows().join("/")
    }

    fn solve(&self, options: &Options) -> Outcome {
        solve(self, options)
    }

    /// Checks the fill against this template and the word list it was
    /// filled from (the built-in list when that is not known), with
    /// [`crate::check::check`].
    fn check(&self, solution: &Fill) -> Result<(), puzzle_kit::Violation> {
        let words = solution
            .words
            .clone()
            .unwrap_or_else(|| builtin_words(true));
        crate::check::check(self, &solution.grid, &words, solution.allow_repeats)
            .map(|_| ())
            .map_err(puzzle_kit::Violation::from)
    }
}
