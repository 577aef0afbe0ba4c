//! The events of a watched sliding-tiles search, in the schema of
//! `docs/events.md` (version 1), kept in memory as JSON text (a tree of
//! values would take several times the memory) up to a limit and then
//! closed by a `cut` event. Beside the schema's fields, each `generate`
//! event carries `h`, the heuristic of the state generated, which the page
//! needs to list the frontier with g, h and f before a node is expanded
//! (version 1 lets a reader skip fields it does not know).

use eight_puzzle::{Board, Move, Solver};
use search_core::{Bound, Cost, Generated, NodeView, Observer, Stats, Status};
use serde_json::{Map, Value, json};

use crate::slide::Slid;

/// The schema version of `docs/events.md`.
pub(crate) const EVENTS_VERSION: u64 = 1;

/// A state the events can show.
pub(crate) trait Shown {
    fn board(&self) -> &Board;
}

impl Shown for Slid {
    fn board(&self) -> &Board {
        &self.board
    }
}

impl Shown for Board {
    fn board(&self) -> &Board {
        self
    }
}

/// An event stream kept as JSON text, at most `limit` events, then a
/// `cut` event.
#[derive(Debug)]
pub(crate) struct Stream {
    /// The events so far, as the elements of a JSON array: `{...},{...}`.
    events: String,
    /// How many.
    count: usize,
    limit: usize,
    /// Whether the stream reached its limit (and a `cut` event ends it).
    cut: bool,
}

impl Stream {
    pub(crate) fn new(limit: usize) -> Self {
        Stream {
            events: String::new(),
            count: 0,
            limit,
            cut: false,
        }
    }

    /// Whether events are still kept.
    pub(crate) fn is_open(&self) -> bool {
        !self.cut
    }

    /// Appends an event, or the `cut` event when the limit is reached.
    pub(crate) fn emit(&mut self, kind: &str, fields: Map<String, Value>) {
        if self.cut {
            return;
        }
        let step = self.count;
        let mut event = Map::new();
        event.insert("v".into(), EVENTS_VERSION.into());
        event.insert("step".into(), step.into());
        if step == self.limit {
            event.insert("kind".into(), "cut".into());
            event.insert("limit".into(), self.limit.into());
            self.cut = true;
        } else {
            event.insert("kind".into(), kind.into());
            event.extend(fields);
        }
        if step > 0 {
            self.events.push(',');
        }
        // A map of strings and numbers always serializes.
        if let Ok(text) = serde_json::to_string(&event) {
            self.events.push_str(&text);
        }
        self.count += 1;
    }

    /// The events as a JSON array, and whether they were cut.
    pub(crate) fn finish(self) -> (String, bool) {
        (format!("[{}]", self.events), self.cut)
    }
}

/// The observer of a sliding-tiles search: each call an event.
#[derive(Debug)]
pub(crate) struct Watch<'a> {
    solver: &'a Solver,
    pub(crate) stream: Stream,
}

impl<'a> Watch<'a> {
    pub(crate) fn new(solver: &'a Solver, limit: usize) -> Self {
        Watch {
            solver,
            stream: Stream::new(limit),
        }
    }

    fn open(&self) -> bool {
        self.stream.is_open()
    }

    fn emit(&mut self, kind: &str, fields: Map<String, Value>) {
        self.stream.emit(kind, fields);
    }

    fn node<S: Shown, C: Cost + Into<u64>>(&mut self, kind: &str, node: &NodeView<'_, S, C>) {
        if !self.open() {
            return;
        }
        let board = node.state.board();
        let mut fields = Map::new();
        fields.insert("id".into(), node.id.into());
        if let Some(parent) = node.parent {
            fields.insert("parent".into(), parent.into());
        }
        fields.insert("depth".into(), node.depth.into());
        fields.insert("g".into(), node.g.into().into());
        fields.insert("h".into(), node.h.into().into());
        fields.insert("f".into(), node.f().into().into());
        fields.insert("frontier".into(), node.frontier.into());
        fields.insert("state".into(), board.to_string().into());
        fields.insert("state_line".into(), board.to_line().into());
        self.emit(kind, fields);
    }
}

impl<S: Shown, C: Cost + Into<u64>> Observer<S, Move, C> for Watch<'_> {
    fn start(&mut self, state: &S) {
        let board = state.board();
        let fields = json!({"state": board.to_string(), "state_line": board.to_line()});
        self.emit("start", object(fields));
    }

    fn iteration(&mut self, number: u32, bound: Bound<C>) {
        let (bound, kind) = match bound {
            Bound::Depth(depth) => (u64::from(depth), "depth"),
            Bound::Cost(cost) => (cost.into(), "cost"),
        };
        let fields = json!({"number": number, "bound": bound, "bound_kind": kind});
        self.emit("iteration", object(fields));
    }

    fn expanded(&mut self, node: &NodeView<'_, S, C>) {
        self.node("expand", node);
    }

    fn generated(&mut self, child: &Generated<'_, S, Move, C>) {
        if !self.open() {
            return;
        }
        let board = child.state.board();
        let mut fields = Map::new();
        if let Some(id) = child.id {
            fields.insert("id".into(), id.into());
        }
        if let Some(parent) = child.parent {
            fields.insert("parent".into(), parent.into());
        }
        if let Some(mv) = child.mv {
            fields.insert("move".into(), mv.name().into());
        }
        fields.insert("depth".into(), child.depth.into());
        fields.insert("g".into(), child.g.into().into());
        fields.insert("result".into(), child.fate.name().into());
        fields.insert("state_line".into(), board.to_line().into());
        fields.insert("h".into(), self.solver.estimate(board).into());
        self.emit("generate", fields);
    }

    fn goal(&mut self, node: &NodeView<'_, S, C>) {
        self.node("goal", node);
    }

    fn depth_cut(&mut self, node: &NodeView<'_, S, C>) {
        self.node("depth_cut", node);
    }

    fn end(&mut self, _: Status, _: &Stats) {
        // The `end` event is the record's (status and counters of the
        // command line), added by the caller once the run is over.
    }
}

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}
