//! What the `sudoku` binary writes and reads, on cli-kit's contract (the
//! `cli` feature): the JSON record of each puzzle ([`SudokuRecord`], the
//! envelope with [`SudokuFields`] flattened in), the human views of
//! `solve` ([`View`]), and the mapping of a record read back by `check`
//! onto the independent checker ([`check_record`]).

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

use cli_kit::{Count, Input, Record, Report, Verified};
use serde::{Deserialize, Serialize};

use crate::check::{Claim, Verdict, check_claim};
use crate::dead_end::{DeadEnd, dead_end};
use crate::error::ParseError;
use crate::explain::{Candidates, Invalid, Path as SolvingPath, Rating, explain, unique_solution};
use crate::grid::{Parsed, Sudoku, parse_puzzles};
use crate::options::{Algo, Limit, Options, Outcome, Status};
use crate::solve::{solve, solve_and_tell_unique};

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
    /// Whether the record was read from `solve`'s human view ([`claims`]),
    /// which shows no puzzle: `puzzle` is then empty and the givens
    /// unknown.
    #[serde(skip)]
    pub from_view: bool,
}

/// One puzzle's JSON line: the solution is the 81-character line form.
pub type SudokuRecord = Record<SudokuFields, String>;

/// The name [`read_input`] gives a puzzle written as the argument, in
/// messages (as cli-kit names stdin `<stdin>`).
pub const ARGUMENT: &str = "<argument>";

/// What `solve` reads: the file `arg` names when it exists; else `arg`
/// itself when it reads as puzzles (`sudoku solve '4...3....'`), named
/// [`ARGUMENT`]; else an error saying that both were tried. Without `arg`
/// (or with `-`), stdin, and when stdin is a terminal a line on stderr
/// first says that puzzles are awaited there and how to end them.
pub fn read_input(arg: Option<&Path>) -> anyhow::Result<Input> {
    let Some(arg) = arg.filter(|arg| arg.as_os_str() != "-") else {
        if std::io::stdin().is_terminal() {
            eprintln!("{WAITING}");
        }
        return Input::stdin();
    };
    if arg.exists() {
        return Input::read(Some(arg));
    }
    let Some(text) = arg.to_str() else {
        return Input::read(Some(arg));
    };
    let puzzles = parse_puzzles(text);
    let why = match puzzles
        .iter()
        .find_map(|parsed| parsed.result.as_ref().err())
    {
        Some(error) => error.clone(),
        None if puzzles.is_empty() => ParseError::no_puzzle_in(text),
        None => {
            return Ok(Input {
                name: ARGUMENT.to_owned(),
                text: text.to_owned(),
            });
        }
    };
    anyhow::bail!("'{text}' is neither a file (there is none of that name) nor a puzzle ({why})")
}

/// What `solve` says on stderr when it waits for puzzles at a terminal.
pub const WAITING: &str = "sudoku: reading puzzles from stdin (one per line, or grids of rows); \
end with Ctrl-D, or give a FILE or a puzzle as the argument";

/// A puzzle's answer as `solve` reports it: the library's outcome and what
/// the command line adds to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// What [`solve`] found.
    pub outcome: Outcome,
    /// When solved and asked for: whether the solution is unique, by
    /// [`solve_and_tell_unique`] (`None` when a limit stopped its count).
    pub unique: Option<bool>,
    /// When unsolvable: where propagation fails, if it does ([`dead_end`]).
    pub dead_end: Option<DeadEnd>,
}

impl cli_kit::Outcome for Answer {
    fn status(&self) -> cli_kit::Status {
        self.outcome.status.into()
    }
}

/// Solves a puzzle of a batch, or says why it could not be read: the
/// `solve` of [`cli_kit::Batch::run`]. With `tell_unique` a solved puzzle
/// is told unique or not ([`solve_and_tell_unique`]: the outcome and its
/// stats are [`solve`]'s); an unsolvable one is looked at for
/// where it fails ([`dead_end`]).
pub fn solve_parsed(
    parsed: &Parsed,
    options: &Options,
    tell_unique: bool,
) -> Result<Answer, String> {
    let sudoku = parsed.result.as_ref().map_err(ToString::to_string)?;
    let (outcome, unique) = if tell_unique {
        solve_and_tell_unique(sudoku, options)
    } else {
        (solve(sudoku, options), None)
    };
    let dead_end = match outcome.status {
        Status::Unsolvable => dead_end(sudoku),
        _ => None,
    };
    Ok(Answer {
        outcome,
        unique,
        dead_end,
    })
}

/// The record of a puzzle of a batch: its outcome, or why it could not be
/// read. `counting` adds `count` and `count_complete`. A solution is
/// written only with status `solved`: a count stopped at a limit keeps the
/// first solution to itself.
pub fn record(parsed: &Parsed, result: Result<&Answer, &str>, counting: bool) -> SudokuRecord {
    let record = match result {
        Ok(Answer {
            outcome, unique, ..
        }) => {
            let fields = SudokuFields {
                puzzle: match &parsed.result {
                    Ok(sudoku) => sudoku.to_line(),
                    Err(_) => parsed.text.clone(),
                },
                count: counting.then_some(Count {
                    count: outcome.count,
                    complete: outcome.count_complete,
                }),
                algo: Some(outcome.stats.algo),
                unique: *unique,
                from_view: false,
            };
            let mut record = Record::ended(outcome.status, fields);
            if outcome.status == Status::Solved {
                record.solution = outcome.solution.as_ref().map(Sudoku::to_line);
            }
            record.stats = cli_kit::Stats {
                nodes: outcome.stats.nodes,
                micros: outcome.stats.micros,
                extra: cli_kit::NoFields {},
            };
            record
        }
        Err(message) => Record::invalid(
            message,
            SudokuFields {
                puzzle: parsed.text.clone(),
                ..SudokuFields::default()
            },
        ),
    };
    record.at_line(Some(parsed.line))
}

/// The record of `sudoku solve --json` for a front end other than the
/// binary (the Python package): the same [`solve_and_tell_unique`] (or,
/// `counting`, the count) and the same [`record`].
impl cli_kit::SolveRecord for Sudoku {
    type Fields = SudokuFields;
    type Json = String;
    type Counters = cli_kit::NoFields;

    fn solve_record(
        &self,
        options: &Options,
        counting: bool,
    ) -> Result<(Outcome, SudokuRecord), String> {
        let (outcome, unique) = if counting {
            (solve(self, options), None)
        } else {
            solve_and_tell_unique(self, options)
        };
        let answer = Answer {
            outcome,
            unique,
            dead_end: None,
        };
        let parsed = Parsed {
            line: 1,
            text: String::new(),
            result: Ok(self.clone()),
        };
        let record = record(&parsed, Ok(&answer), counting).at_line(None);
        Ok((answer.outcome, record))
    }

    fn invalid_record(text: &str, error: &str) -> SudokuRecord {
        Record::invalid(
            error,
            SudokuFields {
                puzzle: text.to_owned(),
                ..SudokuFields::default()
            },
        )
    }
}

/// `sudoku check` for a front end other than the binary: its reading
/// ([`claims`]) and [`check_record`], against this puzzle.
impl cli_kit::CheckSolution for Sudoku {
    fn check_text(&self, text: &str) -> Result<Vec<Verified>, (usize, String)> {
        let line = self.to_line();
        cli_kit::verify_claims(claims(text), |mut record| {
            if record.fields.from_view {
                // A human view shows no puzzle: it is this one.
                record.fields.puzzle = line.clone();
                record.fields.from_view = false;
            } else if record.fields.puzzle != line {
                return Err(format!(
                    "the record is of the puzzle {}, not of {line}",
                    record.fields.puzzle
                ));
            }
            check_record(&record)
        })
    }
}

/// How `solve` shows its results: JSON lines, or the human view (a grid,
/// `no solution` or `node limit reached before an answer` (naming the
/// limit), then the `--count`
/// and `--stats` lines; in a batch each puzzle under `# line N: status`
/// and followed by a blank line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct View {
    /// JSON lines instead of the human view.
    pub json: bool,
    /// Grids drawn with box-drawing characters.
    pub pretty: bool,
    /// The `--stats` line.
    pub stats: bool,
    /// The solution limit when counting (`--count --limit N`).
    pub count_limit: Option<u64>,
    /// Whether the input holds more than one puzzle (the `# line` headers).
    pub several: bool,
    /// Whether solutions show their puzzle's givens in bold (ANSI escapes):
    /// see [`bold_givens`].
    pub bold_givens: bool,
}

/// Whether `solve` marks the givens in bold: only when stdout is a terminal
/// (`stdout_is_terminal`) and `NO_COLOR` (`no_color`, its value) is unset
/// or empty, as <https://no-color.org> asks.
pub fn bold_givens(stdout_is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    stdout_is_terminal && no_color.is_none_or(|value| value.is_empty())
}

impl Report<Parsed, Answer> for View {
    fn write(
        &mut self,
        out: &mut dyn Write,
        parsed: &Parsed,
        result: Result<&Answer, &str>,
    ) -> anyhow::Result<()> {
        if self.json {
            return record(parsed, result, self.count_limit.is_some()).write_line(out);
        }
        let Ok(Answer {
            outcome,
            unique,
            dead_end,
        }) = result
        else {
            if self.several {
                writeln!(out, "# line {}: invalid (see stderr)\n", parsed.line)?;
            }
            return Ok(());
        };
        if self.several {
            writeln!(out, "# line {}: {}", parsed.line, outcome.status)?;
        }
        match (&outcome.solution, outcome.status, &parsed.result) {
            (Some(solution), Status::Solved, Ok(puzzle)) if self.bold_givens => {
                writeln!(out, "{}", solution.marked(puzzle, self.pretty))?;
            }
            (Some(solution), Status::Solved, _) if self.pretty => {
                writeln!(out, "{}", solution.pretty())?;
            }
            (Some(solution), Status::Solved, _) => writeln!(out, "{solution}")?,
            (_, Status::Limit(limit), _) => {
                writeln!(out, "{limit} limit reached before an answer")?
            }
            _ => match dead_end {
                Some(dead_end) => writeln!(out, "no solution: {dead_end}")?,
                None => writeln!(out, "no solution")?,
            },
        }
        if let Some(unique) = unique {
            writeln!(out, "{}", unique_line(*unique))?;
        }
        if let Some(limit) = self.count_limit {
            writeln!(out, "{}", count_line(outcome, limit))?;
        }
        if self.stats {
            let counters = [
                ("nodes", outcome.stats.nodes.to_string()),
                ("algo", outcome.stats.algo.to_string()),
            ];
            let time = Duration::from_micros(outcome.stats.micros);
            writeln!(out, "{}", cli_kit::stats_line(&counters, time))?;
        }
        if self.several {
            writeln!(out)?;
        }
        Ok(())
    }
}

/// The human line of a solved puzzle's uniqueness: `unique: yes`, or
/// `unique: no, the puzzle has another solution` (as gogen words it).
pub fn unique_line(unique: bool) -> &'static str {
    if unique {
        "unique: yes"
    } else {
        "unique: no, the puzzle has another solution"
    }
}

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

/// The records on `check`'s input: JSON lines as `solve --json` writes
/// them, or else `solve`'s human view read back, each item as the record it
/// stands for (its puzzle unknown, since the view shows none): a grid
/// (plain or `--pretty`, bold givens or not) is a solution, `no solution`
/// and `... limit reached before an answer` those statuses, the `unique:`
/// and `solutions:` lines belong to the item above them, a
/// `# line N:` header gives the input line of the item below it, and
/// `stats:` lines say nothing to check.
pub fn claims(text: &str) -> cli_kit::Claims<SudokuFields, String, cli_kit::NoFields> {
    if text.lines().any(|line| line.trim_start().starts_with('{')) {
        return cli_kit::json_records(text);
    }
    let lines: Vec<String> = text.lines().map(plain).collect();
    let mut claims: cli_kit::Claims<SudokuFields, String, cli_kit::NoFields> = Vec::new();
    let mut input_line = None;
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index].trim();
        index += 1;
        let number = index;
        if line.is_empty() || line.starts_with("stats:") {
            continue;
        }
        if let Some(header) = line.strip_prefix("# line ") {
            // An invalid puzzle's header stands alone: nothing follows it.
            input_line = match header.split_once(':') {
                Some((_, status)) if status.trim().starts_with("invalid") => None,
                Some((number, _)) => number.trim().parse().ok(),
                None => None,
            };
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        if let Some(status) = view_status(line) {
            let record = status.map(|status| {
                let fields = SudokuFields {
                    from_view: true,
                    ..SudokuFields::default()
                };
                Record::ended(status, fields).at_line(input_line.take())
            });
            claims.push((number, record));
            continue;
        }
        if let Some(unique) = unique_of(line) {
            match claims.last_mut() {
                Some((_, Ok(record))) if record.fields.unique.is_none() => {
                    record.fields.unique = Some(unique);
                }
                Some((_, Err(_))) => {}
                _ => claims.push((
                    number,
                    Err(format!("column 1: \"{line}\" with no grid above it")),
                )),
            }
            continue;
        }
        if let Some(count) = line.strip_prefix("solutions:") {
            match (claims.last_mut(), count_of(count)) {
                (Some((_, Ok(record))), Some(count)) if record.fields.count.is_none() => {
                    record.fields.count = Some(count);
                }
                (Some((_, Err(_))), _) => {}
                _ => claims.push((
                    number,
                    Err(format!(
                        "column 1: \"{line}\" is not a count of the grid or status above it"
                    )),
                )),
            }
            continue;
        }
        // A grid: this line and the next up to a blank line or a line of
        // another kind, read as a puzzle at its own lines and columns.
        let start = index - 1;
        while index < lines.len() && is_grid_line(&lines[index]) {
            index += 1;
        }
        let text = format!("{}{}", "\n".repeat(start), lines[start..index].join("\n"));
        let record = Sudoku::parse(&text)
            .map_err(|error| format!("solve's grid: {error}"))
            .and_then(|grid| match first_blank(&lines[start..index]) {
                None => Ok(grid),
                Some((row, column, blank)) => Err(format!(
                    "solve's grid: line {}, column {column}: a blank cell ('{blank}'), which \
                     a solution has none of",
                    start + row + 1
                )),
            })
            .map(|grid| {
                let fields = SudokuFields {
                    from_view: true,
                    ..SudokuFields::default()
                };
                let mut record = Record::ended(Status::Solved, fields).at_line(input_line.take());
                record.solution = Some(grid.to_line());
                record
            });
        claims.push((number, record));
    }
    claims
}

/// The first blank of a grid's lines: its 0-based line among them, its
/// 1-based column and the blank symbol.
fn first_blank(lines: &[String]) -> Option<(usize, usize, char)> {
    lines.iter().enumerate().find_map(|(row, line)| {
        line.chars()
            .enumerate()
            .find(|&(_, c)| matches!(c, '.' | '0' | '_'))
            .map(|(column, c)| (row, column + 1, c))
    })
}

/// A line of the human view without the bold of the givens, with the
/// frame of `--pretty` in the characters a drawn grid is read with (`|`,
/// `-`, `.`), each one character for one so that columns stay the same.
fn plain(line: &str) -> String {
    line.replace(BOLD_ON, "")
        .replace(BOLD_OFF, "")
        .chars()
        .map(|c| match c {
            '│' => '|',
            '·' => '.',
            '─' | '┬' | '┼' | '┴' | '┌' | '┐' | '├' | '┤' | '└' | '┘' => '-',
            c => c,
        })
        .collect()
}

/// The bold of a given, as a terminal shows it (and a copy of it keeps).
const BOLD_ON: &str = "\x1b[1m";
const BOLD_OFF: &str = "\x1b[0m";

/// Whether a line goes on a grid begun above it: not blank, not a status,
/// uniqueness, count, stats or header line.
fn is_grid_line(line: &str) -> bool {
    let line = line.trim();
    !(line.is_empty()
        || line.starts_with('#')
        || line.starts_with("stats:")
        || line.starts_with("solutions:")
        || unique_of(line).is_some()
        || view_status(line).is_some())
}

/// The status a line of the human view states: `no solution` (with where
/// it fails or not), or `node limit reached before an answer` (the limit
/// named first; a name that is no limit is an error at column 1).
fn view_status(line: &str) -> Option<Result<Status, String>> {
    if line == "no solution" || line.starts_with("no solution:") {
        return Some(Ok(Status::Unsolvable));
    }
    let name = line.strip_suffix(" limit reached before an answer")?;
    Some(
        name.parse::<Limit>()
            .map(Status::Limit)
            .map_err(|error| format!("column 1: {error}")),
    )
}

/// The uniqueness a line states: `unique: yes`, or `unique: no, ...`.
fn unique_of(line: &str) -> Option<bool> {
    if line == unique_line(true) {
        Some(true)
    } else if line.starts_with("unique: no") {
        Some(false)
    } else {
        None
    }
}

/// The count of a `solutions:` line ([`count_line`]): `1 (unique)` and
/// `3` are complete, `2 or more (limit 2)` and `92 found before the node
/// limit` lower bounds.
fn count_of(text: &str) -> Option<Count> {
    let text = text.trim();
    let (number, rest) = text.split_once(' ').unwrap_or((text, ""));
    let count = number.parse().ok()?;
    let complete = match rest {
        "" | "(unique)" => true,
        rest if rest.starts_with("or more (limit ") || rest.starts_with("found before the ") => {
            false
        }
        _ => return None,
    };
    Some(Count { count, complete })
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
    if record.fields.from_view {
        return check_view_record(record, status).map_err(|error| format!("{at}{error}"));
    }
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

/// The check of a record read from the human view, whose puzzle is
/// unknown: a solution against an empty grid of its size (the rules, not
/// the givens), a count against its status; a claim of no solution or of a
/// limit has nothing to be tested against.
fn check_view_record(record: &SudokuRecord, status: Status) -> Result<Verified, String> {
    if record.fields.unique.is_some() && status != Status::Solved {
        return Err(format!(
            "\"unique\" with status \"{}\": only a solved puzzle has a unique solution or not",
            status.name()
        ));
    }
    let solution = match record.solution.as_deref().map(Sudoku::from_line) {
        Some(Ok(solution)) => solution,
        Some(Err(error)) => return Err(format!("solution is not valid: {error}")),
        None => return Ok(Verified::Nothing),
    };
    let side = solution.side();
    let empty = Sudoku::from_values(side, &vec![0; side * side])
        .map_err(|error| format!("solution is not valid: {error}"))?;
    let claim = Claim {
        puzzle: &empty,
        status,
        solution: Some(&solution),
        count: record
            .fields
            .count
            .map(|count| (count.count, count.complete)),
    };
    match check_claim(&claim) {
        Ok(Verdict::Solution) => Ok(Verified::Solution),
        Ok(_) => Ok(Verified::Nothing),
        Err(error) => Err(error.to_string()),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Stats;

    fn outcome(status: Status, count: u64) -> Outcome {
        Outcome {
            status,
            solution: None,
            count,
            count_complete: status.limit().is_none(),
            stats: Stats::default(),
        }
    }

    #[test]
    fn givens_are_bold_only_at_a_terminal_without_no_color() {
        use std::ffi::OsStr;
        assert!(bold_givens(true, None));
        assert!(bold_givens(true, Some(OsStr::new(""))));
        assert!(!bold_givens(true, Some(OsStr::new("1"))));
        assert!(!bold_givens(false, None));
        let parsed = &parse_puzzles(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )[0];
        let answer = solve_parsed(parsed, &Options::default(), false).unwrap();
        let mut out = Vec::new();
        let mut view = View {
            bold_givens: true,
            ..View::default()
        };
        view.write(&mut out, parsed, Ok(&answer)).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with("\x1b[1m5\x1b[0m \x1b[1m3\x1b[0m 4 |"),
            "{text}"
        );
        view.bold_givens = false;
        let mut plain = Vec::new();
        view.write(&mut plain, parsed, Ok(&answer)).unwrap();
        assert_eq!(
            String::from_utf8(plain).unwrap(),
            text.replace("\x1b[1m", "").replace("\x1b[0m", "")
        );
    }

    #[test]
    fn solve_tells_uniqueness_apart_from_its_stats_and_check_wants_it_solved() {
        let parsed = &parse_puzzles(&".".repeat(81))[0];
        for &algo in Algo::ALL {
            let options = Options::new(algo).node_limit(10_000);
            let alone = solve(parsed.result.as_ref().unwrap(), &options);
            let answer = solve_parsed(parsed, &options, true).unwrap();
            // BFS reaches its node limit on an empty grid: nothing to tell.
            let told = (alone.status == Status::Solved).then_some(false);
            assert_eq!(answer.unique, told, "{algo}");
            assert_eq!(answer.outcome.stats.nodes, alone.stats.nodes, "{algo}");
            let without = solve_parsed(parsed, &options, false).unwrap();
            assert_eq!(without.unique, None);
        }
        let answer = solve_parsed(parsed, &Options::default(), true).unwrap();
        let mut record = record(parsed, Ok(&answer), false);
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

/// `sudoku rate`'s own fields of a record: serate's three ratings, the
/// hardest step's technique and the steps on the path (none when the
/// puzzle was not rated).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Rated {
    #[serde(skip_serializing_if = "Option::is_none")]
    er: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ep: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ed: Option<f64>,
    /// The hardest step's technique.
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<String>,
    /// Steps on the path.
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<usize>,
}

/// A puzzle of a batch as `sudoku rate` rates it: the record it writes
/// with `--json` (`line` unset), and for its human view the grid's line and
/// the ratings.
#[derive(Debug, Clone)]
pub struct RateOutcome {
    /// The puzzle's 81-character line.
    pub line_text: String,
    /// The JSON record.
    pub record: Record<Rated>,
    /// ER, EP and ED, when rated.
    pub ratings: Option<(Rating, Rating, Rating)>,
}

impl cli_kit::Outcome for RateOutcome {
    fn status(&self) -> cli_kit::Status {
        self.record.status
    }
}

/// One step of a solving path as `sudoku explain --json` writes it, one
/// JSON line: `{line, step, technique, rating, placements, eliminations,
/// cells, text}` (placements `r4c7=5`, eliminations `r4c7-5`). The
/// explorer and the command line write steps through it, so they agree.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepRecord {
    /// The puzzle's line in its input.
    pub line: usize,
    /// The step's number in the path, from 1.
    pub step: usize,
    /// The technique's name.
    pub technique: String,
    /// Its Sudoku Explainer rating.
    pub rating: f64,
    /// The digits it places.
    pub placements: Vec<String>,
    /// The candidates it removes.
    pub eliminations: Vec<String>,
    /// The cells that justify it.
    pub cells: Vec<String>,
    /// The sentence a person reads.
    pub text: String,
}

impl StepRecord {
    /// Step `number` (from 1) of the path of the puzzle on `line`.
    pub fn new(line: usize, number: usize, step: &crate::explain::Step) -> Self {
        use crate::explain::candidates::cell_name;
        StepRecord {
            line,
            step: number,
            technique: step.technique.name(),
            rating: step.rating.as_f64(),
            placements: step
                .placements
                .iter()
                .map(|&(cell, digit)| format!("{}={digit}", cell_name(cell)))
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|&(cell, digit)| format!("{}-{digit}", cell_name(cell)))
                .collect(),
            cells: step.cells.iter().map(|&cell| cell_name(cell)).collect(),
            text: step.text.clone(),
        }
    }
}

/// The solving path of `grid` and its unique solution, or why it has none
/// to rate.
///
/// # Errors
///
/// [`Invalid`]: no solution, several, or givens that clash.
pub fn rate_grid(grid: &Candidates) -> Result<(SolvingPath, [u8; 81]), Invalid> {
    let solution = unique_solution(grid)?;
    Ok((explain(grid)?, solution))
}

/// Rates one puzzle of a batch, the `rate` of `sudoku rate`'s batch and of
/// the Python package (Dask's `sudoku-rate`): the record is `solved` with
/// the unique solution (ER 20.0 when the techniques got stuck, as serate),
/// or `invalid` with the reason; `stats.nodes` counts the steps.
///
/// # Errors
///
/// A puzzle that could not be read, or is not 9x9: the message of its
/// `invalid` record ([`rate_invalid`]).
pub fn rate_parsed(parsed: &Parsed) -> Result<RateOutcome, String> {
    let sudoku = parsed.result.as_ref().map_err(|e| e.to_string())?;
    if sudoku.side() != 9 {
        return Err(format!(
            "line {}: rating is for 9x9 puzzles only",
            parsed.line
        ));
    }
    let values: [u8; 81] = sudoku
        .values()
        .try_into()
        .map_err(|_| "not 81 cells".to_string())?;
    let grid = Candidates::from_values(&values);
    let start = std::time::Instant::now();
    let outcome = rate_grid(&grid);
    let ratings = outcome.as_ref().ok().map(|(p, _)| (p.er, p.ep, p.ed));
    let record = rate_record(&outcome, start);
    Ok(RateOutcome {
        line_text: grid.to_line(),
        record,
        ratings,
    })
}

/// The record of a rating (`rate` and `explain --json`): `solved` with the
/// unique solution (ER 20.0 when the techniques got stuck, as serate), or
/// `invalid` with the reason; `stats.nodes` counts the steps, `micros` the
/// time since `start`.
pub fn rate_record(
    outcome: &Result<(SolvingPath, [u8; 81]), Invalid>,
    start: std::time::Instant,
) -> Record<Rated> {
    match outcome {
        Ok((path, solution)) => {
            let fields = Rated {
                er: Some(path.er.as_f64()),
                ep: Some(path.ep.as_f64()),
                ed: Some(path.ed.as_f64()),
                hardest: path.hardest().map(|s| s.technique.name()),
                steps: Some(path.steps.len()),
            };
            let mut record = Record::new(cli_kit::Status::Solved, fields);
            record.solution = Some(solution.iter().map(|d| (b'0' + d) as char).collect());
            record.stats = cli_kit::Stats::new(path.steps.len() as u64, start.elapsed());
            record
        }
        Err(reason) => {
            let mut record = Record::invalid(reason, Rated::default());
            record.stats = cli_kit::Stats::new(0, start.elapsed());
            record
        }
    }
}

/// The record `sudoku rate --json` writes for a puzzle it could not read.
pub fn rate_invalid(message: &str) -> Record<Rated> {
    Record::invalid(message, Rated::default())
}
