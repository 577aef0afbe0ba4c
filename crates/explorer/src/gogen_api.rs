//! The gogen view's solves: the puzzle read by the crate's own
//! `Front::prepare` (a puzzle file's text or its one-line form, or with
//! `letters` a words file), solved as the generic route solves (the
//! depth-first search with look-ahead, watched, its events caught in
//! memory), and the record (the word paths included) the crate's own
//! `Show::record`: what `gogen solve --algo dfs --json` and `--events -`
//! write.

use cli_kit::EventCapture;
use cli_kit::app::Show;
use gogen::{Algo, Options, Puzzle};

use crate::api::ApiError;
use crate::capture::answer;
use crate::limits::Limits;
use crate::puzzle_api::{bound, refused, solve_as_command_line};

/// One solve asked for: the puzzle, read already to refuse bad input with
/// its line and column, and the options with the server's limits.
#[derive(Debug)]
pub(crate) struct Request {
    pub(crate) puzzle: Puzzle,
    pub(crate) options: Options,
    pub(crate) events: usize,
}

/// Reads `puzzle`, `letters` (the nine given letters, with a words
/// file), `algo` (only `dfs`: the view replays the search's states) and
/// `events`.
pub(crate) fn parse(pairs: &[(String, String)], limits: &Limits) -> Result<Request, ApiError> {
    let mut text = None;
    let mut own = Vec::new();
    let mut events = limits.events;
    for (key, value) in pairs {
        match key.as_str() {
            "puzzle" => text = Some(value.as_str()),
            "letters" => own.push((key.clone(), value.clone())),
            "algo" if value == "dfs" => {}
            "algo" => {
                return Err(ApiError::bad(
                    "algo",
                    format!(
                        "unknown algorithm '{value}', expected dfs (depth-first search with look-ahead; the csp solver is on the generic page, /puzzle/gogen)"
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
    let mut options = Options {
        algo: Algo::Dfs,
        ..Options::default()
    };
    let puzzle = <Puzzle as cli_kit::Front>::prepare(text, &own, &mut options).map_err(refused)?;
    bound(&mut options, limits);
    Ok(Request {
        puzzle,
        options,
        events,
    })
}

/// Solves the request as `gogen solve --algo dfs --events FILE --json`
/// does, under the server's limits: `{"v": 1, "puzzle": "gogen",
/// "record": ..., "events": [...], "cut": bool}`.
pub(crate) fn run(request: Request) -> String {
    let mut capture = EventCapture::new(request.events as u64);
    let solved = solve_as_command_line(request.puzzle, &request.options, Some(&mut capture));
    let record = serde_json::to_string(&Puzzle::record(&solved, false)).unwrap_or_default();
    let (events, cut) = capture.finish();
    answer("gogen", &record, &events, cut)
}
