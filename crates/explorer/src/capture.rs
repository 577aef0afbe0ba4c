//! A crate's own event stream and record, caught in memory: the generic
//! route runs the crate's watched solve (the one
//! the command line's `--events` runs) into
//! cli-kit's [`EventCapture`](cli_kit::EventCapture), an event stream over
//! memory, and send what it wrote. So the page replays the events the
//! command line writes for the same input, from one implementation of each
//! formulation.

/// The API's answer: `{"v": 1, "puzzle": ..., "record": ..., "events":
/// [...], "cut": ...}`, from the record's JSON text and the events' JSON
/// Lines (each line an element of the array, unchanged), with more
/// fields after `cut`, each `(name, JSON text)`.
pub(crate) fn answer(
    puzzle: &str,
    record: &str,
    events: &str,
    cut: bool,
    more: &[(&str, &str)],
) -> String {
    let more_bytes: usize = more
        .iter()
        .map(|(name, value)| name.len() + value.len() + 4)
        .sum();
    let mut text = String::with_capacity(events.len() + record.len() + more_bytes + 64);
    text.push_str(&format!(
        "{{\"v\":{},\"puzzle\":\"{puzzle}\",\"record\":{},\"events\":[",
        cli_kit::EVENTS_VERSION,
        record.trim()
    ));
    for (index, line) in events.lines().enumerate() {
        if index > 0 {
            text.push(',');
        }
        text.push_str(line);
    }
    text.push_str(&format!("],\"cut\":{cut}"));
    for (name, value) in more {
        text.push_str(&format!(",\"{name}\":{value}"));
    }
    text.push('}');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use cli_kit::EventCapture;

    #[test]
    fn the_answer_holds_the_events_as_written_and_says_when_cut() {
        let mut capture = EventCapture::new(2);
        for id in 0..3 {
            capture
                .events
                .emit("expand", &serde_json::json!({ "id": id }));
        }
        let (events, cut) = capture.finish();
        assert!(cut);
        assert_eq!(events.lines().count(), 3);
        let sent: serde_json::Value = serde_json::from_str(&answer(
            "sudoku",
            "{\"status\":\"solved\"}\n",
            &events,
            cut,
            &[],
        ))
        .unwrap();
        assert_eq!(sent["record"]["status"], "solved");
        assert_eq!(sent["events"][1]["id"], 1);
        assert_eq!(sent["events"][2]["kind"], "cut");
        assert_eq!(sent["cut"], true);

        let capture = EventCapture::new(5);
        let (events, cut) = capture.finish();
        assert!(!cut);
        assert!(answer("sudoku", "{}", &events, cut, &[]).contains("\"events\":[]"));
    }
}
