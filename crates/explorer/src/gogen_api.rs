//! The gogen view's solves: the puzzle read as `gogen solve` reads it (a
//! puzzle file's text or its one-line form, or with `letters` a words
//! file), solved by `gogen::cli::solve_watched` (the depth-first
//! search with look-ahead) with the crate's own events caught
//! in memory, and the record (the word paths included) written by the
//! crate's own report, as `gogen solve --algo dfs --json` writes it.

use std::sync::{Mutex, PoisonError};

use gogen::cli::{Solved, View, read_puzzle, solve_watched, with_hint};
use gogen::{Algo, Options};

use crate::api::ApiError;
use cli_kit::EventCapture;

use crate::capture::{answer, record_of};
use crate::limits::Limits;

/// One solve asked for.
#[derive(Debug)]
pub(crate) struct Request {
    /// The puzzle's text, read once already to refuse bad input with its
    /// line and column.
    pub(crate) text: String,
    pub(crate) letters: Option<String>,
    pub(crate) events: usize,
}

/// Reads `puzzle`, `letters` (the nine given letters, with a words
/// file), `algo` (only `dfs`: the csp solver is not watched) and
/// `events`.
pub(crate) fn parse(pairs: &[(String, String)], limits: &Limits) -> Result<Request, ApiError> {
    let mut text = None;
    let mut letters = None;
    let mut events = limits.events;
    for (key, value) in pairs {
        match key.as_str() {
            "puzzle" => text = Some(value.clone()),
            "letters" if !value.trim().is_empty() => {
                letters = Some(
                    gogen::cli::nine_letters(value)
                        .map_err(|message| ApiError::bad("letters", message))?,
                );
            }
            "letters" => {}
            "algo" if value == "dfs" => {}
            "algo" => {
                return Err(ApiError::bad(
                    "algo",
                    format!(
                        "unknown algorithm '{value}', expected dfs (depth-first search with look-ahead; the csp solver reports no events)"
                    ),
                ));
            }
            "events" => events = crate::tiles::parse_events(value, limits)?,
            "step" => {}
            _ => return Err(ApiError::bad(key, format!("unknown parameter '{key}'"))),
        }
    }
    let text = text.ok_or_else(|| {
        ApiError::bad(
            "puzzle",
            "expected a puzzle: five rows of letters and dots, then the words",
        )
    })?;
    if let Err(error) = read_puzzle(&text, letters.as_deref()) {
        return Err(ApiError::bad(
            "puzzle",
            with_hint(error, &text, letters.as_deref()),
        ));
    }
    Ok(Request {
        text,
        letters,
        events,
    })
}

/// Solves the request as `gogen solve --algo dfs --events FILE --json`
/// does, under the server's limits: `{"v": 1, "puzzle": "gogen",
/// "record": ..., "events": [...], "cut": bool}`.
pub(crate) fn run(request: &Request, limits: &Limits) -> String {
    let mut options = Options {
        algo: Algo::Dfs,
        ..Options::default()
    };
    options.limits.node_limit = Some(limits.nodes);
    options.limits.time_limit = Some(limits.time);
    options.limits.memory_limit = Some(limits.memory_bytes);
    // The batch driver wants a solve it may share between threads.
    let capture = Mutex::new(EventCapture::new(request.events as u64));
    let solve = |text: &String| -> Result<Solved, String> {
        let mut capture = capture.lock().unwrap_or_else(PoisonError::into_inner);
        let watch = gogen::watch::Watch {
            sinks: cli_kit::Sinks {
                events: Some(&mut capture.events),
                trace: None,
            },
            tree: None,
        };
        // Uniqueness told, as the command line tells it without --count.
        solve_watched(text, request.letters.as_deref(), &options, true, watch)
    };
    let mut view = View {
        json: true,
        ..View::default()
    };
    let record = record_of(&request.text, solve, &mut view);
    let capture = capture.into_inner().unwrap_or_else(PoisonError::into_inner);
    let (events, cut) = capture.finish();
    answer("gogen", &record, &events, cut)
}
