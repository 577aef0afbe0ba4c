//! What the front ends show of a sudoku solve, on cli-kit's application
//! traits (the `app` feature, no command-line parsing): the JSON record of
//! each puzzle ([`SudokuRecord`], the envelope with [`SudokuFields`]
//! flattened in), the human view of `solve` (a grid, its givens in bold on
//! a terminal, the `unique:`, `solutions:` and `stats:` lines, in a batch
//! the `# line N:` headers), the SVG picture and the board as data
//! ([`Show`]), the `--compare` rows ([`Compare`]), how a batch is read
//! ([`App`]: one item per puzzle of [`parse_puzzles`](crate::parse_puzzles)) and `check`'s
//! verdict on a record by the independent checker ([`Verify`]).

use std::io::{self, Write};
use std::time::Duration;

use cli_kit::app::{Board, Cell, Compare, Show, Verify, ViewFlags, unique_line};
use cli_kit::front::{Front, Own, Refusal, Setting, only_with, read_setting, refuse_unknown};
use cli_kit::{App, Count, Input, Item, Record, Verified};
use serde::{Deserialize, Serialize};

use crate::check::{Claim, Verdict, check_claim};
use crate::dead_end::dead_end;
use crate::options::{Algo, Limit, Options, Outcome, Stats, Status};
use crate::puzzle::{Parsed, Sudoku};
use crate::solve::{solve, solve_and_tell_unique, unique_within_budget};

/// The fields of a sudoku record beside cli-kit's envelope (`line`,
/// `status`, `solution`, `error`, `stats`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SudokuFields {
    /// The puzzle in one-line form (as written, when it could not be read).
    pub puzzle: String,
    /// `count` and `count_complete`, when counting was asked for.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
    /// The algorithm that ran (absent when the puzzle could not be read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algo: Option<Algo>,
    /// Whether the solution is the only one: a separate count to 2 after
    /// the solve (see [`crate::unique`]), present when solved without
    /// `--count` and the count could tell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
}

/// One puzzle's JSON line: the solution is the 81-character line form.
pub type SudokuRecord = Record<SudokuFields, String>;

/// The human line of `--count`: `solutions: 1 (unique)`, `solutions: 2 or
/// more (limit 2)`, `solutions: 92 found before the node limit` (a node,
/// frontier or memory limit: a lower bound), else `solutions: N`.
pub fn count_line(outcome: &Outcome, limit: u64) -> String {
    let count = outcome.count;
    match outcome.status {
        Status::Limit(which) => format!("solutions: {count} found before the {which} limit"),
        _ if count == 1 && limit > 1 => "solutions: 1 (unique)".to_owned(),
        _ if count >= limit && limit > 1 => format!("solutions: {count} or more (limit {limit})"),
        _ => format!("solutions: {count}"),
    }
}

/// The `check` of one record, for [`cli_kit::run_check`]: the puzzle and
/// solution read back, then [`check_claim`] (the rules, an independent
/// search for an "unsolvable" claim, the count against the status). A
/// failure names the input line of the puzzle when the record has one.
pub fn check_record(record: &SudokuRecord) -> Result<Verified, String> {
    let at = match record.line {
        Some(line) => format!("(puzzle of input line {line}) "),
        None => String::new(),
    };
    let status = match (record.status, record.limit) {
        (cli_kit::Status::Invalid, _) => return Ok(Verified::Nothing),
        (cli_kit::Status::Solved, _) => Status::Solved,
        (cli_kit::Status::Unsolvable, _) => Status::Unsolvable,
        (cli_kit::Status::Limit, Some(limit)) => {
            limit_applies(limit, record.fields.algo).map_err(|error| format!("{at}{error}"))?;
            Status::Limit(limit)
        }
        // The envelope check, run before this one, rejects it.
        (cli_kit::Status::Limit, None) => {
            return Err(format!(
                "{at}status \"limit\" but no \"limit\" saying which"
            ));
        }
    };
    if record.fields.unique.is_some() && status != Status::Solved {
        return Err(format!(
            "{at}\"unique\" with status \"{}\": only a solved puzzle has a unique solution or not",
            status.name()
        ));
    }
    let puzzle = Sudoku::from_line(&record.fields.puzzle)
        .map_err(|error| format!("{at}puzzle is not valid: {error}"))?;
    let solution = record
        .solution
        .as_deref()
        .map(Sudoku::from_line)
        .transpose()
        .map_err(|error| format!("{at}solution is not valid: {error}"))?;
    let claim = Claim {
        puzzle: &puzzle,
        status,
        solution: solution.as_ref(),
        count: record
            .fields
            .count
            .map(|count| (count.count, count.complete)),
    };
    match check_claim(&claim) {
        Ok(Verdict::Solution) => Ok(Verified::Solution),
        Ok(Verdict::NoSolution) => Ok(Verified::NoSolution),
        Ok(Verdict::Nothing) => Ok(Verified::Nothing),
        Err(error) => Err(format!("{at}{error}")),
    }
}

/// Whether `solve` can stop `algo` (when the record names it) at `limit`:
/// any algorithm at the node and time limits, BFS at its frontier limit,
/// BFS and csp (also for the sizes fast hands to csp) at the memory limit;
/// sudoku has no depth limit.
fn limit_applies(limit: Limit, algo: Option<Algo>) -> Result<(), String> {
    let applies = match limit {
        Limit::Node | Limit::Time => true,
        Limit::Frontier => algo.is_none_or(|algo| algo == Algo::Bfs),
        Limit::Memory => algo.is_none_or(|algo| matches!(algo, Algo::Bfs | Algo::Csp)),
        Limit::Depth => false,
    };
    if applies {
        return Ok(());
    }
    Err(match algo {
        Some(algo) if limit != Limit::Depth => {
            format!("status \"limit\" with a {limit} limit, which --algo {algo} does not have")
        }
        _ => format!("status \"limit\" with a {limit} limit, which sudoku does not have"),
    })
}

/// A puzzle and how solving it ended: what the driver hands the view.
pub type Solved = cli_kit::app::Solved<Sudoku>;

/// The view options that are sudoku's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SudokuView {
    /// Grids drawn with box-drawing characters (`--pretty`).
    pub pretty: bool,
    /// Whether the input holds more than one puzzle (the `# line` headers).
    pub several: bool,
    /// The solution limit of `--count` (`--limit`, 2 unless it says).
    pub limit: u64,
}

impl Show for Sudoku {
    type Json = String;
    type Fields = SudokuFields;
    type Counters = cli_kit::NoFields;
    type View = SudokuView;

    fn record(solved: &Solved, counting: bool) -> SudokuRecord {
        let outcome = &solved.outcome;
        let fields = SudokuFields {
            puzzle: solved.puzzle.to_line(),
            count: counting.then_some(Count {
                count: outcome.count,
                complete: outcome.count_complete,
            }),
            algo: Some(outcome.stats.counters.algo),
            unique: solved.unique.and_then(Result::ok),
        };
        Record {
            solution: solved.solution().map(Sudoku::to_line),
            stats: cli_kit::Stats::new(outcome.stats.nodes, outcome.stats.elapsed),
            ..Record::ended(outcome.status, fields)
        }
    }

    fn write_human(
        out: &mut dyn Write,
        solved: &Solved,
        flags: &ViewFlags,
        own: &SudokuView,
    ) -> io::Result<()> {
        Self::write_item(out, None, 0, Ok(solved), flags, own)
    }

    /// A grid (its givens in bold on a terminal), `no solution` and where
    /// propagation fails if it does, or the limit; then the `unique:`,
    /// `solutions:` and `--stats` lines; in a batch each puzzle under
    /// `# line N: status` and followed by a blank line.
    fn write_item(
        out: &mut dyn Write,
        line: Option<usize>,
        _index: usize,
        result: Result<&Solved, &str>,
        flags: &ViewFlags,
        own: &SudokuView,
    ) -> io::Result<()> {
        let line = line.unwrap_or(1);
        let Ok(solved) = result else {
            if own.several {
                writeln!(out, "# line {line}: invalid (see stderr)\n")?;
            }
            return Ok(());
        };
        let outcome = &solved.outcome;
        if own.several {
            writeln!(out, "# line {line}: {}", outcome.status)?;
        }
        match (solved.solution(), outcome.status) {
            (Some(solution), _) if flags.bold_givens => {
                writeln!(out, "{}", solution.marked(&solved.puzzle, own.pretty))?;
            }
            (Some(solution), _) if own.pretty => writeln!(out, "{}", solution.pretty())?,
            (Some(solution), _) => writeln!(out, "{solution}")?,
            (None, Status::Limit(limit)) => {
                writeln!(out, "{limit} limit reached before an answer")?;
            }
            (None, Status::Unsolvable) => match dead_end(&solved.puzzle) {
                Some(dead_end) => writeln!(out, "no solution: {dead_end}")?,
                None => writeln!(out, "no solution")?,
            },
            (None, Status::Solved) => writeln!(out, "no solution")?,
        }
        if let Some(Ok(unique)) = solved.unique {
            writeln!(out, "{}", unique_line(Ok(unique)))?;
        }
        if flags.count {
            writeln!(out, "{}", count_line(outcome, own.limit))?;
        }
        if flags.stats {
            let counters = [
                ("nodes", outcome.stats.nodes.to_string()),
                ("algo", outcome.stats.counters.algo.to_string()),
            ];
            writeln!(
                out,
                "{}",
                cli_kit::stats_line(&counters, outcome.stats.elapsed)
            )?;
        }
        if own.several {
            writeln!(out)?;
        }
        Ok(())
    }

    /// A puzzle that could not be read is named as written.
    fn invalid_fields(text: &str) -> SudokuFields {
        SudokuFields {
            puzzle: text.to_owned(),
            ..SudokuFields::default()
        }
    }

    fn svg(&self, outcome: &Outcome) -> String {
        crate::svg::render_outcome(self, outcome)
    }

    fn board(&self, solution: Option<&Sudoku>) -> Board {
        let side = self.side();
        let cells = (solution.unwrap_or(self).to_line().chars())
            .zip(self.values())
            .map(|(symbol, &given)| Cell {
                text: if symbol == '.' || symbol == '0' {
                    String::new()
                } else {
                    symbol.to_string()
                },
                given: given != 0,
                black: false,
            })
            .collect();
        Board {
            rows: side,
            cols: side,
            cells,
        }
    }
}

/// `--compare`: the four algorithms, each with the frontier limit and
/// the other options of the run; the rows show nodes and time only.
impl Compare for Sudoku {
    fn compare_runs(base: &Options) -> Vec<(String, Options)> {
        Algo::ALL
            .iter()
            .map(|&algo| (algo.name().to_owned(), Options { algo, ..*base }))
            .collect()
    }

    fn compare_counters(_stats: &Stats) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    fn compare_heading(&self, line: Option<usize>, nodes: u64, time: Duration) -> String {
        let limits = cli_kit::app::limits_line(nodes, time);
        match line {
            Some(line) => format!("line {line}: {}\n{limits}", self.to_line()),
            None => format!("{}\n{limits}", self.to_line()),
        }
    }

    fn compare_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![("puzzle", self.to_line().into())]
    }

    /// `fast (csp)` when fast handed a size other than 9x9 to csp.
    fn compare_algorithm(name: String, outcome: &Outcome) -> String {
        if outcome.stats.counters.algo.name() == name {
            name
        } else {
            format!("{name} ({})", outcome.stats.counters.algo.name())
        }
    }
}

/// The puzzles of a batch as [`parse_puzzles`](crate::parse_puzzles) reads them (one-line
/// puzzles and drawn grids, `#` comments, blank lines), read once: the
/// binary hands them over as the reading, so that each item is the puzzle
/// (or the error, at its line and column) the batch parser found.
#[derive(Debug, Clone, Default)]
pub struct SudokuBatch {
    /// The puzzles, in input order.
    pub puzzles: Vec<Parsed>,
}

/// One item per puzzle of the input ([`parse_puzzles`](crate::parse_puzzles)); a solved puzzle is
/// told unique or not by [`solve_and_tell_unique`] (a count to 2 of its own,
/// in the same search for the fast engine on 9x9).
impl App for Sudoku {
    type Reading = SudokuBatch;

    /// The puzzles the batch parser read into `batch` (once: `read_item`
    /// takes each back from there).
    fn items(_input: &Input, batch: &SudokuBatch) -> Vec<Item> {
        batch
            .puzzles
            .iter()
            .map(|parsed| Item {
                line: Some(parsed.line),
                text: parsed.text.clone(),
            })
            .collect()
    }

    fn read(text: &str, _batch: &SudokuBatch) -> Result<Sudoku, String> {
        Sudoku::parse(text).map_err(|error| error.to_string())
    }

    fn read_item(item: &Item, batch: &SudokuBatch) -> Result<(Sudoku, Vec<String>), String> {
        let found = item.line.and_then(|line| {
            let index = batch
                .puzzles
                .binary_search_by_key(&line, |parsed| parsed.line)
                .ok()?;
            Some(&batch.puzzles[index])
        });
        let puzzle = match found {
            Some(parsed) => parsed.result.clone().map_err(|error| error.to_string()),
            None => Self::read(&item.text, batch),
        }?;
        Ok((puzzle, Vec::new()))
    }

    fn unique(&self, options: &Options) -> Option<Result<bool, Limit>> {
        unique_within_budget(self, options).map(Ok)
    }

    fn solve_telling(
        &self,
        options: &Options,
        tell_unique: bool,
    ) -> (Outcome, Option<Result<bool, Limit>>) {
        if tell_unique {
            let (outcome, unique) = solve_and_tell_unique(self, options);
            (outcome, unique.map(Ok))
        } else {
            (solve(self, options), None)
        }
    }
}

/// A front end's sudoku: one puzzle, and breadth-first search's frontier
/// limit.
impl Front for Sudoku {
    const TITLE: &'static str = "Sudoku";
    const SETTINGS: &'static [Setting] = &[Setting {
        name: "frontier_limit",
        takes: "a number of boards, bfs only",
        flag: "--frontier-limit",
    }];

    fn prepare(text: &str, own: Own<'_>, options: &mut Options) -> Result<Sudoku, Refusal> {
        refuse_unknown::<Sudoku>(own)?;
        for (name, value) in own {
            only_with::<Sudoku>(name, options, Algo::Bfs)?;
            options.frontier_limit = read_setting(name, value, "a number of boards")?;
        }
        Sudoku::parse(text).map_err(|error| Refusal::Puzzle(error.to_string()))
    }
}

/// `check` of a record of `solve --json`: [`check_record`], which reads the
/// puzzle the record names; beside a given puzzle (a front end's), the
/// record must name that one.
impl Verify for Sudoku {
    fn verify(given: Option<&Sudoku>, record: &SudokuRecord) -> Result<Verified, String> {
        if let Some(given) = given {
            let line = given.to_line();
            if record.fields.puzzle != line {
                return Err(format!(
                    "the record is of the puzzle {}, not of {line}",
                    record.fields.puzzle
                ));
            }
        }
        check_record(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Stats;
    use crate::puzzle::parse_puzzles;

    fn outcome(status: Status, count: u64) -> Outcome {
        Outcome {
            status,
            solution: None,
            count,
            count_complete: status.limit().is_none(),
            stats: Stats::default(),
        }
    }

    /// The human view of `text`'s first puzzle solved with `options`
    /// (uniqueness told), through the trait the driver calls.
    fn shown(text: &str, options: &Options, flags: ViewFlags) -> String {
        let puzzle = parse_puzzles(text).remove(0).result.unwrap();
        let (outcome, unique) = puzzle.solve_telling(options, true);
        let solved = Solved {
            puzzle,
            outcome,
            unique,
        };
        let mut out = Vec::new();
        Sudoku::write_human(&mut out, &solved, &flags, &SudokuView::default()).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn givens_are_bold_when_asked() {
        let puzzle =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let bold = ViewFlags {
            bold_givens: true,
            ..ViewFlags::default()
        };
        let text = shown(puzzle, &Options::default(), bold);
        assert!(
            text.starts_with("\x1b[1m5\x1b[0m \x1b[1m3\x1b[0m 4 |"),
            "{text}"
        );
        let plain = shown(puzzle, &Options::default(), ViewFlags::default());
        assert_eq!(plain, text.replace("\x1b[1m", "").replace("\x1b[0m", ""));
        assert!(plain.ends_with("unique: yes\n"), "{plain}");
    }

    #[test]
    fn solve_tells_uniqueness_apart_from_its_stats_and_check_wants_it_solved() {
        let empty = parse_puzzles(&".".repeat(81)).remove(0).result.unwrap();
        for &algo in Algo::ALL {
            let options = Options::new(algo).node_limit(10_000);
            let alone = solve(&empty, &options);
            let (outcome, unique) = empty.solve_telling(&options, true);
            // BFS reaches its node limit on an empty grid: nothing to tell.
            let told = (alone.status == Status::Solved).then_some(Ok(false));
            assert_eq!(unique, told, "{algo}");
            assert_eq!(outcome.stats.nodes, alone.stats.nodes, "{algo}");
            assert_eq!(empty.solve_telling(&options, false).1, None);
        }
        let (outcome, unique) = empty.solve_telling(&Options::default(), true);
        let solved = Solved {
            puzzle: empty,
            outcome,
            unique,
        };
        let mut record = Sudoku::record(&solved, false).at_line(Some(1));
        assert_eq!(record.fields.unique, Some(false));
        assert_eq!(check_record(&record), Ok(Verified::Solution));
        record.status = cli_kit::Status::Unsolvable;
        record.solution = None;
        assert_eq!(
            check_record(&record),
            Err(
                "(puzzle of input line 1) \"unique\" with status \"unsolvable\": only a solved \
                 puzzle has a unique solution or not"
                    .into()
            )
        );
    }

    #[test]
    fn count_lines() {
        let line = |status, count, limit| count_line(&outcome(status, count), limit);
        assert_eq!(line(Status::Solved, 1, 2), "solutions: 1 (unique)");
        assert_eq!(line(Status::Solved, 2, 2), "solutions: 2 or more (limit 2)");
        assert_eq!(line(Status::Unsolvable, 0, 2), "solutions: 0");
        assert_eq!(line(Status::Solved, 3, 10), "solutions: 3");
        assert_eq!(
            line(Status::Limit(Limit::Node), 92, 100_000),
            "solutions: 92 found before the node limit"
        );
        assert_eq!(
            line(Status::Limit(Limit::Memory), 0, 2),
            "solutions: 0 found before the memory limit"
        );
    }

    #[test]
    fn a_limit_must_be_one_the_algorithm_has() {
        assert_eq!(limit_applies(Limit::Node, Some(Algo::Fast)), Ok(()));
        assert_eq!(limit_applies(Limit::Frontier, Some(Algo::Bfs)), Ok(()));
        assert_eq!(limit_applies(Limit::Memory, Some(Algo::Csp)), Ok(()));
        assert_eq!(limit_applies(Limit::Memory, None), Ok(()));
        assert_eq!(
            limit_applies(Limit::Frontier, Some(Algo::Dfs)),
            Err("status \"limit\" with a frontier limit, which --algo dfs does not have".into())
        );
        assert_eq!(
            limit_applies(Limit::Memory, Some(Algo::Fast)),
            Err("status \"limit\" with a memory limit, which --algo fast does not have".into())
        );
        assert_eq!(limit_applies(Limit::Time, Some(Algo::Dfs)), Ok(()));
        assert_eq!(
            limit_applies(Limit::Depth, Some(Algo::Csp)),
            Err("status \"limit\" with a depth limit, which sudoku does not have".into())
        );
    }
}
