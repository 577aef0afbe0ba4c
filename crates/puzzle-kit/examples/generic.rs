//! A tool written once over every puzzle: two toy puzzles defined here
//! (the square root of a number, a factor of a number) implement
//! `puzzle_kit::Puzzle` fully, and one generic `run::<P>` parses a text,
//! solves it with the default algorithm and a node limit, checks the answer
//! with the puzzle's own checker and prints it. Each puzzle is registered
//! in one line. Only std and puzzle-kit, which has no dependencies.
//!
//! `cargo run -p puzzle-kit --example generic`

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use puzzle_kit::{Algorithm, Configure, Effort, Limit, Limits, Outcome, Puzzle, Violation};

/// The tool: any puzzle, one function.
fn run<P: Puzzle>(text: &str) {
    let puzzle: P = match text.parse() {
        Ok(puzzle) => puzzle,
        Err(error) => return println!("{} {text:?}: invalid: {error}", P::NAME),
    };
    let options = P::Options::new(P::Algo::default()).node_limit(1_000);
    let outcome = puzzle.solve(&options);
    let algo = options.algo();
    let nodes = outcome.stats.nodes();
    match &outcome.solution {
        Some(solution) if outcome.status.is_solved() => match puzzle.check(solution) {
            Ok(()) => println!(
                "{} {}: {puzzle}: {solution} ({algo}, {nodes} nodes)",
                P::NAME,
                puzzle.to_line()
            ),
            Err(error) => println!("{} {}: wrong answer: {error}", P::NAME, puzzle.to_line()),
        },
        _ => println!(
            "{} {}: {} ({algo}, {nodes} nodes)",
            P::NAME,
            puzzle.to_line(),
            outcome.status
        ),
    }
}

/// The registry: one line per puzzle.
fn tool(name: &str) -> Option<fn(&str)> {
    match name {
        Square::NAME => Some(run::<Square>),
        Factor::NAME => Some(run::<Factor>),
        _ => None,
    }
}

fn main() {
    for (name, text) in [
        ("square", "49"),
        ("square", "50"),
        ("square", "12x"),
        ("factor", "91"),
        ("factor", "97"),
        ("factor", "1000000007"),
        ("kakuro", "..."),
    ] {
        match tool(name) {
            Some(run) => run(text),
            None => println!("{name}: no such puzzle"),
        }
    }
}

// What both toy puzzles share: the number they are about, read from text,
// their options, their counters.

/// A text that is not a number, located at its line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ParseError {
    line: usize,
    column: usize,
    found: Option<char>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, column) = (self.line, self.column);
        match self.found {
            Some(c) => write!(
                f,
                "line {line}, column {column}: expected a digit, found {c:?}"
            ),
            None => write!(f, "line {line}, column {column}: expected a number"),
        }
    }
}

impl std::error::Error for ParseError {}

/// One number on one line, at most 18 digits.
fn parse_number(text: &str) -> Result<u64, ParseError> {
    let line = text.strip_suffix('\n').unwrap_or(text);
    let at = |column: usize, found| ParseError {
        line: 1,
        column,
        found,
    };
    if let Some((i, c)) = line.chars().enumerate().find(|(_, c)| !c.is_ascii_digit()) {
        return Err(at(i + 1, Some(c)));
    }
    if line.is_empty() || line.len() > 18 {
        return Err(at(1, line.chars().next()));
    }
    line.parse().map_err(|_| at(1, None))
}

/// The options of a puzzle whose algorithms are `A`.
#[derive(Debug, Clone)]
struct Options<A> {
    algo: A,
    limits: Limits,
}

impl<A: Algorithm> Configure for Options<A> {
    type Algo = A;
    fn new(algo: A) -> Self {
        Options {
            algo,
            limits: Limits::default(),
        }
    }
    fn algo(&self) -> A {
        self.algo
    }
    fn limits(&self) -> &Limits {
        &self.limits
    }
    fn limits_mut(&mut self) -> &mut Limits {
        &mut self.limits
    }
}

/// Candidates tried and the time taken.
#[derive(Debug, Clone, Default)]
struct Stats {
    nodes: u64,
    elapsed: Duration,
}

impl Effort for Stats {
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn elapsed(&self) -> Duration {
        self.elapsed
    }
}

/// Tries each candidate of `candidates` (one node each) until `count_up_to`
/// pass `test` or the limits stop it.
fn search(
    candidates: impl Iterator<Item = u64>,
    test: impl Fn(u64) -> bool,
    limits: &Limits,
) -> Outcome<u64, Stats> {
    let start = Instant::now();
    let (mut first, mut count, mut stats) = (None, 0, Stats::default());
    for candidate in candidates {
        if limits.node_limit.is_some_and(|limit| stats.nodes >= limit) {
            return stopped(first, count, Limit::Node, stats, start);
        }
        if limits
            .time_limit
            .is_some_and(|limit| start.elapsed() >= limit)
        {
            return stopped(first, count, Limit::Time, stats, start);
        }
        stats.nodes += 1;
        if test(candidate) {
            first = first.or(Some(candidate));
            count += 1;
            if count == limits.count_up_to {
                stats.elapsed = start.elapsed();
                return Outcome::counted(first, count, false, None, stats);
            }
        }
    }
    stats.elapsed = start.elapsed();
    Outcome::counted(first, count, true, None, stats)
}

fn stopped(
    first: Option<u64>,
    count: u64,
    limit: Limit,
    mut stats: Stats,
    start: Instant,
) -> Outcome<u64, Stats> {
    stats.elapsed = start.elapsed();
    Outcome::counted(first, count, false, Some(limit), stats)
}

// The square root: x with x * x = n.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Square(u64);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum SquareAlgo {
    /// 0, 1, 2, ... up to the root.
    Count,
    /// Halve the interval that holds the root.
    #[default]
    Bisect,
}

impl Algorithm for SquareAlgo {
    const ALL: &'static [Self] = &[SquareAlgo::Count, SquareAlgo::Bisect];
    fn name(self) -> &'static str {
        match self {
            SquareAlgo::Count => "count",
            SquareAlgo::Bisect => "bisect",
        }
    }
}

impl fmt::Display for SquareAlgo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Square {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, ParseError> {
        parse_number(text).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x * x = {}", self.0)
    }
}

impl Puzzle for Square {
    const NAME: &'static str = "square";
    const EXAMPLE: &'static str = "49";
    type Error = ParseError;
    type Algo = SquareAlgo;
    type Options = Options<SquareAlgo>;
    type Solution = u64;
    type Stats = Stats;

    fn to_line(&self) -> String {
        self.0.to_string()
    }

    fn solution_line(&self, x: &u64) -> String {
        x.to_string()
    }

    fn solve(&self, options: &Options<SquareAlgo>) -> Outcome<u64, Stats> {
        let n = self.0;
        let is_root = |x: u64| x.checked_mul(x) == Some(n);
        match options.algo {
            SquareAlgo::Count => {
                search((0..=n).take_while(|x| x * x <= n), is_root, &options.limits)
            }
            // The probes of a bisection, each a node.
            SquareAlgo::Bisect => {
                let (mut low, mut high) = (0, n.min(1 << 32));
                let probes = std::iter::from_fn(move || {
                    (low <= high).then(|| {
                        let mid = low + (high - low) / 2;
                        match mid.checked_mul(mid) {
                            Some(square) if square < n => low = mid + 1,
                            // Found: no further probe.
                            Some(square) if square == n => low = high + 1,
                            _ => high = mid.saturating_sub(1),
                        }
                        mid
                    })
                });
                search(probes, is_root, &options.limits)
            }
        }
    }

    fn check(&self, x: &u64) -> Result<(), Violation> {
        match x.checked_mul(*x) {
            Some(square) if square == self.0 => Ok(()),
            _ => Err(Violation::new(format!("{x} * {x} is not {}", self.0))),
        }
    }
}

// A factor: d with 1 < d < n dividing n.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Factor(u64);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum FactorAlgo {
    /// 2, 3, 4, ... up to the square root: the smallest factor first.
    #[default]
    Trial,
}

impl Algorithm for FactorAlgo {
    const ALL: &'static [Self] = &[FactorAlgo::Trial];
    fn name(self) -> &'static str {
        "trial"
    }
}

impl fmt::Display for FactorAlgo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Factor {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, ParseError> {
        parse_number(text).map(Factor)
    }
}

impl fmt::Display for Factor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d divides {}, 1 < d < {0}", self.0)
    }
}

impl Puzzle for Factor {
    const NAME: &'static str = "factor";
    const EXAMPLE: &'static str = "91";
    type Error = ParseError;
    type Algo = FactorAlgo;
    type Options = Options<FactorAlgo>;
    type Solution = u64;
    type Stats = Stats;

    fn to_line(&self) -> String {
        self.0.to_string()
    }

    fn solution_line(&self, d: &u64) -> String {
        d.to_string()
    }

    fn solve(&self, options: &Options<FactorAlgo>) -> Outcome<u64, Stats> {
        let n = self.0;
        let candidates = (2..n).take_while(|d| d * d <= n);
        search(candidates, |d| n.is_multiple_of(d), &options.limits)
    }

    fn check(&self, d: &u64) -> Result<(), Violation> {
        if 1 < *d && *d < self.0 && self.0.is_multiple_of(*d) {
            Ok(())
        } else {
            Err(Violation::new(format!(
                "{d} is no factor of {} between 1 and itself",
                self.0
            )))
        }
    }
}
