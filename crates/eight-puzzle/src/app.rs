//! What the front ends show of an eight-puzzle solve, on cli-kit's
//! application traits (the `app` feature, no command-line parsing): the
//! record's own fields ([`Fields`], [`Counters`]) and the record
//! ([`record`]), the human views (the searcher framework's
//! `print_moves_to` for `solve`, its `process_file` line for `batch`), the
//! SVG picture and the board as data ([`Show`]), and `check`'s verdict on
//! a record ([`Verify`]).
//!
//! The goal, the searcher and the heuristic of a solve are its
//! [`Options`]', planned for the board's size: [`EightView`] carries
//! them, so that [`Show::record_viewed`] and [`Show::svg_viewed`] name
//! them ([`Show::record`] and [`Show::svg`] are those of the default
//! options).

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use cli_kit::app::{
    Board as BoardData, Cell, Compare, OutcomeOf, Show, Solved, Verify, ViewFlags, limits_line,
};
use cli_kit::{Record, Status, Tally, Verified};
use serde::{Deserialize, Serialize};

use crate::{
    Algo, Board, Heuristic, Limit, Move, Moves, Options, Outcome, Plan, SearchAlgorithm, Stats,
    check, moves_view,
};

/// The view options that are eight-puzzle's own, and the options the
/// boards are solved with (whose plan names the goal, the searcher and
/// the heuristic of a record and a view).
#[derive(Debug, Clone, Default)]
pub struct EightView {
    /// The options of the solve.
    pub options: Options,
    /// `batch`'s view: the searcher framework's `process_file` line per
    /// board, not `solve`'s.
    pub batch: bool,
    /// `solve --summary`: only the moves on one line.
    pub summary: bool,
    /// The sums of a batch's summary, added to as each result is shown.
    pub sums: Arc<Sums>,
}

/// What a batch's summary averages over the boards solved: their moves and
/// states tested, summed as the results are shown.
#[derive(Debug, Default)]
pub struct Sums {
    moves: AtomicU64,
    tested: AtomicU64,
}

impl EightView {
    /// The plan of `board`'s size under these options, if they fit it.
    fn plan(&self, board: &Board) -> Option<Plan> {
        self.options.plan(board.size()).ok()
    }
}

/// The moves of a solved outcome.
fn moves_of(outcome: &Outcome) -> Option<&[Move]> {
    outcome.solution.as_ref().map(Moves::moves)
}

impl Show for Board {
    type Fields = Fields;
    type Counters = Counters;
    type Json = String;
    type View = EightView;

    /// The record under the default options ([`Show::record_viewed`]).
    fn record(solved: &Solved<Self>, counting: bool) -> EightRecord {
        Self::record_viewed(solved, counting, &EightView::default())
    }

    /// The record (no count: a search returns one path).
    fn record_viewed(solved: &Solved<Self>, _counting: bool, own: &EightView) -> EightRecord {
        record_of(
            &solved.puzzle,
            own.plan(&solved.puzzle).as_ref(),
            &solved.outcome,
        )
    }

    fn write_human(
        out: &mut dyn Write,
        solved: &Solved<Self>,
        flags: &ViewFlags,
        own: &EightView,
    ) -> io::Result<()> {
        let (board, outcome) = (&solved.puzzle, &solved.outcome);
        if own.batch {
            return writeln!(out, "{}", batch_line(board, outcome, flags.stats));
        }
        // Options that do not fit the board leave no solve to show: the
        // solve has said why.
        let Some(plan) = own.plan(board) else {
            return Ok(());
        };
        write!(
            out,
            "{}",
            human(board, &plan, outcome, flags.stats, own.summary)
        )
    }

    /// The view of one result, its moves and states tested added to the
    /// sums of a batch's summary when solved.
    fn write_item(
        out: &mut dyn Write,
        _line: Option<usize>,
        _index: usize,
        result: Result<&Solved<Self>, &str>,
        flags: &ViewFlags,
        own: &EightView,
    ) -> io::Result<()> {
        let Ok(solved) = result else {
            // The driver has put the message on stderr.
            return Ok(());
        };
        if let Some(moves) = solved.solution() {
            own.sums
                .moves
                .fetch_add(moves.len() as u64, Ordering::Relaxed);
            own.sums
                .tested
                .fetch_add(solved.outcome.stats.counters.num_tested, Ordering::Relaxed);
        }
        Self::write_human(out, solved, flags, own)
    }

    /// The searcher framework's `process_file` summary of a batch, with
    /// the boards not solved counted.
    fn write_summary(out: &mut dyn Write, tally: &Tally, own: &EightView) -> io::Result<()> {
        if !own.batch {
            return Ok(());
        }
        writeln!(out, "solved {}", counted(tally.solved, "puzzle"))?;
        if tally.solved > 0 {
            let average =
                |total: &AtomicU64| total.load(Ordering::Relaxed) as f64 / tally.solved as f64;
            writeln!(
                out,
                "averages: {:.1} moves, {:.1} states tested",
                average(&own.sums.moves),
                average(&own.sums.tested)
            )?;
        }
        let failed = tally.invalid + tally.unsolvable + tally.limit;
        if failed > 0 {
            writeln!(
                out,
                "{failed} not solved: {} invalid, {} unsolvable, {} limit reached",
                tally.invalid, tally.unsolvable, tally.limit
            )?;
        }
        Ok(())
    }

    /// The picture towards the default goal ([`Show::svg_viewed`]).
    fn svg(&self, outcome: &OutcomeOf<Self>) -> String {
        self.svg_viewed(outcome, &EightView::default())
    }

    /// The start, the goal and the solution as a strip of small boards,
    /// or the start, the goal and why there is no solution.
    fn svg_viewed(&self, outcome: &OutcomeOf<Self>, own: &EightView) -> String {
        let goal = own
            .plan(self)
            .map_or_else(|| Board::goal(self.size()), |plan| plan.goal);
        let moves = outcome.solution.as_ref().map(|moves| moves.moves());
        let status = outcome.status.to_string();
        let caption = moves.is_none().then_some(status.as_str());
        crate::svg::render(self, &goal, moves, caption)
    }

    /// The tiles (the blank empty), after `solution`'s moves if given.
    fn board(&self, solution: Option<&Moves>) -> BoardData {
        let mut board = self.clone();
        for &mv in solution.map_or(&[][..], |moves| moves.moves()) {
            match board.moved(mv) {
                Some(next) => board = next,
                None => break,
            }
        }
        let size = board.size();
        BoardData {
            rows: size,
            cols: size,
            cells: board
                .tiles()
                .iter()
                .map(|&tile| Cell {
                    text: if tile == 0 {
                        String::new()
                    } else {
                        tile.to_string()
                    },
                    given: true,
                    black: false,
                })
                .collect(),
        }
    }
}

/// `--compare`: every searcher with every heuristic that applies to it on
/// the board's size ([`combinations`]), a row of states tested and
/// expanded, and the moves.
impl Compare for Board {
    const LENGTH: &'static str = "moves";

    fn compare_runs_of(&self, base: &Options) -> Vec<(String, Options)> {
        combinations(self.size())
            .into_iter()
            .map(|(algo, heuristic)| {
                let mut run = base.clone();
                run.algo = Some(algo);
                run.heuristic = heuristic;
                run.limits.seed = run.limits.seed.filter(|_| algo == Algo::Random);
                run.cycle_check = run.cycle_check.filter(|_| algo != Algo::IdaStar);
                run.pdb_cache = run.pdb_cache.filter(|_| heuristic == Some(Heuristic::Pdb));
                let name = match heuristic {
                    Some(heuristic) => format!("{algo} {}", heuristic.name()),
                    None => algo.to_string(),
                };
                (name, run)
            })
            .collect()
    }

    fn compare_counters(stats: &Stats) -> Vec<(&'static str, u64)> {
        vec![
            ("tested", stats.counters.num_tested),
            ("expanded", stats.counters.expanded),
        ]
    }

    /// The limits of each run and the flags that set them; in a batch,
    /// the board's line first.
    fn compare_heading(&self, line: Option<usize>, nodes: u64, time: Duration) -> String {
        let limits = format!("{} (--node-limit, --time-limit)", limits_line(nodes, time));
        match line {
            Some(line) => format!("line {line}: {}\n{limits}", self.to_line()),
            None => limits,
        }
    }

    fn compare_length(outcome: &OutcomeOf<Self>) -> Option<u64> {
        outcome.solution.as_ref().map(|moves| moves.len() as u64)
    }
}

/// Every searcher with every heuristic that applies to it on boards of
/// `size`: misplaced tiles, Manhattan, linear conflicts (and the pattern
/// databases on 4x4) for greedy, astar and idastar; none for the others.
pub fn combinations(size: usize) -> Vec<(Algo, Option<Heuristic>)> {
    // Every heuristic but zero, the pattern databases (the last) on 4x4 only.
    let heuristics = &Heuristic::ALL[1..if size == 4 { 5 } else { 4 }];
    let runs = Algo::ALL
        .iter()
        .flat_map(|&algo| match algo.uses_heuristic() {
            true => heuristics.iter().map(|&h| (algo, Some(h))).collect(),
            false => vec![(algo, None)],
        });
    runs.collect()
}

/// `check`'s verdict on a record: [`check_record`], the record's board
/// `given` when one is named beside the records.
impl Verify for Board {
    fn verify(given: Option<&Self>, record: &EightRecord) -> Result<Verified, String> {
        let Some(given) = given else {
            return check_record(record);
        };
        let line = given.to_line();
        match &record.fields.board {
            None => {
                let mut record = record.clone();
                record.fields.board = Some(line);
                check_record(&record)
            }
            Some(board) if *board != line => {
                Err(format!("the record is of the board {board}, not of {line}"))
            }
            Some(_) => check_record(record),
        }
    }
}

/// The fields of an `eight-puzzle` record beside the envelope.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fields {
    /// The board, in its compact form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The goal (the blank first when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// The searcher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algo: Option<String>,
    /// The heuristic, `null` for a searcher that uses none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<Option<String>>,
    /// The searcher framework's states tested.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub num_tested: Option<u64>,
    /// The moves, when solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// How many moves, when solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub num_moves: Option<u64>,
}

/// The counters of `stats` beside `nodes` (= `generated`) and `micros`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counters {
    /// The searcher framework's states tested.
    #[serde(default)]
    pub num_tested: u64,
    /// States whose successors were generated.
    #[serde(default)]
    pub expanded: u64,
    /// States generated, the start included.
    #[serde(default)]
    pub generated: u64,
    /// The largest frontier.
    #[serde(default)]
    pub max_frontier: u64,
    /// Iterations of the deepening searchers.
    #[serde(default)]
    pub iterations: u64,
}

/// An `eight-puzzle` JSON record.
pub type EightRecord = Record<Fields, String, Counters>;

/// The record of `board`'s search, with the goal, searcher and
/// heuristic of `plan` when there is one.
fn record_of(board: &Board, plan: Option<&Plan>, outcome: &Outcome) -> EightRecord {
    let stats = &outcome.stats;
    let names: Option<Vec<String>> =
        moves_of(outcome).map(|moves| moves.iter().map(|mv| mv.name().to_owned()).collect());
    let algorithm = plan.map(|plan| plan.options.algorithm);
    let fields = Fields {
        board: Some(board.to_line()),
        goal: plan.map(|plan| plan.goal.to_line()),
        algo: algorithm.map(|algorithm| algorithm.name().to_owned()),
        heuristic: plan.map(|plan| {
            plan.options
                .algorithm
                .uses_heuristic()
                .then(|| plan.heuristic.name().to_owned())
        }),
        num_tested: Some(stats.counters.num_tested),
        num_moves: names.as_ref().map(|names| names.len() as u64),
        moves: names,
    };
    let mut record = Record::ended(outcome.status, fields);
    record.solution = record.fields.moves.as_ref().map(|names| names.join(" "));
    let counters = Counters {
        num_tested: stats.counters.num_tested,
        expanded: stats.counters.expanded,
        generated: stats.nodes,
        max_frontier: stats.counters.max_frontier,
        iterations: u64::from(stats.counters.iterations),
    };
    record.stats = cli_kit::Stats::with(stats.nodes, stats.elapsed, counters);
    record
}

/// `1 move`, `5 moves`.
pub(crate) fn counted(count: u64, noun: &str) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {noun}{plural}")
}

/// The `--stats` line.
fn stats_line(stats: &Stats) -> String {
    let counters = [
        ("nodes", stats.nodes.to_string()),
        ("expanded", stats.counters.expanded.to_string()),
        ("largest frontier", stats.counters.max_frontier.to_string()),
        ("iterations", stats.counters.iterations.to_string()),
    ];
    cli_kit::stats_line(&counters, stats.elapsed)
}

/// The moves on one line, the end of `solve`'s view (all of it with
/// `--summary`): `5 moves: up left down right up`.
fn moves_line(moves: &[Move]) -> String {
    let names: Vec<&str> = moves.iter().map(|mv| mv.name()).collect();
    match names.as_slice() {
        [] => "0 moves: the board is the goal".to_owned(),
        _ => format!(
            "{}: {}",
            counted(names.len() as u64, "move"),
            names.join(" ")
        ),
    }
}

/// `solve`'s human view: the searcher framework's `print_moves_to`, the count and the moves
/// on one line (only that line when `summary`), or why there is no
/// solution.
pub(crate) fn human(
    board: &Board,
    plan: &Plan,
    outcome: &Outcome,
    stats: bool,
    summary: bool,
) -> String {
    let tested = outcome.stats.counters.num_tested;
    let mut text = match (moves_of(outcome), outcome.status) {
        (Some(moves), _) if summary => format!("{}\n", moves_line(moves)),
        (Some(moves), _) => format!(
            "{}{}, {} tested\n{}\n",
            moves_view(board, moves),
            counted(moves.len() as u64, "move"),
            counted(tested, "state"),
            moves_line(moves),
        ),
        (None, crate::Status::Limit(Limit::Depth)) => format!(
            "no solution within the depth limit of {}, {} tested\n",
            counted(u64::from(plan.options.depth_limit.unwrap_or(0)), "move"),
            counted(tested, "state"),
        ),
        (None, crate::Status::Limit(limit)) => {
            let greedy = match plan.options.algorithm {
                SearchAlgorithm::Greedy => "",
                _ => ", or try --algo greedy for a path that need not be shortest",
            };
            let kind = limit.name();
            format!(
                "{kind} limit reached before a solution, {} tested (raise --{kind}-limit{greedy})\n",
                counted(tested, "state"),
            )
        }
        (None, _) => format!(
            "{} cannot reach {}: unsolvable (the parity of the tiles differs), no search made\n",
            board.to_line(),
            plan.goal.to_line()
        ),
    };
    if stats && outcome.status != crate::Status::Unsolvable {
        text.push_str(&stats_line(&outcome.stats));
        text.push('\n');
    }
    text
}

/// The searcher framework's `process_file` line: `142358607: 5 moves, 26 states tested`.
pub(crate) fn batch_line(board: &Board, outcome: &Outcome, stats: bool) -> String {
    let tested = counted(outcome.stats.counters.num_tested, "state");
    let board = board.to_line();
    let mut line = match (moves_of(outcome), outcome.status) {
        (Some(moves), _) => format!(
            "{board}: {}, {tested} tested",
            counted(moves.len() as u64, "move")
        ),
        (None, crate::Status::Limit(Limit::Depth)) => {
            format!("{board}: no solution within the depth limit, {tested} tested")
        }
        (None, crate::Status::Limit(limit)) => {
            format!("{board}: {} limit reached, {tested} tested", limit.name())
        }
        (None, _) => format!("{board}: unsolvable"),
    };
    if stats && outcome.status != crate::Status::Unsolvable {
        line.push_str(&format!(" ({})", stats_line(&outcome.stats)));
    }
    line
}

/// Checks one record with the library's independent [`check`]: for
/// `solved`, the moves are legal, lead from `board` to `goal` (blank first
/// when absent), and agree with `solution` and `num_moves`; for
/// `unsolvable`, the inversion rule agrees. Nothing to verify otherwise.
pub fn check_record(record: &EightRecord) -> Result<Verified, String> {
    let fields = &record.fields;
    match record.status {
        Status::Solved => {
            let (board, goal) = boards_of(fields)?;
            let names = fields.moves.as_ref().ok_or("no \"moves\" list")?;
            let moves = names
                .iter()
                .enumerate()
                .map(|(index, name)| {
                    name.parse::<Move>()
                        .map_err(|error| format!("move {}: {error}", index + 1))
                })
                .collect::<Result<Vec<Move>, String>>()?;
            check::solution(&board, &goal, &moves).map_err(|error| error.to_string())?;
            let listed = names.join(" ");
            if let Some(solution) = &record.solution
                && *solution != listed
            {
                return Err(format!(
                    "\"solution\" {solution:?} does not match the \"moves\" list"
                ));
            }
            match fields.num_moves {
                None => Err("no \"num_moves\" count".to_owned()),
                Some(count) if count != moves.len() as u64 => Err(format!(
                    "num_moves is {count} but {} moves are listed",
                    moves.len()
                )),
                Some(_) => Ok(Verified::Solution),
            }
        }
        Status::Unsolvable => {
            let (board, goal) = boards_of(fields)?;
            check::no_solution(&board, &goal).map_err(|error| error.to_string())?;
            Ok(Verified::NoSolution)
        }
        Status::Limit | Status::Invalid => Ok(Verified::Nothing),
    }
}

/// The record's board and goal (the blank first when absent).
fn boards_of(fields: &Fields) -> Result<(Board, Board), String> {
    let text = fields.board.as_deref().ok_or("no \"board\" string")?;
    let board: Board = text.parse().map_err(|error| format!("board: {error}"))?;
    let goal = match &fields.goal {
        Some(text) => text.parse().map_err(|error| format!("goal: {error}"))?,
        None => Board::goal(board.size()),
    };
    Ok((board, goal))
}
