//! The N-Queens view's solves: seed 004's formulation (a board whose empty
//! rows hold their candidate columns; the most constrained row is filled
//! next, each candidate a child) searched depth first or breadth first,
//! watched as `nqueens` searches it. The board is the explorer's own,
//! made to search exactly as `nqueens`' does (the same row chosen, the
//! columns in the same order), so that the events can show the candidates;
//! the tests below hold the two to the same counters.

use nqueens::{Algo, Options, Outcome, Queens};
use search_core::{
    Bound, Config, Generated, NodeView, Observer, Problem, Stats, Status, bfs_tree_observed,
    dfs_tree_observed,
};
use serde_json::{Map, Value, json};

use crate::api::ApiError;
use crate::limits::Limits;
use crate::watch::{EVENTS_VERSION, Stream};

/// The largest board the view shows.
pub(crate) const MAX_N: usize = 16;

/// One solve asked for.
#[derive(Debug)]
pub(crate) struct Request {
    pub(crate) n: usize,
    pub(crate) algo: Algo,
    pub(crate) events: usize,
}

impl Request {
    /// Whether the search may run to the node limit: breadth first keeps
    /// every board, and large boards search long.
    pub(crate) fn is_heavy(&self) -> bool {
        self.algo == Algo::Bfs || self.n > 10
    }
}

/// Reads `n` (1 to 16), `algo` (`dfs`, the default, or `bfs`) and `events`.
pub(crate) fn parse(pairs: &[(String, String)], limits: &Limits) -> Result<Request, ApiError> {
    let mut n = None;
    let mut algo = Algo::Dfs;
    let mut events = limits.events;
    for (key, value) in pairs {
        match key.as_str() {
            "n" => {
                n = Some(
                    value
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=MAX_N).contains(n))
                        .ok_or_else(|| {
                            ApiError::bad(
                                "n",
                                format!("line 1, column 1: expected a board size from 1 to {MAX_N}, found '{value}'"),
                            )
                        })?,
                );
            }
            "algo" => {
                algo = match value.as_str() {
                    "dfs" => Algo::Dfs,
                    "bfs" => Algo::Bfs,
                    _ => {
                        return Err(ApiError::bad(
                            "algo",
                            format!("unknown searcher '{value}', expected dfs or bfs"),
                        ));
                    }
                };
            }
            "events" => events = crate::tiles::parse_events(value, limits)?,
            "step" => {}
            _ => return Err(ApiError::bad(key, format!("unknown parameter '{key}'"))),
        }
    }
    let n = n.ok_or_else(|| ApiError::bad("n", "expected a board size, such as 8"))?;
    Ok(Request { n, algo, events })
}

/// Solves the request: `{"v": 1, "puzzle": "nqueens", "record": ...,
/// "events": [...], "cut": bool}`, the record what `nqueens solve N --algo
/// A --json` prints.
pub(crate) fn run(request: &Request, limits: &Limits) -> String {
    let options = Options::new(request.algo)
        .node_limit(limits.nodes)
        .time_limit(limits.time)
        .memory_limit(limits.memory_bytes);
    let record = match Queens::new(request.n) {
        Ok(queens) => record(request, &nqueens::solve(&queens, &options)),
        Err(error) => json!({"status": "invalid", "error": error.to_string()}),
    };
    let mut stream = Stream::new(request.events);
    let mut run = Map::new();
    run.insert("algorithm".into(), request.algo.name().into());
    run.insert("puzzle".into(), request.n.into());
    stream.emit("run", run);
    let board = Board::new(request.n);
    let mut watch = Watch {
        stream,
        board: &board,
    };
    let config = Config {
        node_limit: Some(limits.nodes),
        time_limit: Some(limits.time),
        memory_limit: Some(limits.memory_bytes),
        ..Config::default()
    };
    match request.algo {
        Algo::Bfs => bfs_tree_observed(&board, board.empty(), &config, &mut watch),
        _ => dfs_tree_observed(&board, board.empty(), &config, &mut watch),
    };
    let mut stream = watch.stream;
    let mut end = Map::new();
    for field in ["status", "limit", "stats"] {
        if let Some(value) = record.get(field) {
            end.insert(field.into(), value.clone());
        }
    }
    stream.emit("end", end);
    let (events, cut) = stream.finish();
    format!(
        "{{\"v\":{EVENTS_VERSION},\"puzzle\":\"nqueens\",\"record\":{record},\"events\":{events},\"cut\":{cut}}}"
    )
}

/// The record `nqueens solve N --algo A --json` prints.
fn record(request: &Request, outcome: &Outcome) -> Value {
    let stats = &outcome.stats;
    let mut record = json!({
        "status": outcome.status.name(),
        "n": request.n,
        "algo": request.algo.name(),
        "stats": {
            "nodes": stats.nodes,
            "micros": stats.elapsed.as_micros() as u64,
            "num_tested": stats.num_tested,
        },
    });
    if let Some(placement) = &outcome.solution {
        record["solution"] = json!(placement.columns());
    }
    if let Some(limit) = outcome.status.limit() {
        record["limit"] = json!(limit.name());
    }
    record
}

/// Seed 004's board: each row's queen, if placed, and its candidate
/// columns (bit `c` for column `c`).
#[derive(Clone, Debug)]
pub(crate) struct Placed {
    queens: Vec<Option<u32>>,
    candidates: Vec<u32>,
    placed: usize,
}

/// The problem of `n` queens.
#[derive(Debug)]
pub(crate) struct Board {
    n: usize,
}

impl Board {
    pub(crate) fn new(n: usize) -> Self {
        Board { n }
    }

    pub(crate) fn empty(&self) -> Placed {
        Placed {
            queens: vec![None; self.n],
            candidates: vec![(1u32 << self.n) - 1; self.n],
            placed: 0,
        }
    }

    /// The seed's `find_most_constrained_cell`: the empty row with the
    /// fewest candidates, the first one on a tie.
    fn most_constrained_row(&self, board: &Placed) -> Option<usize> {
        (0..self.n)
            .filter(|&row| board.queens[row].is_none())
            .min_by_key(|&row| board.candidates[row].count_ones())
    }

    /// The seed's `update`: the queen placed, its column and diagonals
    /// struck from the other empty rows.
    fn place(&self, board: &mut Placed, row: usize, col: usize) {
        board.queens[row] = Some(col as u32);
        board.placed += 1;
        for other in (0..self.n).filter(|&other| board.queens[other].is_none()) {
            let distance = other.abs_diff(row);
            for attacked in [Some(col), col.checked_sub(distance), Some(col + distance)]
                .into_iter()
                .flatten()
                .filter(|&attacked| attacked < self.n)
            {
                board.candidates[other] &= !(1 << attacked);
            }
        }
    }

    /// A row as the events show it: `Q` the queen, `.` a candidate, `x` a
    /// square attacked.
    fn row_text(&self, board: &Placed, row: usize) -> String {
        (0..self.n)
            .map(|col| match board.queens[row] {
                Some(queen) if queen as usize == col => 'Q',
                Some(_) => '-',
                None if board.candidates[row] & (1 << col) != 0 => '.',
                None => 'x',
            })
            .collect()
    }

    /// The human view (rows on lines) and the compact one (rows between
    /// slashes).
    fn shown(&self, board: &Placed) -> (String, String) {
        let rows: Vec<String> = (0..self.n).map(|row| self.row_text(board, row)).collect();
        (rows.join("\n"), rows.join("/"))
    }
}

impl Problem for Board {
    type State = Placed;
    type Move = (usize, usize);
    type Cost = u32;

    fn successors(&self, board: &Placed, out: &mut Vec<((usize, usize), Placed, u32)>) {
        // The seed's `failure_test`: an empty row with no candidate left.
        let failed =
            (0..self.n).any(|row| board.queens[row].is_none() && board.candidates[row] == 0);
        if failed {
            return;
        }
        let Some(row) = self.most_constrained_row(board) else {
            return;
        };
        let mut bits = board.candidates[row];
        while bits != 0 {
            let col = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let mut next = board.clone();
            self.place(&mut next, row, col);
            out.push(((row, col), next, 1));
        }
    }

    fn state_heap_bytes(&self) -> usize {
        self.n * (size_of::<Option<u32>>() + size_of::<u32>())
    }

    fn is_goal(&self, board: &Placed) -> bool {
        board.placed == self.n
    }
}

/// The observer: each call an event of `docs/events.md`.
struct Watch<'a> {
    stream: Stream,
    board: &'a Board,
}

impl Watch<'_> {
    fn node(&mut self, kind: &str, node: &NodeView<'_, Placed, u32>) {
        if !self.stream.is_open() {
            return;
        }
        let (view, line) = self.board.shown(node.state);
        let mut fields = Map::new();
        fields.insert("id".into(), node.id.into());
        if let Some(parent) = node.parent {
            fields.insert("parent".into(), parent.into());
        }
        fields.insert("depth".into(), node.depth.into());
        fields.insert("g".into(), node.g.into());
        fields.insert("h".into(), node.h.into());
        fields.insert("f".into(), node.f().into());
        fields.insert("frontier".into(), node.frontier.into());
        fields.insert("state".into(), view.into());
        fields.insert("state_line".into(), line.into());
        self.stream.emit(kind, fields);
    }
}

impl Observer<Placed, (usize, usize), u32> for Watch<'_> {
    fn start(&mut self, state: &Placed) {
        let (view, line) = self.board.shown(state);
        let fields = json!({"state": view, "state_line": line});
        if let Value::Object(fields) = fields {
            self.stream.emit("start", fields);
        }
    }

    fn iteration(&mut self, _: u32, _: Bound<u32>) {}

    fn expanded(&mut self, node: &NodeView<'_, Placed, u32>) {
        self.node("expand", node);
    }

    fn generated(&mut self, child: &Generated<'_, Placed, (usize, usize), u32>) {
        if !self.stream.is_open() {
            return;
        }
        let mut fields = Map::new();
        if let Some(id) = child.id {
            fields.insert("id".into(), id.into());
        }
        if let Some(parent) = child.parent {
            fields.insert("parent".into(), parent.into());
        }
        if let Some(&(row, col)) = child.mv {
            // The square the queen goes on, as nqueens names a move.
            fields.insert("move".into(), format!("r{}c{}", row + 1, col + 1).into());
        }
        fields.insert("depth".into(), child.depth.into());
        fields.insert("g".into(), child.g.into());
        fields.insert("result".into(), child.fate.name().into());
        fields.insert("state_line".into(), self.board.shown(child.state).1.into());
        self.stream.emit("generate", fields);
    }

    fn goal(&mut self, node: &NodeView<'_, Placed, u32>) {
        self.node("goal", node);
    }

    fn depth_cut(&mut self, node: &NodeView<'_, Placed, u32>) {
        self.node("depth_cut", node);
    }

    fn end(&mut self, _: Status, _: &Stats) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_watched_board_counts_what_nqueens_counts() {
        let limits = Limits {
            nodes: 100_000,
            ..Limits::default()
        };
        let mut limited = 0;
        for n in 1..=MAX_N {
            for algo in [Algo::Dfs, Algo::Bfs] {
                if algo == Algo::Bfs && n > 12 {
                    continue;
                }
                let request = Request {
                    n,
                    algo,
                    events: 10,
                };
                let answer: Value = serde_json::from_str(&run(&request, &limits)).unwrap();
                let options = Options::new(algo)
                    .node_limit(limits.nodes)
                    .memory_limit(limits.memory_bytes);
                let outcome = nqueens::solve(&Queens::new(n).unwrap(), &options);
                // The watched search, counted by its own stats.
                let board = Board::new(n);
                let config = Config {
                    node_limit: Some(limits.nodes),
                    memory_limit: Some(limits.memory_bytes),
                    ..Config::default()
                };
                let search = match algo {
                    Algo::Bfs => search_core::bfs_tree(&board, board.empty(), &config),
                    _ => search_core::dfs_tree(&board, board.empty(), &config),
                };
                assert_eq!(search.stats.generated, outcome.stats.nodes, "n {n} {algo}");
                assert_eq!(
                    Some(search.stats.num_tested),
                    outcome.stats.num_tested,
                    "n {n} {algo}"
                );
                assert_eq!(answer["record"]["stats"]["nodes"], outcome.stats.nodes);
                limited += usize::from(outcome.status.limit().is_some());
                // The placement found is the same.
                let found = search.path.map(|path| path.goal().queens.clone());
                let columns = outcome
                    .solution
                    .map(|placement| placement.columns().to_vec());
                assert_eq!(
                    found.map(|queens| queens.into_iter().map(Option::unwrap).collect::<Vec<_>>()),
                    columns,
                    "n {n} {algo}"
                );
            }
        }
        assert!(limited > 0, "no search reached the node limit");
    }
}
