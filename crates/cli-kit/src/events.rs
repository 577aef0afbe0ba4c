//! Watching a search from the command line, the same way in every binary:
//! the flags (`--trace`, `--events FILE`, `--events-limit N`, `--compare`)
//! and which of them go together ([`WatchArgs`]), the JSON Lines event
//! stream of `docs/events.md` with its version, step numbers and the `cut`
//! event that ends a stream at its limit ([`Events`]), and the table of
//! `--compare` ([`Comparison`]).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;

use crate::{Limit, Status};

/// The version of the event schema (`v` in every event): raised when a
/// kind or field changes meaning or goes away, not when one is added.
pub const EVENTS_VERSION: u32 = 1;

/// The events a stream holds at most unless `--events-limit` says
/// otherwise; the `cut` event that ends a longer stream comes on top.
pub const DEFAULT_EVENTS_LIMIT: u64 = 100_000;

/// The flags of a solving subcommand that show the search, to flatten into
/// its arguments (`#[command(flatten)] watch: WatchArgs`).
///
/// What goes together: `--events FILE` with anything; `--events -` puts
/// the events on stdout instead of the human view, so not with `--json`,
/// `--trace`, `--stats` or `--compare`, which write there too;
/// `--trace` (human lines on stdout before the answer) not with `--json`
/// or `--compare`; `--compare` with `--json` (one record per row) but not
/// with `--events` or `--trace`; `--events-limit` only with `--events`.
#[derive(clap::Args, Debug, Clone, Default, PartialEq, Eq)]
pub struct WatchArgs {
    /// Print the search step by step, one line per event, before the
    /// answer (see the README for what each algorithm reports).
    #[arg(long)]
    pub trace: bool,
    /// Write every event of the search to FILE as JSON Lines (the schema
    /// is docs/events.md); `-` writes them to stdout instead of the human
    /// view.
    #[arg(long, value_name = "FILE")]
    pub events: Option<PathBuf>,
    /// Stop writing events after this many; a `cut` event then ends the
    /// stream [default: 100000]. (At least 1: a stream of no events
    /// could not say it was cut.)
    #[arg(long, value_name = "N", requires = "events",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub events_limit: Option<u64>,
    /// Run every algorithm (with every heuristic that applies) on the same
    /// input and print a table: status, nodes, the crate's counters, time,
    /// solution length. Each run has a node and time limit (shown above
    /// the table; set them with the usual flags).
    #[arg(long)]
    pub compare: bool,
}

impl WatchArgs {
    /// Whether the events go to stdout.
    pub fn events_to_stdout(&self) -> bool {
        self.events.as_deref() == Some(Path::new("-"))
    }

    /// The misfit among these flags and the command's others (`json`,
    /// `stats`), as a usage-error message; `None` when they go together.
    pub fn misfit(&self, json: bool, stats: bool) -> Option<&'static str> {
        let to_stdout = self.events_to_stdout();
        if to_stdout && json {
            return Some("--events - and --json both write to stdout: give --events a file");
        }
        if to_stdout && self.trace {
            return Some("--events - and --trace both write to stdout: give --events a file");
        }
        if to_stdout && stats {
            return Some(
                "--events - writes the events instead of the human view, which --stats adds to: give --events a file",
            );
        }
        if self.trace && json {
            return Some("--trace prints a human view, --json records: choose one");
        }
        if self.compare && (self.trace || self.events.is_some()) {
            return Some("--compare runs every algorithm: trace or record one with --algo instead");
        }
        None
    }

    /// [`WatchArgs::misfit`], or `--compare` with a tree to draw (`tree`:
    /// `--tree-svg` given).
    pub fn misfit_drawing(&self, json: bool, stats: bool, tree: bool) -> Option<&'static str> {
        let compare_tree = "--compare runs every algorithm: draw one tree with --algo instead";
        let misfit = self.misfit(json, stats);
        misfit.or((self.compare && tree).then_some(compare_tree))
    }

    /// Whether the search is watched: `--trace`, `--events`, or a tree to
    /// draw (`tree`: `--tree-svg` given).
    pub fn watching(&self, tree: bool) -> bool {
        self.trace || self.events.is_some() || tree
    }

    /// The event stream the flags ask for, if any.
    pub fn open_events(&self) -> anyhow::Result<Option<Events>> {
        let limit = self.events_limit.unwrap_or(DEFAULT_EVENTS_LIMIT);
        self.events
            .as_deref()
            .map(|path| Events::create(path, limit))
            .transpose()
    }
}

/// A JSON Lines stream of events, one object per line:
/// `{"v":1,"step":N,"kind":"...", ...payload}`, `step` counting from 0.
/// After `limit` events it writes `{"v":1,"step":limit,"kind":"cut","limit":limit}`
/// and drops the rest. A write error is kept and returned by
/// [`Events::finish`], so an observer, which cannot fail, can write.
///
/// ```
/// let mut events = cli_kit::Events::to_writer(Vec::new(), 2);
/// events.emit("start", &serde_json::json!({"state": "142358607"}));
/// events.emit("expand", &serde_json::json!({"id": 0}));
/// events.emit("expand", &serde_json::json!({"id": 1}));
/// let text = String::from_utf8(events.finish_into()?).unwrap();
/// assert_eq!(
///     text,
///     "{\"v\":1,\"step\":0,\"kind\":\"start\",\"state\":\"142358607\"}\n\
///      {\"v\":1,\"step\":1,\"kind\":\"expand\",\"id\":0}\n\
///      {\"v\":1,\"step\":2,\"kind\":\"cut\",\"limit\":2}\n"
/// );
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Events<W: Write = Box<dyn Write + Send>> {
    out: W,
    step: u64,
    limit: u64,
    /// The run's fields added to every event until the next
    /// [`Events::set_run`] (a batch's `line`, a comparison's `algorithm`).
    run: String,
    error: Option<io::Error>,
}

impl<W: Write> std::fmt::Debug for Events<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Events")
            .field("step", &self.step)
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

impl Events {
    /// A stream to the file at `path` (created or emptied), or stdout for
    /// `-`, holding at most `limit` events.
    pub fn create(path: &Path, limit: u64) -> anyhow::Result<Events> {
        let out: Box<dyn Write + Send> = if path == Path::new("-") {
            Box::new(io::stdout())
        } else {
            let file = File::create(path).map_err(|error| {
                anyhow::anyhow!("cannot create the events file {}: {error}", path.display())
            })?;
            Box::new(file)
        };
        Ok(Events::to_writer(Box::new(BufWriter::new(out)), limit))
    }
}

impl<W: Write> Events<W> {
    /// A stream to `out`, holding at most `limit` events.
    pub fn to_writer(out: W, limit: u64) -> Self {
        Events {
            out,
            step: 0,
            limit,
            run: String::new(),
            error: None,
        }
    }

    /// Whether events are still written (the limit is not reached).
    pub fn is_open(&self) -> bool {
        self.step < self.limit && self.error.is_none()
    }

    /// The events written so far (the `cut` event not counted).
    pub fn written(&self) -> u64 {
        self.step.min(self.limit)
    }

    /// Fields added to every following event, such as the `line` of a
    /// batch or the `algorithm` of a run (a JSON object; its fields come
    /// after `kind`).
    pub fn set_run<T: Serialize>(&mut self, fields: &T) {
        self.run = inner_fields(fields);
    }

    /// Writes one event of `kind` with the fields of `payload` (a struct
    /// or map serialized as a JSON object), unless the stream is cut.
    pub fn emit<T: Serialize>(&mut self, kind: &str, payload: &T) {
        if !self.is_open() {
            return;
        }
        let fields = inner_fields(payload);
        self.write_event(kind, &fields);
        self.step += 1;
        if self.step == self.limit {
            let cut = format!("\"limit\":{}", self.limit);
            self.write_event("cut", &cut);
        }
    }

    fn write_event(&mut self, kind: &str, fields: &str) {
        let kind = serde_json::to_string(kind).unwrap_or_default();
        let mut line = format!(
            "{{\"v\":{EVENTS_VERSION},\"step\":{},\"kind\":{kind}",
            self.step
        );
        for part in [self.run.as_str(), fields] {
            if !part.is_empty() {
                line.push(',');
                line.push_str(part);
            }
        }
        line.push_str("}\n");
        if let Err(error) = self.out.write_all(line.as_bytes()) {
            self.error.get_or_insert(error);
        }
    }

    /// Flushes the stream; the first write error, if any.
    pub fn finish(mut self) -> io::Result<()> {
        self.out.flush()?;
        self.error.map_or(Ok(()), Err)
    }

    /// Flushes the stream and hands its writer back.
    pub fn finish_into(mut self) -> io::Result<W> {
        self.out.flush()?;
        match self.error {
            Some(error) => Err(error),
            None => Ok(self.out),
        }
    }
}

/// An event stream written to memory and read back when it is done: for
/// the tools that send or show a crate's events rather than write them to
/// a file (the explorer, the Python package, the crates' tests). The
/// crates' watched solves take `&mut Events`, so the stream is an ordinary
/// [`Events`] over a writer whose bytes this keeps a handle on.
///
/// ```
/// use cli_kit::EventCapture;
///
/// let mut capture = EventCapture::new(1);
/// capture.events.emit("start", &serde_json::json!({"state": "123"}));
/// capture.events.emit("end", &serde_json::json!({}));
/// let (text, cut) = capture.finish();
/// assert!(cut);
/// assert_eq!(text.lines().count(), 2); // `start`, then `cut`
/// ```
pub struct EventCapture {
    /// The stream a watched solve writes to.
    pub events: Events,
    buffer: SharedBuffer,
}

impl EventCapture {
    /// A stream holding at most `limit` events, then a `cut` event.
    pub fn new(limit: u64) -> Self {
        let buffer = SharedBuffer::default();
        let events = Events::to_writer(Box::new(buffer.clone()) as Box<dyn Write + Send>, limit);
        EventCapture { events, buffer }
    }

    /// The events as JSON Lines text, and whether the stream was cut.
    pub fn finish(self) -> (String, bool) {
        let cut = !self.events.is_open();
        // Writing to memory cannot fail.
        let _ = self.events.finish();
        let bytes = std::mem::take(
            &mut *self
                .buffer
                .0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        (String::from_utf8_lossy(&bytes).into_owned(), cut)
    }
}

impl std::fmt::Debug for EventCapture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventCapture")
            .field("events", &self.events)
            .finish_non_exhaustive()
    }
}

/// A writer whose bytes stay readable after the [`Events`] that owns a
/// clone of it is finished.
#[derive(Debug, Clone, Default)]
struct SharedBuffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl Write for SharedBuffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The fields of `value`'s JSON object without its braces (empty for an
/// empty object, or a value that is not an object).
fn inner_fields<T: Serialize>(value: &T) -> String {
    let text = serde_json::to_string(value).unwrap_or_default();
    match text
        .strip_prefix('{')
        .and_then(|rest| rest.strip_suffix('}'))
    {
        Some(inner) => inner.to_owned(),
        None => String::new(),
    }
}

/// One run of a `--compare` table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The algorithm, with its heuristic where it has one (`astar manhattan`).
    pub algorithm: String,
    /// How the run ended.
    pub status: Status,
    /// The limit that stopped it, when the status is `limit`.
    pub limit: Option<Limit>,
    /// `stats.nodes` of the run.
    pub nodes: u64,
    /// The crate's own counters, in the order of the table's columns.
    pub counters: Vec<(&'static str, u64)>,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// The solution's length (moves, or cost) when solved.
    pub length: Option<u64>,
}

/// The rows of a `--compare` run and the limits each run had.
///
/// ```
/// use cli_kit::{Comparison, Row, Status, Limit};
/// use std::time::Duration;
///
/// let mut table = Comparison::new("limits per run: 1,000 nodes (--node-limit)", "moves");
/// table.push(Row {
///     algorithm: "bfs".into(),
///     status: Status::Solved,
///     limit: None,
///     nodes: 240,
///     counters: vec![("expanded", 150)],
///     elapsed: Duration::from_micros(1500),
///     length: Some(5),
/// });
/// table.push(Row {
///     algorithm: "dfs".into(),
///     status: Status::Limit,
///     limit: Some(Limit::Node),
///     nodes: 1000,
///     counters: vec![("expanded", 990)],
///     elapsed: Duration::from_micros(800),
///     length: None,
/// });
/// assert_eq!(
///     table.to_text(),
///     "limits per run: 1,000 nodes (--node-limit)\n\
///      algorithm  status  nodes  expanded      time  moves\n\
///      bfs        solved    240       150  1.500 ms      5\n\
///      dfs        limit   1,000       990  0.800 ms      -\n"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    limits: String,
    length_name: &'static str,
    rows: Vec<Row>,
    fields: serde_json::Map<String, serde_json::Value>,
}

impl Comparison {
    /// An empty table; `limits` says which limits each run had (the line
    /// above the table), `length_name` names the last column.
    pub fn new(limits: impl Into<String>, length_name: &'static str) -> Self {
        Comparison {
            limits: limits.into(),
            length_name,
            rows: Vec::new(),
            fields: serde_json::Map::new(),
        }
    }

    /// The table with a field that every JSON row ends with (the puzzle
    /// that was compared, its line), in the order they are added.
    pub fn field(mut self, name: &str, value: impl Into<serde_json::Value>) -> Self {
        self.fields.insert(name.to_owned(), value.into());
        self
    }

    /// Adds a row.
    pub fn push(&mut self, row: Row) {
        self.rows.push(row);
    }

    /// The rows so far.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The table as text: the limits line, a header, one aligned row per
    /// run (`-` for the length of a run that found nothing, and for a
    /// counter the run does not keep).
    pub fn to_text(&self) -> String {
        let mut header: Vec<String> = vec!["algorithm".into(), "status".into(), "nodes".into()];
        // Every counter any row has, in the order they first appear; a
        // row without one shows `-` there (ripple's recursive calls are
        // the counter only its brute force and MRV solvers keep).
        let mut names: Vec<&'static str> = Vec::new();
        for (name, _) in self.rows.iter().flat_map(|row| &row.counters) {
            if !names.contains(name) {
                names.push(name);
            }
        }
        header.extend(names.iter().map(|name| name.to_string()));
        header.push("time".into());
        header.push(self.length_name.into());
        let cells: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|row| {
                let mut cells = vec![
                    row.algorithm.clone(),
                    row.status.name().to_owned(),
                    thousands(row.nodes),
                ];
                cells.extend(names.iter().map(|name| {
                    row.counters
                        .iter()
                        .find(|(counter, _)| counter == name)
                        .map_or_else(|| "-".to_owned(), |&(_, value)| thousands(value))
                }));
                cells.push(format!("{:.3} ms", row.elapsed.as_secs_f64() * 1e3));
                cells.push(row.length.map_or_else(|| "-".to_owned(), thousands));
                cells
            })
            .collect();
        let widths: Vec<usize> = (0..header.len())
            .map(|column| {
                cells
                    .iter()
                    .map(|row| row.get(column).map_or(0, String::len))
                    .chain([header[column].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut text = format!("{}\n", self.limits);
        let mut line = |cells: &[String]| {
            let mut out = String::new();
            for (column, cell) in cells.iter().enumerate() {
                let width = widths[column];
                // Names and statuses left, numbers (and times) right.
                if column < 2 {
                    out.push_str(&format!("{cell:<width$}"));
                } else {
                    out.push_str(&format!("{cell:>width$}"));
                }
                out.push_str("  ");
            }
            text.push_str(out.trim_end());
            text.push('\n');
        };
        line(&header);
        for row in &cells {
            line(row);
        }
        text
    }

    /// Writes one JSON record per row: `algorithm`, `status`, `limit` when
    /// cut, the length under `length_name` when solved, `stats` (`nodes`,
    /// `micros`, the counters), then the table's [`field`](Self::field)s.
    pub fn write_json(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        for row in &self.rows {
            let mut record = serde_json::Map::new();
            record.insert("algorithm".into(), row.algorithm.clone().into());
            record.insert("status".into(), row.status.name().into());
            if let Some(limit) = row.limit {
                record.insert("limit".into(), limit.name().into());
            }
            if let Some(length) = row.length {
                record.insert(self.length_name.into(), length.into());
            }
            let mut stats = serde_json::Map::new();
            stats.insert("nodes".into(), row.nodes.into());
            let micros = u64::try_from(row.elapsed.as_micros()).unwrap_or(u64::MAX);
            stats.insert("micros".into(), micros.into());
            for &(name, value) in &row.counters {
                stats.insert(name.into(), value.into());
            }
            record.insert("stats".into(), stats.into());
            record.extend(self.fields.clone());
            serde_json::to_writer(&mut *out, &record)?;
            out.write_all(b"\n")?;
        }
        Ok(())
    }
}

/// `1234567` as `1,234,567`.
pub fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flags_that_share_stdout_do_not_go_together() {
        let to_stdout = WatchArgs {
            events: Some(PathBuf::from("-")),
            ..WatchArgs::default()
        };
        assert!(to_stdout.misfit(true, false).is_some());
        assert!(to_stdout.misfit(false, true).is_some());
        assert_eq!(to_stdout.misfit(false, false), None);
        let to_file = WatchArgs {
            events: Some(PathBuf::from("run.jsonl")),
            ..WatchArgs::default()
        };
        assert_eq!(to_file.misfit(true, true), None);
        let trace = WatchArgs {
            trace: true,
            ..WatchArgs::default()
        };
        assert!(trace.misfit(true, false).is_some());
        assert_eq!(trace.misfit(false, true), None);
        let compare = WatchArgs {
            compare: true,
            ..to_file
        };
        assert!(compare.misfit(false, false).is_some());
    }

    #[test]
    fn an_events_limit_of_zero_is_a_usage_error() {
        #[derive(clap::Parser)]
        struct Command {
            #[command(flatten)]
            watch: WatchArgs,
        }
        use clap::Parser;
        let parse = |limit: &str| {
            Command::try_parse_from(["solve", "--events", "-", "--events-limit", limit])
                .map(|command| command.watch.events_limit)
        };
        assert_eq!(parse("1").ok(), Some(Some(1)));
        let refused = parse("0").map_err(|error| error.kind());
        assert_eq!(refused, Err(clap::error::ErrorKind::ValueValidation));
    }

    #[test]
    fn a_stream_carries_its_run_fields_and_ends_cut_at_its_limit() {
        let mut events = Events::to_writer(Vec::new(), 3);
        events.set_run(&serde_json::json!({"line": 4}));
        for id in 0..10 {
            events.emit("expand", &serde_json::json!({ "id": id }));
        }
        events.emit("end", &serde_json::json!({}));
        assert!(!events.is_open());
        assert_eq!(events.written(), 3);
        let text = String::from_utf8(events.finish_into().expect("no error")).expect("utf-8");
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
            .collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[2]["id"], 2);
        assert_eq!(lines[2]["line"], 4);
        assert_eq!(lines[3]["kind"], "cut");
        assert_eq!(lines[3]["step"], 3);
        assert!(lines.iter().all(|line| line["v"] == EVENTS_VERSION));
    }

    #[test]
    fn a_counter_only_some_runs_keep_reads_as_a_dash_in_the_others() {
        let row = |algorithm: &str, counters: Vec<(&'static str, u64)>| Row {
            algorithm: algorithm.into(),
            status: Status::Solved,
            limit: None,
            nodes: 3,
            counters,
            elapsed: Duration::from_millis(2),
            length: Some(1),
        };
        let mut table = Comparison::new("limits", "solutions");
        table.push(row("fast", vec![("backtracks", 0)]));
        table.push(row(
            "mrv",
            vec![("backtracks", 1), ("recursive_calls", 1200)],
        ));
        assert_eq!(
            table.to_text(),
            "limits\n\
             algorithm  status  nodes  backtracks  recursive_calls      time  solutions\n\
             fast       solved      3           0                -  2.000 ms          1\n\
             mrv        solved      3           1            1,200  2.000 ms          1\n"
        );
    }

    #[test]
    fn every_json_row_ends_with_the_tables_fields() {
        let mut table = Comparison::new("limits", "solutions")
            .field("line", 7)
            .field("puzzle", "4...3");
        for algorithm in ["fast", "csp"] {
            table.push(Row {
                algorithm: algorithm.into(),
                status: Status::Solved,
                limit: None,
                nodes: 3,
                counters: Vec::new(),
                elapsed: Duration::from_micros(20),
                length: Some(1),
            });
        }
        let mut out = Vec::new();
        table.write_json(&mut out).unwrap();
        let rows: Vec<serde_json::Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(rows.len(), 2);
        for (row, algorithm) in rows.iter().zip(["fast", "csp"]) {
            assert_eq!(row["algorithm"], algorithm);
            assert_eq!((&row["line"], &row["puzzle"]), (&7.into(), &"4...3".into()));
            assert_eq!(row["stats"]["micros"], 20);
        }
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(12_345_678), "12,345,678");
    }
}
