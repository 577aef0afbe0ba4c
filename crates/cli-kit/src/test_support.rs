//! What the tests of a watched search need in every puzzle crate (the
//! `test-support` feature, for dev-dependencies): run a search with an
//! event stream or a trace and get back what it wrote, every event parsed
//! and checked against the rules every stream follows (`v` is the schema
//! version, `step` counts from 0, `kind` is a string), and count events
//! by kind.

use serde_json::Value;

use crate::events::{EVENTS_VERSION, EventCapture, Events};
use crate::watch::Trace;

/// Runs `run` with an event stream of at most `limit` events and returns
/// the events it wrote, parsed, with what `run` returned.
///
/// # Panics
///
/// When a line is not a JSON object or breaks a rule of every stream:
/// `v` is [`EVENTS_VERSION`], `step` counts from 0, `kind` is a string.
pub fn watched_events<R>(limit: u64, run: impl FnOnce(&mut Events) -> R) -> (Vec<Value>, R) {
    let mut capture = EventCapture::new(limit);
    let result = run(&mut capture.events);
    let (text, _cut) = capture.finish();
    (parse_events(&text), result)
}

/// The events of a JSON Lines stream, each checked as [`watched_events`]
/// says.
///
/// # Panics
///
/// When a line breaks those rules.
pub fn parse_events(text: &str) -> Vec<Value> {
    let events: Vec<Value> = text
        .lines()
        .map(|line| {
            serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("not one JSON object a line ({error}): {line}"))
        })
        .collect();
    for (step, event) in events.iter().enumerate() {
        assert!(event.is_object(), "{event}");
        assert_eq!(event["v"], EVENTS_VERSION, "{event}");
        assert_eq!(event["step"], step as u64, "{event}");
        assert!(event["kind"].is_string(), "{event}");
    }
    events
}

/// Runs `run` with a trace of at most `limit` lines and returns the text
/// it wrote with what `run` returned.
pub fn watched_trace<R>(limit: u64, run: impl FnOnce(&mut Trace<'_>) -> R) -> (String, R) {
    let mut text = Vec::new();
    let mut trace = Trace::new(&mut text, limit);
    let result = run(&mut trace);
    trace.finish().expect("the trace is written to memory");
    (String::from_utf8(text).expect("the trace is UTF-8"), result)
}

/// How many of `events` are of `kind`.
pub fn count(events: &[Value], kind: &str) -> u64 {
    events.iter().filter(|event| event["kind"] == kind).count() as u64
}

/// The events of `kind`, in order.
pub fn of_kind<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events
        .iter()
        .filter(|event| event["kind"] == kind)
        .collect()
}
