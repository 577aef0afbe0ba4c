//! The crossword view's solves: a grid and a word list read as `crossword
//! fill` reads them, filled by the crate's own watched fill
//! (`crossword::cli::fill_item_watched`: AC-3 with its revision table, or MAC on
//! csp-core) with its events caught in memory, and the record written by
//! the crate's own report, as `crossword fill --algo A --events FILE
//! --json` writes it. Besides, the constraint graph the page draws: the
//! slots with their words before AC-3, and the arcs in the order AC-3
//! first queues them (csp-core's `Model::arcs`).
//!
//! The arcs a student clicks (`clicks=3D-1A@0,6D-8A@5`: revise 3D against
//! 1A once no revision is done, then 6D against 8A once five are) go to
//! the crate as `Options::ac3_clicks`: csp-core's AC-3 revises them at
//! their turn, so the explorer holds no AC-3 of its own.

use std::sync::{Mutex, PoisonError};

use crossword::cli::{FillReport, Filled, OutputFormat, WordSource, fill_item_watched};
use crossword::{Algo, ClickedArc, Grid, Options, Problem, Slots, WordList};
use serde_json::{Value, json};

use cli_kit::EventCapture;

use crate::api::ApiError;
use crate::capture::{answer, record_of};
use crate::limits::Limits;

/// The largest grid the view takes: its graph and domains must fit a page.
pub(crate) const MAX_SIDE: usize = 15;
/// The most words of a list the view takes.
pub(crate) const MAX_WORDS: usize = 1_000;
/// The most arcs a link may click.
pub(crate) const MAX_CLICKS: usize = 200;

/// One fill asked for.
#[derive(Debug)]
pub(crate) struct Request {
    /// The template's text, read once already to refuse bad input.
    pub(crate) grid: String,
    pub(crate) words: WordList,
    pub(crate) algo: Algo,
    pub(crate) clicks: Vec<ClickedArc>,
    pub(crate) events: usize,
}

impl Request {
    /// MAC searches, up to the node limit; AC-3 alone is one pass.
    pub(crate) fn is_heavy(&self) -> bool {
        self.algo == Algo::Mac
    }
}

/// Reads `grid` (rows of `.`, `#` and letters, or one line of rows
/// separated by `/`), `words` (a word a line, as `--words FILE`), `algo`
/// (`ac3`, the default, or `mac`), `clicks` (with `ac3` only) and
/// `events`.
pub(crate) fn parse(pairs: &[(String, String)], limits: &Limits) -> Result<Request, ApiError> {
    let mut grid_text = None;
    let mut words_text = None;
    let mut algo = Algo::Ac3;
    let mut clicks_text = None;
    let mut events = limits.events;
    for (key, value) in pairs {
        match key.as_str() {
            "grid" => grid_text = Some(value.clone()),
            "words" => words_text = Some(value.clone()),
            "algo" => {
                algo = match value.as_str() {
                    "ac3" => Algo::Ac3,
                    "mac" => Algo::Mac,
                    _ => {
                        return Err(ApiError::bad(
                            "algo",
                            format!(
                                "unknown algorithm '{value}', expected ac3 (arc consistency alone) or mac"
                            ),
                        ));
                    }
                };
            }
            "clicks" => clicks_text = Some(value.clone()),
            "events" => events = crate::puzzle_api::parse_events(value, limits)?,
            "step" => {}
            _ => return Err(ApiError::bad(key, format!("unknown parameter '{key}'"))),
        }
    }
    let grid_text = grid_text.ok_or_else(|| {
        ApiError::bad(
            "grid",
            "expected a grid: rows of '.' (open), '#' (block) and letters",
        )
    })?;
    let grid =
        Grid::parse_text(&grid_text).map_err(|error| ApiError::bad("grid", error.to_string()))?;
    if grid.rows() > MAX_SIDE || grid.cols() > MAX_SIDE {
        return Err(ApiError::bad(
            "grid",
            format!(
                "a {} x {} grid: this view takes grids of at most {MAX_SIDE} x {MAX_SIDE} (the command line takes larger ones)",
                grid.rows(),
                grid.cols()
            ),
        ));
    }
    let slots = Slots::new(&grid);
    if slots.is_empty() {
        return Err(ApiError::bad(
            "grid",
            format!(
                "no entry to fill: expected a run of two or more white cells across or down, the {} x {} grid has none",
                grid.rows(),
                grid.cols()
            ),
        ));
    }
    let words_text = words_text.ok_or_else(|| {
        ApiError::bad(
            "words",
            "expected a word list: one word a line (this view has no built-in list)",
        )
    })?;
    let lines = words_text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .count();
    if lines > MAX_WORDS {
        return Err(ApiError::bad(
            "words",
            format!("{lines} words: this view takes at most {MAX_WORDS}"),
        ));
    }
    let words = WordList::parse(&words_text, None)
        .map_err(|error| ApiError::bad("words", error.to_string()))?;
    let clicks = match clicks_text {
        Some(text) if !text.trim().is_empty() => {
            if algo != Algo::Ac3 {
                return Err(ApiError::bad(
                    "clicks",
                    "clicked arcs are revised by ac3 only: drop them or choose ac3",
                ));
            }
            parse_clicks(&text, &slots)?
        }
        _ => Vec::new(),
    };
    Ok(Request {
        grid: grid_text,
        words,
        algo,
        clicks,
        events,
    })
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

/// Fills the request as `crossword fill --algo A --events FILE --json`
/// does, under the server's limits: `{"v": 1, "puzzle": "crossword",
/// "record": ..., "events": [...], "cut": bool, "graph": {...}}`.
pub(crate) fn run(request: &Request, limits: &Limits) -> String {
    let mut options = Options::new(request.algo).words(request.words.clone());
    if request.algo == Algo::Mac {
        // ac3 makes no guess and takes no limit, as on the command line.
        options = options.node_limit(limits.nodes).time_limit(limits.time);
    }
    options.ac3_clicks = request.clicks.clone();
    let problem = match Grid::parse_text(&request.grid) {
        Ok(grid) => Problem::new(grid, &options.word_list()),
        Err(error) => return json!({ "error": error.to_string() }).to_string(),
    };
    let graph = graph(&problem, &options);
    // The batch driver wants a solve it may share between threads.
    let capture = Mutex::new(EventCapture::new(request.events as u64));
    let solve = |bytes: &Vec<u8>| -> Result<Filled, String> {
        let mut capture = capture.lock().unwrap_or_else(PoisonError::into_inner);
        let watch = crossword::watch::Watch {
            sinks: cli_kit::Sinks {
                events: Some(&mut capture.events),
                trace: None,
            },
            tree: None,
        };
        // Uniqueness told, as the command line tells it without --count.
        fill_item_watched(bytes, &options, true, watch)
    };
    let mut report = FillReport {
        algo: request.algo,
        words: WordSource {
            name: "the query".to_owned(),
            min_score: None,
        },
        allow_repeats: false,
        json: true,
        format: OutputFormat::Text,
        stats: false,
        trace: false,
        count_limit: None,
    };
    let record = record_of(&request.grid.clone().into_bytes(), solve, &mut report);
    let capture = capture.into_inner().unwrap_or_else(PoisonError::into_inner);
    let (events, cut) = capture.finish();
    let mut text = answer("crossword", &record, &events, cut);
    // The graph beside the command line's record and events.
    text.pop();
    text.push_str(",\"graph\":");
    text.push_str(&graph.to_string());
    text.push('}');
    text
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
