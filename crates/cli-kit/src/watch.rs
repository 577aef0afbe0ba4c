//! The observers a command attaches to a search for `--trace` and
//! `--events`: [`SearchWatch`] for search-core's searchers, [`CspWatch`]
//! for csp-core's solver, and [`SplitTree`], a [`CspWatch`] that also
//! draws the domain-splitting tree of `--tree-svg`. Each writes every
//! call it gets as an event of `docs/events.md` and, when tracing, as one
//! readable line, from the same call; the crate only says how a state, a
//! move or a variable reads.

use std::fmt::Display;
use std::io::Write;

use serde::Serialize;
use serde_json::{Map, Value, json};

use svg_kit::{SearchTree, TreeNode};

use crate::events::Events;

/// How a crate shows a state: the human view (rows joined by `\n`) and,
/// where it has one, the compact one-line form.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rendered {
    /// The human view.
    pub view: String,
    /// The compact form, if the puzzle has one.
    pub line: Option<String>,
}

impl Rendered {
    /// The compact form, or the view where there is none.
    pub fn short(&self) -> &str {
        self.line.as_deref().unwrap_or(&self.view)
    }

    fn insert_into(&self, fields: &mut Map<String, Value>, with_view: bool) {
        if with_view {
            fields.insert("state".into(), self.view.clone().into());
        }
        if let Some(line) = &self.line {
            fields.insert("state_line".into(), line.clone().into());
        } else if !with_view {
            fields.insert("state".into(), self.view.clone().into());
        }
    }
}

/// Readable trace lines, cut after a number of them like an event stream.
pub struct Trace<'a> {
    out: &'a mut dyn Write,
    lines: u64,
    limit: u64,
    error: Option<std::io::Error>,
}

impl std::fmt::Debug for Trace<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Trace")
            .field("lines", &self.lines)
            .finish_non_exhaustive()
    }
}

impl<'a> Trace<'a> {
    /// Lines to `out`, at most `limit` of them (then one line saying so).
    pub fn new(out: &'a mut dyn Write, limit: u64) -> Self {
        Trace {
            out,
            lines: 0,
            limit,
            error: None,
        }
    }

    /// Whether lines are still written.
    pub fn is_open(&self) -> bool {
        self.lines < self.limit && self.error.is_none()
    }

    /// Writes one line, unless the trace is cut.
    pub fn line(&mut self, text: impl Display) {
        if !self.is_open() {
            return;
        }
        let mut result = writeln!(self.out, "{text}");
        self.lines += 1;
        if self.lines == self.limit && result.is_ok() {
            result = writeln!(
                self.out,
                "... trace cut after {} lines (--events-limit)",
                self.limit
            );
        }
        if let Err(error) = result {
            self.error.get_or_insert(error);
        }
    }

    /// The first write error, if any.
    pub fn finish(self) -> std::io::Result<()> {
        self.error.map_or(Ok(()), Err)
    }
}

/// Where a watched run goes: an event stream, trace lines, or both.
#[derive(Debug, Default)]
pub struct Sinks<'a, 'b> {
    /// The event stream, if `--events` asked for one.
    pub events: Option<&'a mut Events>,
    /// The trace, if `--trace` asked for one.
    pub trace: Option<&'a mut Trace<'b>>,
}

impl Sinks<'_, '_> {
    /// Whether an event stream takes events (asked for, not cut): a watch
    /// skips building an event's fields that none would take.
    pub fn events_open(&self) -> bool {
        self.events.as_ref().is_some_and(|events| events.is_open())
    }

    /// Whether a trace takes lines (asked for, not cut).
    pub fn trace_open(&self) -> bool {
        self.trace.as_ref().is_some_and(|trace| trace.is_open())
    }

    /// Whether a sink still takes what it is told (an event stream not
    /// cut at its limit, a trace): a watch of its own skips building
    /// what none would take.
    pub fn is_open(&self) -> bool {
        self.events_open() || self.trace_open()
    }

    /// Writes the event `kind` with `payload`'s fields, when events are
    /// asked for.
    pub fn emit<T: Serialize>(&mut self, kind: &str, payload: &T) {
        if let Some(events) = self.events.as_deref_mut() {
            events.emit(kind, payload);
        }
    }

    /// Writes a trace line, when a trace is asked for.
    pub fn line(&mut self, text: impl Display) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.line(text);
        }
    }

    /// Writes the `end` event of a run that ended with `status`, its
    /// `stats` as given (`{"nodes", "micros", ...}`).
    pub fn end(&mut self, status: puzzle_kit::Status, stats: Value) {
        self.emit("end", &end_fields(status, stats));
    }
}

/// The `end` event's fields from a status and `stats` fields.
fn end_fields(status: puzzle_kit::Status, stats: Value) -> Map<String, Value> {
    let mut fields = Map::new();
    fields.insert("status".into(), status.name().into());
    if let Some(limit) = status.limit() {
        fields.insert("limit".into(), limit.name().into());
    }
    fields.insert("stats".into(), stats);
    fields
}

/// The observer of a search-core run behind `--trace` and `--events`.
/// `render` shows a state, `name_move` a move.
///
/// Trace lines, one per call: `tested #3 142308657 (depth 1, g 1, h 4, f 5):
/// expanded, 2 untested`, then one per successor: `  + #4 up 102348657` (new),
/// `  x left 142358607 (duplicate)` (dropped; `cycle`, `over bound`, ...).
pub struct SearchWatch<'a, 'b, S, M> {
    sinks: Sinks<'a, 'b>,
    render: &'a dyn Fn(&S) -> Rendered,
    name_move: &'a dyn Fn(&M) -> String,
}

impl<S, M> std::fmt::Debug for SearchWatch<'_, '_, S, M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchWatch").finish_non_exhaustive()
    }
}

impl<'a, 'b, S, M> SearchWatch<'a, 'b, S, M> {
    /// A watch writing to `sinks`.
    pub fn new(
        sinks: Sinks<'a, 'b>,
        render: &'a dyn Fn(&S) -> Rendered,
        name_move: &'a dyn Fn(&M) -> String,
    ) -> Self {
        SearchWatch {
            sinks,
            render,
            name_move,
        }
    }

    fn node<C: Serialize + Display + search_core::Cost>(
        &mut self,
        kind: &str,
        verdict: &str,
        node: &search_core::NodeView<'_, S, C>,
    ) {
        let events = self.sinks.events_open();
        let trace = self.sinks.trace_open();
        if !events && !trace {
            return;
        }
        let rendered = (self.render)(node.state);
        if events {
            let mut fields = Map::new();
            fields.insert("id".into(), node.id.into());
            if let Some(parent) = node.parent {
                fields.insert("parent".into(), parent.into());
            }
            fields.insert("depth".into(), node.depth.into());
            fields.insert("g".into(), json!(node.g));
            fields.insert("h".into(), json!(node.h));
            fields.insert("f".into(), json!(node.f()));
            fields.insert("frontier".into(), node.frontier.into());
            rendered.insert_into(&mut fields, true);
            self.sinks.emit(kind, &fields);
        }
        if trace {
            let (id, depth, g, h, f) = (node.id, node.depth, node.g, node.h, node.f());
            let state = rendered.short();
            let waiting = node.frontier;
            self.sinks.line(format_args!(
                "tested #{id} {state} (depth {depth}, g {g}, h {h}, f {f}): {verdict}, {waiting} untested"
            ));
        }
    }
}

impl<S, M, C> search_core::Observer<S, M, C> for SearchWatch<'_, '_, S, M>
where
    C: search_core::Cost + Serialize + Display,
{
    fn start(&mut self, state: &S) {
        let rendered = (self.render)(state);
        let mut fields = Map::new();
        rendered.insert_into(&mut fields, true);
        self.sinks.emit("start", &fields);
        self.sinks.line(format_args!("start {}", rendered.short()));
    }

    fn iteration(&mut self, number: u32, bound: search_core::Bound<C>) {
        let (kind, value, words) = match bound {
            search_core::Bound::Depth(depth) => ("depth", json!(depth), "depth limit"),
            search_core::Bound::Cost(cost) => ("cost", json!(cost), "f bound"),
        };
        let mut fields = Map::new();
        fields.insert("number".into(), number.into());
        fields.insert("bound".into(), value.clone());
        fields.insert("bound_kind".into(), kind.into());
        self.sinks.emit("iteration", &fields);
        self.sinks
            .line(format_args!("iteration {number}: {words} {value}"));
    }

    fn expanded(&mut self, node: &search_core::NodeView<'_, S, C>) {
        self.node("expand", "expanded", node);
    }

    fn generated(&mut self, child: &search_core::Generated<'_, S, M, C>) {
        let events = self.sinks.events_open();
        let trace = self.sinks.trace_open();
        if !events && !trace {
            return;
        }
        let rendered = (self.render)(child.state);
        let mv = child.mv.map(|mv| (self.name_move)(mv));
        if events {
            let mut fields = Map::new();
            if let Some(id) = child.id {
                fields.insert("id".into(), id.into());
            }
            if let Some(parent) = child.parent {
                fields.insert("parent".into(), parent.into());
            }
            if let Some(mv) = &mv {
                fields.insert("move".into(), mv.clone().into());
            }
            fields.insert("depth".into(), child.depth.into());
            fields.insert("g".into(), json!(child.g));
            fields.insert("result".into(), child.fate.name().into());
            rendered.insert_into(&mut fields, false);
            self.sinks.emit("generate", &fields);
        }
        // The start is shown by its `start` line.
        if trace && let Some(mv) = mv {
            let state = rendered.short();
            match child.id {
                Some(id) if child.fate == search_core::Fate::New => {
                    self.sinks.line(format_args!("  + #{id} {mv} {state}"));
                }
                _ => {
                    let why = child.fate.name().replace('_', " ");
                    self.sinks.line(format_args!("  x {mv} {state} ({why})"));
                }
            }
        }
    }

    fn goal(&mut self, node: &search_core::NodeView<'_, S, C>) {
        self.node("goal", "goal", node);
    }

    fn depth_cut(&mut self, node: &search_core::NodeView<'_, S, C>) {
        self.node("depth_cut", "at the depth limit", node);
    }

    fn end(&mut self, status: search_core::Status, stats: &search_core::Stats) {
        let micros = u64::try_from(stats.elapsed.as_micros()).unwrap_or(u64::MAX);
        let counters = json!({
            "nodes": stats.generated,
            "micros": micros,
            "num_tested": stats.num_tested,
            "expanded": stats.expanded,
            "max_frontier": stats.max_frontier,
            "iterations": stats.iterations,
        });
        self.sinks.end(status, counters);
        let limit = status
            .limit()
            .map(|limit| format!(" ({limit} limit)"))
            .unwrap_or_default();
        self.sinks.line(format_args!(
            "end: {}{limit}, {} tested, {} expanded, {} generated",
            status.name(),
            stats.num_tested,
            stats.expanded,
            stats.generated
        ));
    }
}

/// What a crate's observer of a course formulation's own search writes to,
/// to tell it in the formulation's words (the boards the DFS on the most
/// constrained cell pops, the open list of Gogen's DFS with look-ahead):
/// search-core's events, written by a [`SearchWatch`] that writes no trace
/// lines; the trace, for the crate's own lines; and the search tree,
/// started afresh under a title, one node per board taken up.
pub struct FormulationOutputs<'a, 'b, S, M> {
    /// The events of every call, as [`SearchWatch`] writes them.
    pub events: SearchWatch<'a, 'b, S, M>,
    trace: Option<&'a mut Trace<'b>>,
    tree: Option<&'a mut SearchTree>,
}

impl<S, M> std::fmt::Debug for FormulationOutputs<'_, '_, S, M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FormulationOutputs").finish_non_exhaustive()
    }
}

impl<'a, 'b, S, M> FormulationOutputs<'a, 'b, S, M> {
    /// The events and trace of `sinks` and, if given, `tree`, started
    /// afresh under `title`; `render` shows a state in the events,
    /// `name_move` a move.
    pub fn new(
        sinks: Sinks<'a, 'b>,
        tree: Option<&'a mut SearchTree>,
        title: impl Into<String>,
        render: &'a dyn Fn(&S) -> Rendered,
        name_move: &'a dyn Fn(&M) -> String,
    ) -> Self {
        let Sinks { events, trace } = sinks;
        let mut tree = tree;
        if let Some(tree) = tree.as_deref_mut() {
            *tree = SearchTree::new(title);
        }
        let events = Sinks {
            events,
            trace: None,
        };
        FormulationOutputs {
            events: SearchWatch::new(events, render, name_move),
            trace,
            tree,
        }
    }

    /// Whether trace lines are still written.
    pub fn tracing(&self) -> bool {
        self.trace.as_ref().is_some_and(|trace| trace.is_open())
    }

    /// Whether a tree is drawn.
    pub fn drawing(&self) -> bool {
        self.tree.is_some()
    }

    /// Writes one trace line, if tracing.
    pub fn line(&mut self, text: impl Display) {
        if let Some(trace) = self.trace.as_deref_mut() {
            trace.line(text);
        }
    }

    /// Draws `node` (`#id depth d` above `label`), dashed if `cut`, and the
    /// path to it marked if it is a `goal`.
    pub fn draw<C>(
        &mut self,
        node: &search_core::NodeView<'_, S, C>,
        label: Vec<String>,
        cut: bool,
        goal: bool,
    ) {
        if let Some(tree) = self.tree.as_deref_mut() {
            let (id, depth) = (node.id, node.depth);
            tree.push(
                TreeNode::new(id, node.parent)
                    .with_label(label)
                    .with_detail(format!("#{id} depth {depth}"))
                    .with_cut(cut),
            );
            if goal {
                tree.mark_path_to(id);
            }
        }
    }

    /// The end: its event, and the line `end: solved, 12 boards popped,
    /// 30 made`, `popped` naming what the search takes up.
    pub fn end(&mut self, status: search_core::Status, stats: &search_core::Stats, popped: &str) {
        search_core::Observer::<S, M, u32>::end(&mut self.events, status, stats);
        let limit = status
            .limit()
            .map(|limit| format!(" ({limit} limit)"))
            .unwrap_or_default();
        self.line(format_args!(
            "end: {}{limit}, {} {popped} popped, {} made",
            status.name(),
            stats.num_tested,
            stats.generated
        ));
    }
}

/// The observer of a csp-core run behind `--trace` and `--events`.
/// `name` names a variable, `render` shows a solution (values by
/// variable index).
///
/// Trace lines, one per call: `propagate (decision) at depth 2`,
/// `revise 1A against 2D: removed 3 values`, `prune r1c1 by all-different:
/// 4 5`, `wipeout r2c3`, `decide r1c1 = 4 (depth 1)`, `refute r1c1 = 4
/// (depth 0)`, `backtrack to depth 0`, `solution 12345...`, `restart 2`.
pub struct CspWatch<'a, 'b> {
    sinks: Sinks<'a, 'b>,
    name: &'a dyn Fn(csp_core::Var) -> String,
    render: &'a dyn Fn(&[i32]) -> Rendered,
    /// How many removed values a trace line lists before `...`.
    listed: usize,
}

impl std::fmt::Debug for CspWatch<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CspWatch").finish_non_exhaustive()
    }
}

impl<'a, 'b> CspWatch<'a, 'b> {
    /// A watch writing to `sinks`.
    pub fn new(
        sinks: Sinks<'a, 'b>,
        name: &'a dyn Fn(csp_core::Var) -> String,
        render: &'a dyn Fn(&[i32]) -> Rendered,
    ) -> Self {
        CspWatch {
            sinks,
            name,
            render,
            listed: 12,
        }
    }

    fn values(&self, values: &[i32]) -> String {
        let mut text: Vec<String> = values
            .iter()
            .take(self.listed)
            .map(i32::to_string)
            .collect();
        if values.len() > self.listed {
            text.push(format!("... ({} in all)", values.len()));
        }
        text.join(" ")
    }

    fn decision(&mut self, kind: &str, var: csp_core::Var, value: i32, depth: usize) {
        let name = (self.name)(var);
        if self.sinks.events_open() {
            let fields = json!({"var": name, "value": value, "depth": depth});
            if let Value::Object(fields) = fields {
                self.sinks.emit(kind, &fields);
            }
        }
        let verb = if kind == "decide" { "decide" } else { "refute" };
        self.sinks
            .line(format_args!("{verb} {name} = {value} (depth {depth})"));
    }
}

impl csp_core::Observer for CspWatch<'_, '_> {
    fn propagate(&mut self, cause: csp_core::Cause, depth: usize) {
        let fields = json!({"cause": cause.name(), "depth": depth});
        if let Value::Object(fields) = fields {
            self.sinks.emit("propagate", &fields);
        }
        self.sinks.line(format_args!(
            "propagate ({}) at depth {depth}",
            cause.name()
        ));
    }

    fn arc_revised(
        &mut self,
        x: csp_core::Var,
        y: csp_core::Var,
        removed: &[i32],
        added: &[(csp_core::Var, csp_core::Var)],
    ) {
        let events = self.sinks.events_open();
        let trace = self.sinks.trace_open();
        if !events && !trace {
            return;
        }
        let (x, y) = ((self.name)(x), (self.name)(y));
        if events {
            let added: Vec<[String; 2]> = added
                .iter()
                .map(|&(a, b)| [(self.name)(a), (self.name)(b)])
                .collect();
            let fields = json!({"x": x, "y": y, "removed": removed, "added": added});
            if let Value::Object(fields) = fields {
                self.sinks.emit("revise", &fields);
            }
        }
        if trace {
            let what = if removed.is_empty() {
                "nothing removed".to_owned()
            } else {
                format!("removed {}", self.values(removed))
            };
            self.sinks
                .line(format_args!("revise {x} against {y}: {what}"));
        }
    }

    fn pruned(&mut self, propagator: &str, var: csp_core::Var, removed: &[i32]) {
        self.pruned_because(propagator, None, var, removed);
    }

    fn pruned_because(
        &mut self,
        propagator: &str,
        reason: Option<&str>,
        var: csp_core::Var,
        removed: &[i32],
    ) {
        let name = (self.name)(var);
        if self.sinks.events_open() {
            let mut fields = json!({"propagator": propagator, "var": name, "removed": removed});
            if let (Some(reason), Value::Object(fields)) = (reason, &mut fields) {
                fields.insert("reason".into(), reason.into());
            }
            if let Value::Object(fields) = fields {
                self.sinks.emit("prune", &fields);
            }
        }
        if self.sinks.trace_open() {
            let values = self.values(removed);
            match reason {
                Some(reason) => self.sinks.line(format_args!(
                    "prune {name} by {propagator} ({reason}): {values}"
                )),
                None => self
                    .sinks
                    .line(format_args!("prune {name} by {propagator}: {values}")),
            }
        }
    }

    fn wipeout(&mut self, var: Option<csp_core::Var>) {
        self.propagator_failed("", None, var);
    }

    fn propagator_failed(
        &mut self,
        propagator: &str,
        reason: Option<&str>,
        var: Option<csp_core::Var>,
    ) {
        let name = var.map(|var| (self.name)(var));
        let mut fields = Map::new();
        if let Some(name) = &name {
            fields.insert("var".into(), name.clone().into());
        }
        // The failing propagator and its rule are told only where the
        // propagator names a rule, so the streams of the others stay as
        // they were.
        if let Some(reason) = reason {
            fields.insert("propagator".into(), propagator.into());
            fields.insert("reason".into(), reason.into());
        }
        self.sinks.emit("wipeout", &fields);
        match (name, reason) {
            (Some(name), Some(reason)) => self
                .sinks
                .line(format_args!("wipeout {name} by {propagator} ({reason})")),
            (None, Some(reason)) => self
                .sinks
                .line(format_args!("wipeout: {propagator} failed ({reason})")),
            (Some(name), None) => self.sinks.line(format_args!("wipeout {name}")),
            (None, None) => self.sinks.line("wipeout (a constraint failed)"),
        }
    }

    fn decision(&mut self, var: csp_core::Var, value: i32, depth: usize) {
        CspWatch::decision(self, "decide", var, value, depth);
    }

    fn refutation(&mut self, var: csp_core::Var, value: i32, depth: usize) {
        CspWatch::decision(self, "refute", var, value, depth);
    }

    fn backtrack(&mut self, depth: usize) {
        let mut fields = Map::new();
        fields.insert("depth".into(), depth.into());
        self.sinks.emit("backtrack", &fields);
        self.sinks.line(format_args!("backtrack to depth {depth}"));
    }

    fn solution(&mut self, values: &[i32]) {
        if !self.sinks.events_open() && !self.sinks.trace_open() {
            return;
        }
        let rendered = (self.render)(values);
        let mut fields = Map::new();
        rendered.insert_into(&mut fields, true);
        self.sinks.emit("solution", &fields);
        self.sinks
            .line(format_args!("solution {}", rendered.short()));
    }

    fn restart(&mut self, run: u64) {
        let mut fields = Map::new();
        fields.insert("run".into(), run.into());
        self.sinks.emit("restart", &fields);
        self.sinks.line(format_args!("restart {run}"));
    }

    fn end(&mut self, status: csp_core::Status, stats: &csp_core::Stats) {
        let micros = u64::try_from(stats.elapsed.as_micros()).unwrap_or(u64::MAX);
        let counters = json!({
            "nodes": stats.nodes,
            "micros": micros,
            "backtracks": stats.backtracks,
            "propagations": stats.propagations,
            "arc_revisions": stats.arc_revisions,
            "prunings": stats.prunings,
            "solutions": stats.solutions,
        });
        self.sinks.end(status, counters);
        self.sinks.line(format_args!(
            "end: {}, {} nodes, {} backtracks",
            status.name(),
            stats.nodes,
            stats.backtracks
        ));
    }
}

/// The observer of a csp-core run behind `--trace`, `--events` and
/// `--tree-svg`: the events and trace of a [`CspWatch`], and the
/// domain-splitting tree, the root and then one node per decision under
/// the decision it was made below, the path to each solution marked, and
/// each failed decision (its subtree searched, no solution in it) cut off,
/// drawn dashed. A decision still in force when a limit stopped the search
/// is neither.
/// `name_decision` names a decision as the node reads (`r3 = c5`,
/// `r1c3 = 2`). The watch is any csp-core observer: a crate whose events
/// carry more than [`CspWatch`] writes (crossword's words) brings its own.
pub struct SplitTree<'a, W> {
    watch: W,
    tree: Option<&'a mut SearchTree>,
    name_decision: &'a dyn Fn(csp_core::Var, i32) -> String,
    /// The tree ids of the decisions in force, the root first, each with
    /// whether a solution was found below it.
    path: Vec<(u64, bool)>,
    next: u64,
}

impl<W> std::fmt::Debug for SplitTree<'_, W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SplitTree")
            .field("next", &self.next)
            .finish_non_exhaustive()
    }
}

impl<'a, W: csp_core::Observer> SplitTree<'a, W> {
    /// Forwards every call to `watch` and, if `tree` is given, starts it
    /// afresh under `title` with its root and grows it.
    pub fn new(
        watch: W,
        tree: Option<&'a mut SearchTree>,
        title: impl Into<String>,
        name_decision: &'a dyn Fn(csp_core::Var, i32) -> String,
    ) -> Self {
        let mut tree = tree;
        if let Some(tree) = tree.as_deref_mut() {
            *tree = SearchTree::new(title);
            tree.push(
                TreeNode::new(0, None)
                    .with_label(["root"])
                    .with_detail("depth 0"),
            );
        }
        SplitTree {
            watch,
            tree,
            name_decision,
            path: vec![(0, false)],
            next: 1,
        }
    }

    /// Leaves the decisions below the first `keep` of the path (the root
    /// stays): their subtrees are searched, and one without a solution is
    /// a failed decision.
    fn leave(&mut self, keep: usize) {
        let Some(tree) = self.tree.as_deref_mut() else {
            return;
        };
        while self.path.len() > keep.max(1) {
            if let Some((id, false)) = self.path.pop() {
                tree.mark_cut(id);
            }
        }
    }
}

impl<W: csp_core::Observer> csp_core::Observer for SplitTree<'_, W> {
    fn propagate(&mut self, cause: csp_core::Cause, depth: usize) {
        self.watch.propagate(cause, depth);
    }

    fn arc_revised(
        &mut self,
        x: csp_core::Var,
        y: csp_core::Var,
        removed: &[i32],
        added: &[(csp_core::Var, csp_core::Var)],
    ) {
        self.watch.arc_revised(x, y, removed, added);
    }

    fn pruned(&mut self, propagator: &str, var: csp_core::Var, removed: &[i32]) {
        self.watch.pruned(propagator, var, removed);
    }

    fn pruned_because(
        &mut self,
        propagator: &str,
        reason: Option<&str>,
        var: csp_core::Var,
        removed: &[i32],
    ) {
        self.watch.pruned_because(propagator, reason, var, removed);
    }

    fn wipeout(&mut self, var: Option<csp_core::Var>) {
        self.watch.wipeout(var);
    }

    fn propagator_failed(
        &mut self,
        propagator: &str,
        reason: Option<&str>,
        var: Option<csp_core::Var>,
    ) {
        self.watch.propagator_failed(propagator, reason, var);
    }

    fn decision(&mut self, var: csp_core::Var, value: i32, depth: usize) {
        // The trait's `decision`: CspWatch's own (which writes either kind)
        // would hide it.
        csp_core::Observer::decision(&mut self.watch, var, value, depth);
        // A decision at depth d hangs below the decision at depth d - 1
        // still in force (the root for depth 1); those deeper are done.
        self.leave(depth);
        if let Some(tree) = self.tree.as_deref_mut() {
            let parent = self.path.last().map(|&(id, _)| id);
            let id = self.next;
            self.next += 1;
            tree.push(
                TreeNode::new(id, parent)
                    .with_label([(self.name_decision)(var, value)])
                    .with_detail(format!("depth {depth}")),
            );
            self.path.push((id, false));
        }
    }

    fn refutation(&mut self, var: csp_core::Var, value: i32, depth: usize) {
        self.watch.refutation(var, value, depth);
    }

    fn backtrack(&mut self, depth: usize) {
        self.watch.backtrack(depth);
        // The root and `depth` decisions stay in force.
        self.leave(depth + 1);
    }

    fn solution(&mut self, values: &[i32]) {
        self.watch.solution(values);
        if let (Some(tree), Some(&(id, _))) = (self.tree.as_deref_mut(), self.path.last()) {
            tree.mark_path_to(id);
            for (_, solved) in &mut self.path {
                *solved = true;
            }
        }
    }

    fn restart(&mut self, run: u64) {
        self.watch.restart(run);
        // The decisions in force are given up, not searched to the end.
        self.path.truncate(1);
    }

    fn end(&mut self, status: csp_core::Status, stats: &csp_core::Stats) {
        self.watch.end(status, stats);
        // A search that ran to its end searched every decision left in
        // force; one stopped by a limit did not.
        if status.limit().is_none() {
            self.leave(1);
        }
    }
}

/// Writes the tree of `--tree-svg PATH`: its SVG to `path` and its
/// Graphviz DOT beside it (`path` + `.dot`).
pub fn write_tree(path: &std::path::Path, tree: &SearchTree) -> anyhow::Result<()> {
    std::fs::write(path, tree.to_svg())
        .map_err(|error| anyhow::anyhow!("cannot write {}: {error}", path.display()))?;
    let mut dot = path.as_os_str().to_owned();
    dot.push(".dot");
    let dot = std::path::PathBuf::from(dot);
    std::fs::write(&dot, tree.to_dot())
        .map_err(|error| anyhow::anyhow!("cannot write {}: {error}", dot.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::{Algorithm, Config, from_fn};

    #[test]
    fn a_watched_search_writes_the_same_run_as_events_and_trace_lines() {
        let line = from_fn(
            |&n: &i32| [('-', n - 1, 1u32), ('+', n + 1, 1)],
            |&n: &i32| n == 2,
        )
        .with_heuristic(|&n: &i32| (2 - n).unsigned_abs());
        let render = |n: &i32| Rendered {
            view: format!("[{n}]"),
            line: Some(n.to_string()),
        };
        let name_move = |mv: &char| mv.to_string();
        let mut events = Events::to_writer(Box::new(Vec::new()) as Box<dyn Write + Send>, 1000);
        let mut text = Vec::new();
        let mut trace = Trace::new(&mut text, 1000);
        let sinks = Sinks {
            events: Some(&mut events),
            trace: Some(&mut trace),
        };
        let mut watch = SearchWatch::new(sinks, &render, &name_move);
        let search = Algorithm::AStar.run_observed(&line, 0, &Config::default(), &mut watch);
        assert_eq!(search.path().map(|path| path.cost), Some(2));
        trace.finish().expect("written");
        let text = String::from_utf8(text).expect("utf-8");
        assert_eq!(
            text,
            "start 0\n\
             tested #0 0 (depth 0, g 0, h 2, f 2): expanded, 0 untested\n  \
             + #1 - -1\n  \
             + #2 + 1\n\
             tested #2 1 (depth 1, g 1, h 1, f 2): expanded, 1 untested\n  \
             x - 0 (duplicate)\n  \
             + #3 + 2\n\
             tested #3 2 (depth 2, g 2, h 0, f 2): goal, 1 untested\n\
             end: solved, 3 tested, 2 expanded, 5 generated\n"
        );
        assert_eq!(events.written(), 10);
    }
}

#[cfg(test)]
mod split_tree_tests {
    use super::*;
    use csp_core::{Config, Model};

    #[test]
    fn the_split_tree_hangs_each_decision_below_the_one_in_force_and_marks_solutions() {
        // Three variables 0..2 all different: every value of the first is
        // a decision at depth 1, below the root.
        let mut model = Model::new();
        let vars = model.new_vars(3, 0..3);
        model.all_different(&vars);
        let name = |var: csp_core::Var| format!("x{}", var.index());
        let render = |values: &[i32]| Rendered {
            view: format!("{values:?}"),
            line: None,
        };
        let name_decision = |var: csp_core::Var, value: i32| format!("x{} = {value}", var.index());
        let mut tree = SearchTree::new("old");
        let mut events = Events::to_writer(Box::new(Vec::new()) as Box<dyn Write + Send>, 1000);
        let sinks = Sinks {
            events: Some(&mut events),
            trace: None,
        };
        let mut split = SplitTree::new(
            CspWatch::new(sinks, &name, &render),
            Some(&mut tree),
            "csp on three",
            &name_decision,
        );
        let mut solver = csp_core::Solver::new(model, Config::default());
        let outcome = solver.count_observed(u64::MAX, &mut split);
        assert_eq!(outcome.count, 6);
        let nodes = tree.nodes();
        assert_eq!(
            nodes.len() as u64,
            outcome.stats.nodes,
            "the root and one node per decision"
        );
        assert_eq!(nodes[0].label, ["root"]);
        for node in &nodes[1..] {
            let parent = nodes
                .iter()
                .find(|other| Some(other.id) == node.parent)
                .expect("the parent is drawn before the child");
            let depth = |node: &TreeNode| {
                node.detail
                    .trim_start_matches("depth ")
                    .parse::<u32>()
                    .unwrap()
            };
            assert_eq!(depth(node), depth(parent) + 1, "{node:?} under {parent:?}");
        }
        // The marked nodes are closed under parent, and each solution ends
        // a marked path of its own: six marked leaves.
        let marked: Vec<&TreeNode> = nodes.iter().filter(|node| node.on_goal_path).collect();
        assert!(marked[0].parent.is_none(), "the root is marked");
        for node in &marked[1..] {
            assert!(
                marked.iter().any(|other| Some(other.id) == node.parent),
                "{node:?}"
            );
        }
        let leaves = marked
            .iter()
            .filter(|node| !marked.iter().any(|child| child.parent == Some(node.id)))
            .count();
        assert_eq!(leaves as u64, outcome.count);
        assert!(events.written() > 0);
    }
}

#[cfg(test)]
mod failed_decision_tests {
    use super::*;
    use csp_core::{Config, Model};

    /// The tree of 4-queens (a queen per row, the column its value)
    /// counted under `config`, with its outcome's status.
    fn four_queens_tree(config: Config) -> (SearchTree, csp_core::CountStatus) {
        let mut model = Model::new();
        let rows = model.new_vars(4, 0..4);
        model.all_different(&rows);
        let up: Vec<(csp_core::Var, i32)> = (0..4).map(|row| (rows[row], row as i32)).collect();
        let down: Vec<(csp_core::Var, i32)> =
            (0..4).map(|row| (rows[row], -(row as i32))).collect();
        model.all_different_offset(&up);
        model.all_different_offset(&down);
        let name = |var: csp_core::Var| format!("r{}", var.index());
        let render = |values: &[i32]| Rendered {
            view: format!("{values:?}"),
            line: None,
        };
        let name_decision = |var: csp_core::Var, value: i32| format!("r{} = {value}", var.index());
        let mut tree = SearchTree::new("");
        let mut split = SplitTree::new(
            CspWatch::new(Sinks::default(), &name, &render),
            Some(&mut tree),
            "4 queens",
            &name_decision,
        );
        let outcome = csp_core::Solver::new(model, config).count_observed(u64::MAX, &mut split);
        (tree, outcome.status)
    }

    #[test]
    fn a_decision_whose_subtree_holds_no_solution_is_cut_off() {
        let config = Config::default().inference(csp_core::Inference::ForwardChecking);
        let (tree, status) = four_queens_tree(config);
        assert_eq!(status, csp_core::CountStatus::Complete);
        let nodes = tree.nodes();
        assert!(!nodes[0].cut, "the root is no decision");
        // Searched to the end, every decision either led to one of the
        // two solutions (marked) or failed (cut), never both.
        for node in &nodes[1..] {
            assert_ne!(node.cut, node.on_goal_path, "{node:?}");
        }
        assert!(nodes.iter().any(|node| node.cut));
        let svg = tree.to_svg();
        assert_eq!(
            svg.matches("stroke-dasharray").count(),
            nodes.iter().filter(|node| node.cut).count()
        );
    }

    #[test]
    fn a_decision_in_force_when_a_limit_stops_the_search_is_not_cut() {
        let config = Config::default()
            .inference(csp_core::Inference::ForwardChecking)
            .node_limit(4);
        let (tree, status) = four_queens_tree(config);
        assert!(matches!(status, csp_core::CountStatus::Limit(_)));
        let nodes = tree.nodes();
        let last = nodes.last().expect("decisions were drawn");
        assert!(!last.cut && !last.on_goal_path, "{last:?}");
    }
}

#[cfg(test)]
mod reason_tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use csp_core::{Config, Model};

    /// A writer whose bytes the test reads afterwards.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0
                .lock()
                .expect("not poisoned")
                .extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// The events and trace of AC-3 on `model`.
    fn watched(model: Model) -> (Vec<Value>, String) {
        let shared = Shared::default();
        let mut events = Events::to_writer(Box::new(shared.clone()) as Box<dyn Write + Send>, 1000);
        let mut text = Vec::new();
        let mut trace = Trace::new(&mut text, 1000);
        let name = |var: csp_core::Var| format!("x{}", var.index());
        let render = |values: &[i32]| Rendered {
            view: format!("{values:?}"),
            line: None,
        };
        let sinks = Sinks {
            events: Some(&mut events),
            trace: Some(&mut trace),
        };
        let mut watch = CspWatch::new(sinks, &name, &render);
        csp_core::Solver::new(model, Config::default()).ac3_observed(&mut watch);
        trace.finish().expect("written");
        let bytes = shared.0.lock().expect("not poisoned").clone();
        let events = String::from_utf8(bytes)
            .expect("utf-8")
            .lines()
            .map(|line| serde_json::from_str(line).expect("a JSON line"))
            .collect();
        (events, String::from_utf8(text).expect("utf-8"))
    }

    #[test]
    fn a_graph_constraint_names_its_rule_on_prune_and_wipeout() {
        // A path 0 - 1 - 2 with its ends chosen: 1 is a cut node.
        let mut model = Model::new();
        let nodes = model.new_vars(3, 0..=1);
        model.connected(&[(0, 1), (1, 2)], &nodes);
        model.assign(nodes[0], 1);
        model.assign(nodes[2], 1);
        let (events, trace) = watched(model);
        let prune = events
            .iter()
            .find(|event| event["kind"] == "prune")
            .expect("a prune");
        assert_eq!(prune["propagator"], "connected");
        assert_eq!(prune["reason"], "cut node");
        assert_eq!(prune["var"], "x1");
        assert!(
            trace.contains("prune x1 by connected (cut node): 0"),
            "{trace}"
        );

        // The same path with the middle removed: the ends are apart.
        let mut model = Model::new();
        let nodes = model.new_vars(3, 0..=1);
        model.connected(&[(0, 1), (1, 2)], &nodes);
        model.assign(nodes[0], 1);
        model.assign(nodes[1], 0);
        model.assign(nodes[2], 1);
        let (events, trace) = watched(model);
        let wipeout = events
            .iter()
            .find(|event| event["kind"] == "wipeout")
            .expect("a wipeout");
        assert_eq!(wipeout["propagator"], "connected");
        assert_eq!(wipeout["reason"], "disconnected");
        assert!(wipeout.get("var").is_none());
        assert!(
            trace.contains("wipeout: connected failed (disconnected)"),
            "{trace}"
        );
    }

    #[test]
    fn a_constraint_naming_no_rule_writes_the_events_it_wrote_before() {
        let mut model = Model::new();
        let vars = model.new_vars(3, 0..2);
        model.all_different(&vars);
        let (events, _) = watched(model);
        let wipeout = events
            .iter()
            .find(|event| event["kind"] == "wipeout")
            .expect("three variables, two values");
        assert!(wipeout.get("propagator").is_none() && wipeout.get("reason").is_none());
        assert!(events.iter().all(|event| event.get("reason").is_none()));
    }
}
