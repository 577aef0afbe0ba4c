//! Watching a fill (`crossword fill --trace`, `--events FILE`,
//! `--tree-svg FILE`): [`fill_watched`] runs the options' algorithm with an
//! observer that writes the events of `docs/events.md`, one readable trace
//! line per event, and the domain-splitting tree's first nodes.
//!
//! Which algorithm reports what (a slot is named as the entries are, `1A`,
//! `12D`; a word by its id in `value`/`removed` and spelled out in `word`
//! and `removed_words`):
//!
//! | algorithm | events | trace |
//! | --- | --- | --- |
//! | `ac3` (csp-core) | `run`, `propagate` (root), `revise` (each arc, the words removed, the arcs queued again), `prune` (all-different), `wipeout`, `end` | AC-3's revision table, printed by the command line from the same revisions |
//! | `mac` (csp-core) | `run`, `propagate`, `revise`, `prune`, `wipeout`, `decide`, `refute`, `backtrack`, `solution`, `end` | one line per event |
//! | `fast` (the bitset engine) | `run`, `propagate`, `prune` (`crossing`: the words that lost the letter their crossing needs; `all-different`), `wipeout`, `decide`, `refute`, `backtrack`, `solution`, `restart`, `end` | one line per event |
//!
//! What holds on a complete stream, and is tested: `decide` events number
//! `stats.nodes` - 1; under `mac` and `fast` `wipeout` events number
//! `stats.backtracks`; `revise` events number `stats.arc_revisions`.

use cli_kit::app::{Flag, Watchable};
use cli_kit::{Sinks, SplitTree};
use csp_core::{Cause, Observer, Var};
use puzzle_kit::{Puzzle, Status};
use serde_json::json;

use crate::app::record_stats;
use crate::csp;
use crate::options::{Ac3Result, Algo, Options, Outcome};
use crate::problem::Problem;
use crate::puzzle::Grid;
use crate::textbook;
use crate::{fast, solve};

pub use cli_kit::app::Watch;

/// Every algorithm reports its search (`ac3` too: its revisions).
impl Watchable for Grid {
    fn watchable(_algo: Algo) -> bool {
        true
    }

    /// Fills as [`crate::solve`] does, the template's problem built from
    /// the options' word list, as [`fill_watched`] does but for the `run`
    /// event (the caller's, as cli-kit's driver writes it) and `ac3`'s
    /// trace lines (its trace is AC-3's revision table, which the human
    /// view writes with the answer).
    fn solve_watched(&self, options: &Options, mut watch: Watch<'_, '_>) -> Outcome {
        let problem = Problem::new(self.clone(), &options.word_list());
        if options.algo == Algo::Ac3 {
            watch.sinks.trace = None;
        }
        watched(&problem, options, watch).0
    }

    /// Which shared option applies to which algorithm: `ac3` does not
    /// search (no count, no node or time limit, no decision for a tree to
    /// show), and no algorithm holds a frontier or a table that grows with
    /// the search (no `--memory-limit`).
    fn applies(flag: Flag, algo: Algo) -> bool {
        match flag {
            Flag::Count | Flag::NodeLimit | Flag::TimeLimit | Flag::TreeSvg => algo != Algo::Ac3,
            Flag::MemoryLimit => false,
            Flag::Svg | Flag::Trace | Flag::Events => true,
        }
    }
}

/// How many words a trace line spells out before `...`.
const LISTED_WORDS: usize = 6;

/// Fills `problem` as [`crate::solve_problem`] does (the same outcome,
/// nodes included; `ac3`'s domains and revisions too, as
/// [`crate::ac3`] gives them), telling `watch` what the search does: a
/// `run` event first, an `end` event with the record's counters last.
pub fn fill_watched(
    problem: &Problem,
    options: &Options,
    mut watch: Watch<'_, '_>,
) -> (Outcome, Option<Ac3Result>) {
    if let Some(events) = watch.sinks.events.as_deref_mut() {
        events.emit(
            "run",
            &json!({"algorithm": options.algo.name(), "puzzle": problem.grid().to_line()}),
        );
    }
    watched(problem, options, watch)
}

/// [`fill_watched`] after its `run` event.
fn watched(
    problem: &Problem,
    options: &Options,
    watch: Watch<'_, '_>,
) -> (Outcome, Option<Ac3Result>) {
    let Watch { sinks, tree } = watch;
    let algo = options.algo;
    let mut watch = FillWatch { sinks, problem };
    let grid = problem.grid();
    let title = format!(
        "{} on the {} x {} grid: the domain-splitting tree",
        algo.name(),
        grid.rows(),
        grid.cols()
    );
    let name_decision = |var: Var, value: i32| {
        let slot = &problem.slots().slots[var.index()];
        let word = problem.word(value as u32).text().to_ascii_uppercase();
        format!("{}-{} = {word}", slot.number, slot.direction.name())
    };
    let mut observer = SplitTree::new(&mut watch, tree, title, &name_decision);
    let (run, ac3) = match algo {
        Algo::Fast => (fast::solve_observed(problem, options, &mut observer), None),
        Algo::Mac => (csp::mac_observed(problem, options, &mut observer), None),
        Algo::Ac3 => {
            let (run, result) = textbook::ac3_observed(problem, options, &mut observer);
            (run, Some(result))
        }
    };
    drop(observer);
    let mut outcome = solve::outcome(problem, options, run, options.words.clone());
    outcome.stats.counters.ac3 = ac3.clone().map(std::sync::Arc::new);
    watch.finish(algo, &outcome);
    (outcome, ac3)
}

/// The events and trace behind [`fill_watched`] (cli-kit's [`SplitTree`]
/// around it grows the tree).
struct FillWatch<'a, 'b, 'p> {
    sinks: Sinks<'a, 'b>,
    problem: &'p Problem,
}

impl FillWatch<'_, '_, '_> {
    fn slot_name(&self, var: Var) -> String {
        self.problem.slots().slots[var.index()].name()
    }

    fn word(&self, value: i32) -> String {
        self.problem.word(value as u32).text().to_ascii_uppercase()
    }

    fn words(&self, values: &[i32]) -> Vec<String> {
        values.iter().map(|&value| self.word(value)).collect()
    }

    /// `HOSES, LASER` or `1,204 words: AAHED, AALII, ... `.
    fn listed(&self, values: &[i32]) -> String {
        let shown: Vec<String> = self.words(&values[..values.len().min(LISTED_WORDS)]);
        if values.len() <= LISTED_WORDS {
            shown.join(", ")
        } else {
            format!(
                "{} words: {}, ...",
                cli_kit::thousands(values.len() as u64),
                shown.join(", ")
            )
        }
    }

    fn decision(&mut self, kind: &str, var: Var, value: i32, depth: usize) {
        if !self.sinks.is_open() {
            return;
        }
        let (name, word) = (self.slot_name(var), self.word(value));
        let fields = json!({"var": name, "value": value, "word": word, "depth": depth});
        self.sinks.emit(kind, &fields);
        let verb = if kind == "decide" { "decide" } else { "refute" };
        self.sinks
            .line(format_args!("{verb} {name} = {word} (depth {depth})"));
    }

    /// The `end` event (the record's counters) and line.
    fn finish(&mut self, algo: Algo, outcome: &Outcome) {
        let (nodes, counters) = (outcome.stats.nodes, &outcome.stats.counters);
        let own = if algo == Algo::Fast {
            format!("{} restarts", counters.restarts)
        } else {
            format!("{} arc revisions", counters.arc_revisions)
        };
        let stats = serde_json::to_value(record_stats(algo, &outcome.stats)).unwrap_or_default();
        let status = outcome.status;
        self.sinks.end(status, stats);
        let limit = match status {
            Status::Limit(limit) => format!(" ({limit} limit)"),
            _ => String::new(),
        };
        self.sinks.line(format_args!(
            "end: {}{limit}, {nodes} nodes, {} backtracks, {own}",
            status.name(),
            counters.backtracks
        ));
    }
}

impl Observer for FillWatch<'_, '_, '_> {
    fn propagate(&mut self, cause: Cause, depth: usize) {
        self.sinks
            .emit("propagate", &json!({"cause": cause.name(), "depth": depth}));
        self.sinks.line(format_args!(
            "propagate ({}) at depth {depth}",
            cause.name()
        ));
    }

    fn arc_revised(&mut self, x: Var, y: Var, removed: &[i32], added: &[(Var, Var)]) {
        let (x, y) = (self.slot_name(x), self.slot_name(y));
        if self.sinks.events_open() {
            let added: Vec<[String; 2]> = added
                .iter()
                .map(|&(a, b)| [self.slot_name(a), self.slot_name(b)])
                .collect();
            let words = self.words(removed);
            self.sinks.emit("revise", &json!({"x": x, "y": y, "removed": removed, "removed_words": words, "added": added}),
            );
        }
        if self.sinks.trace_open() {
            let what = if removed.is_empty() {
                "nothing removed".to_owned()
            } else {
                format!("removed {}", self.listed(removed))
            };
            self.sinks
                .line(format_args!("revise {x} against {y}: {what}"));
        }
    }

    fn pruned(&mut self, propagator: &str, var: Var, removed: &[i32]) {
        let name = self.slot_name(var);
        if self.sinks.events_open() {
            let words = self.words(removed);
            self.sinks.emit("prune", &json!({"propagator": propagator, "var": name, "removed": removed, "removed_words": words}),
            );
        }
        if self.sinks.trace_open() {
            let listed = self.listed(removed);
            self.sinks
                .line(format_args!("prune {name} by {propagator}: {listed}"));
        }
    }

    fn wipeout(&mut self, var: Option<Var>) {
        match var {
            Some(var) => {
                let name = self.slot_name(var);
                self.sinks.emit("wipeout", &json!({ "var": name }));
                self.sinks
                    .line(format_args!("wipeout {name}: no word left"));
            }
            None => {
                self.sinks.emit("wipeout", &json!({}));
                self.sinks
                    .line(format_args!("wipeout (a constraint failed)"));
            }
        }
    }

    fn decision(&mut self, var: Var, value: i32, depth: usize) {
        FillWatch::decision(self, "decide", var, value, depth);
    }

    fn refutation(&mut self, var: Var, value: i32, depth: usize) {
        FillWatch::decision(self, "refute", var, value, depth);
    }

    fn backtrack(&mut self, depth: usize) {
        self.sinks.emit("backtrack", &json!({ "depth": depth }));
        self.sinks.line(format_args!("backtrack to depth {depth}"));
    }

    fn solution(&mut self, values: &[i32]) {
        if !self.sinks.is_open() {
            return;
        }
        let ids: Vec<u32> = values.iter().map(|&value| value as u32).collect();
        let rows = self.problem.fill_grid(&ids).to_rows();
        let line = rows.join("/");
        self.sinks.emit(
            "solution",
            &json!({"state": rows.join("\n"), "state_line": line}),
        );
        self.sinks.line(format_args!("solution {line}"));
    }

    fn restart(&mut self, run: u64) {
        self.sinks.emit("restart", &json!({ "run": run }));
        self.sinks
            .line(format_args!("restart: run {run} from the root"));
    }
}
