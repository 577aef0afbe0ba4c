//! The crossword view's part of the generic route (`view=own`): the two
//! algorithms it replays (AC-3 with its revision table, the default, and
//! MAC on csp-core), the grids and lists it draws (15 x 15, 1,000 words,
//! a list of one's own), its heavy solves (MAC), the arcs a student
//! clicks, and beside the generic answer the constraint graph the page
//! draws: the slots with their words before AC-3, and the arcs in the
//! order AC-3 first queues them (csp-core's `Model::arcs`). The fill, its
//! record and its events are the generic route's, as `crossword fill
//! --algo A --events - --json` runs them.
//!
//! The arcs clicked (`clicks=3D-1A@0,6D-8A@5`: revise 3D against 1A once
//! no revision is done, then 6D against 8A once five are) go to the crate
//! as `Options::ac3_clicks`: csp-core's AC-3 revises them at their turn,
//! so the explorer holds no AC-3 of its own.

use cli_kit::app::{Show, Solved};
use cli_kit::front::Own;
use crossword::{Algo, ClickedArc, Grid, Options, Problem, Slots};
use serde_json::{Value, json};

use crate::api::ApiError;
use crate::puzzle_api::Extension;

/// The largest grid the view takes: its graph and domains must fit a page.
const MAX_SIDE: usize = 15;
/// The most words of a list the view takes.
const MAX_WORDS: usize = 1_000;
/// The most arcs a link may click.
const MAX_CLICKS: usize = 200;

/// The crossword view.
pub(crate) struct CrosswordView;

impl Extension<Grid> for CrosswordView {
    /// The arcs clicked, which go to the fill as `Options::ac3_clicks`.
    const PAGE_KEYS: &'static [&'static str] = &["clicks"];
    /// AC-3 alone, the default, and MAC search.
    const ALGOS: Option<&'static [Algo]> = Some(&[Algo::Ac3, Algo::Mac]);

    /// Grids to 15 x 15, a word list of one's own of at most 1,000 words,
    /// and the clicks (with `ac3` only).
    fn admit(grid: &Grid, options: &mut Options, page: Own<'_>) -> Result<(), ApiError> {
        if grid.rows() > MAX_SIDE || grid.cols() > MAX_SIDE {
            return Err(ApiError::bad(
                "puzzle",
                format!(
                    "a {} x {} grid: this view takes grids of at most {MAX_SIDE} x {MAX_SIDE} (the command line takes larger ones)",
                    grid.rows(),
                    grid.cols()
                ),
            ));
        }
        match options.words.as_ref().map(|words| words.0.len()) {
            None => {
                return Err(ApiError::bad(
                    "words",
                    "expected a word list: one word a line (this view has no built-in list)",
                ));
            }
            Some(count) if count > MAX_WORDS => {
                return Err(ApiError::bad(
                    "words",
                    format!("{count} words: this view takes at most {MAX_WORDS}"),
                ));
            }
            Some(_) => {}
        }
        let clicks = page.iter().rev().find(|(key, _)| key == "clicks");
        let Some((_, text)) = clicks.filter(|(_, text)| !text.trim().is_empty()) else {
            return Ok(());
        };
        if options.algo != Algo::Ac3 {
            return Err(ApiError::bad(
                "clicks",
                "clicked arcs are revised by ac3 only: drop them or choose ac3",
            ));
        }
        options.ac3_clicks = parse_clicks(text, &Slots::new(grid))?;
        Ok(())
    }

    /// MAC searches, up to the node limit; AC-3 alone is one pass.
    fn heavy(_grid: &Grid, options: &Options) -> bool {
        options.algo == Algo::Mac
    }

    /// `graph`, the constraint graph the page draws.
    fn fields(
        solved: &Solved<Grid>,
        options: &Options,
        _view: &<Grid as Show>::View,
        _trace: &[&str],
    ) -> Vec<(&'static str, String)> {
        let problem = Problem::new(solved.puzzle.clone(), &options.word_list());
        vec![("graph", graph(&problem, options).to_string())]
    }
}

/// `3D-1A@0,6D-8A@5` (`@N` may be left out: `@0`): the arcs clicked, each
/// a pair of slots that cross, with the revisions done before it, never
/// fewer than the click before it.
fn parse_clicks(text: &str, slots: &Slots) -> Result<Vec<ClickedArc>, ApiError> {
    let slot = |name: &str, column: usize| {
        slots
            .slots
            .iter()
            .position(|slot| slot.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                ApiError::bad(
                    "clicks",
                    format!("column {column}: expected a slot of the grid such as 1A or 2D, found '{name}'"),
                )
            })
    };
    let mut clicks: Vec<ClickedArc> = Vec::new();
    let mut column = 1;
    for item in text.split(',') {
        if clicks.len() == MAX_CLICKS {
            return Err(ApiError::bad(
                "clicks",
                format!("column {column}: more than {MAX_CLICKS} clicked arcs"),
            ));
        }
        let (arc, after) = match item.split_once('@') {
            Some((arc, after)) => {
                let at = column + arc.len() + 1;
                let after = after.trim().parse::<u64>().map_err(|_| {
                    ApiError::bad(
                        "clicks",
                        format!("column {at}: expected the revisions done before the click, a number, found '{after}'"),
                    )
                })?;
                (arc, after)
            }
            None => (item, 0),
        };
        let Some((x, y)) = arc.split_once('-') else {
            return Err(ApiError::bad(
                "clicks",
                format!(
                    "column {column}: expected an arc such as 1A-2D (revise 1A against 2D), found '{item}'"
                ),
            ));
        };
        let (x, y) = (
            slot(x.trim(), column)?,
            slot(y.trim(), column + x.len() + 1)?,
        );
        let crossing = slots.crossings.iter().any(|crossing| {
            let (a, d) = (crossing.across.0, crossing.down.0);
            (a, d) == (x, y) || (d, a) == (x, y)
        });
        if !crossing {
            return Err(ApiError::bad(
                "clicks",
                format!(
                    "column {column}: {} and {} do not cross, so no arc joins them",
                    slots.slots[x].name(),
                    slots.slots[y].name()
                ),
            ));
        }
        let after = after.max(clicks.last().map_or(0, |click| click.after));
        clicks.push(ClickedArc { x, y, after });
        column += item.len() + 1;
    }
    Ok(clicks)
}

/// The constraint graph: the grid, each slot (its name as the events give
/// it, `1A`, and as the tree does, `1-across`) with its cells and its
/// words before AC-3 (alphabetical, as the revision table lists them), the arcs in
/// AC-3's first order, and the clicks as read.
fn graph(problem: &Problem, options: &Options) -> Value {
    let grid = problem.grid();
    let cols = grid.cols();
    let model = crossword::csp_model(problem, options.allow_repeats);
    let slots: Vec<Value> = problem
        .slots()
        .slots
        .iter()
        .enumerate()
        .map(|(index, slot)| {
            let var = model.vars[index];
            let mut words: Vec<String> = model
                .model
                .domain(var)
                .into_iter()
                .map(|id| problem.word(id as u32).text().to_ascii_uppercase())
                .collect();
            words.sort_unstable();
            json!({
                "name": slot.name(),
                "label": format!("{}-{}", slot.number, slot.direction.name()),
                "direction": slot.direction.name(),
                "cells": slot.cells.iter().map(|&cell| [cell / cols, cell % cols]).collect::<Vec<_>>(),
                "words": words,
            })
        })
        .collect();
    let arcs: Vec<[String; 2]> = model
        .model
        .arcs()
        .into_iter()
        .map(|(x, y)| [model.model.name(x), model.model.name(y)])
        .collect();
    let clicks: Vec<Value> = options
        .ac3_clicks
        .iter()
        .map(|click| {
            let name = |slot: usize| problem.slots().slots[slot].name();
            json!({"x": name(click.x), "y": name(click.y), "after": click.after})
        })
        .collect();
    json!({
        "rows": grid.rows(),
        "cols": cols,
        "template": grid.to_rows(),
        "slots": slots,
        "arcs": arcs,
        "clicks": clicks,
    })
}

/// The examples the page offers, from `fixtures/crossword`: `(name, what,
/// grid, words)`.
const EXAMPLES: [(&str, &str, &str, &str); 3] = [
    (
        "sample",
        "the AC-3 revision table's grid and its fifteen words",
        include_str!("../../../fixtures/crossword/sample.txt"),
        include_str!("../../../fixtures/crossword/sample-words.txt"),
    ),
    (
        "own-open-5x5",
        "an open 5x5 grid, Berghel and Rankin's 134 words (AC-3 decides little: search with MAC)",
        include_str!("../../../fixtures/crossword/grids/own-open-5x5.txt"),
        include_str!("../../../fixtures/crossword/berghel-134.txt"),
    ),
    (
        "own-open-5x5-no-aaron",
        "the same without AARON: no fill, which MAC proves in 73 nodes",
        include_str!("../../../fixtures/crossword/grids/own-open-5x5.txt"),
        include_str!("../../../fixtures/crossword/berghel-133-no-aaron.txt"),
    ),
];

/// `GET /api/crossword/examples`: the examples as JSON.
pub(crate) fn examples() -> Value {
    let list: Vec<Value> = EXAMPLES
        .iter()
        .map(|(name, what, grid, words)| json!({"name": name, "what": what, "grid": grid.trim_end(), "words": words.trim_end()}))
        .collect();
    json!({ "examples": list })
}
