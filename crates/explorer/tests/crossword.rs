//! The crossword view's API through the router (tower's `oneshot`, no
//! socket): the sample's AC-3 and MAC answer the crate's own record and
//! events, the words the events remove leave each slot the record's word,
//! clicked arcs are revised at their turn, and bad input is a 400 naming
//! its field and column.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use explorer::{Limits, app};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

async fn get_json(uri: &str) -> (StatusCode, Value) {
    let request = Request::get(uri).body(Body::empty()).unwrap();
    let response = app(Limits::default()).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

/// The sample grid and words, as query values.
const SAMPLE: &str = "grid=.....%0A%23%23.%23.%0A%23....%0A.%23...%0A.....%0A.%23%23.%23\
    &words=AFT%0AALE%0AEEL%0AHEEL%0AHIKE%0AHOSES%0AKEEL%0AKNOT%0ALASER%0ALEE%0ALINE%0ASAILS%0ASHEET%0ASTEER%0ATIE";

fn of_kind<'a>(answer: &'a Value, kind: &str) -> Vec<&'a Value> {
    answer["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|event| event["kind"] == kind)
        .collect()
}

fn arc(event: &Value) -> (String, String) {
    (
        event["x"].as_str().unwrap().to_owned(),
        event["y"].as_str().unwrap().to_owned(),
    )
}

/// The words of each slot once the events' removals are taken from the
/// graph's words: for a solved AC-3 run, the record's entries.
fn words_left(answer: &Value) -> Vec<(String, Vec<String>)> {
    answer["graph"]["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|slot| {
            let name = slot["name"].as_str().unwrap();
            let gone: Vec<&Value> = answer["events"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|event| {
                    (event["kind"] == "revise" && event["x"] == name)
                        || (event["kind"] == "prune" && event["var"] == name)
                })
                .flat_map(|event| event["removed_words"].as_array().unwrap())
                .collect();
            let left = slot["words"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|word| !gone.contains(word))
                .map(|word| word.as_str().unwrap().to_owned())
                .collect();
            (name.to_owned(), left)
        })
        .collect()
}

#[tokio::test]
async fn the_samples_ac3_answers_the_crates_record_events_and_graph() {
    let (status, answer) = get_json(&format!("/api/crossword?{SAMPLE}")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let record = &answer["record"];
    assert_eq!(record["status"], "solved");
    assert_eq!(record["algo"], "ac3");
    assert_eq!(record["unique"], true);
    let revisions = of_kind(&answer, "revise");
    assert_eq!(record["stats"]["arc_revisions"], revisions.len() as u64);
    assert_eq!(
        of_kind(&answer, "end")[0]["stats"]["arc_revisions"],
        revisions.len() as u64
    );
    let graph = &answer["graph"];
    assert_eq!(graph["slots"].as_array().unwrap().len(), 8);
    assert_eq!(graph["slots"][0]["label"], "1-across");
    assert_eq!(
        graph["slots"][0]["words"],
        serde_json::json!(["HOSES", "LASER", "SAILS", "SHEET", "STEER"])
    );
    // Twelve crossings, an arc each way; AC-3 takes the first one first.
    let arcs = graph["arcs"].as_array().unwrap();
    assert_eq!(arcs.len(), 24);
    assert_eq!(arcs[0], serde_json::json!(["1A", "2D"]));
    assert_eq!(arc(revisions[0]), ("1A".to_owned(), "2D".to_owned()));
    // The removals of the events leave each slot the word of the fill.
    for ((name, left), entry) in words_left(&answer)
        .iter()
        .zip(record["entries"].as_array().unwrap())
    {
        let number = entry["number"].as_u64().unwrap();
        let letter = if entry["direction"] == "across" {
            'A'
        } else {
            'D'
        };
        assert_eq!(name, &format!("{number}{letter}"));
        assert_eq!(
            left,
            &[entry["answer"].as_str().unwrap().to_owned()],
            "{name}"
        );
    }
}

/// The old route is the generic route with the view's part (`grid` its
/// `puzzle`): the same record, events and graph, but for the time taken.
#[tokio::test]
async fn the_old_route_is_the_generic_route_with_view_own() {
    let (_, old) = get_json(&format!("/api/crossword?{SAMPLE}&clicks=3D-1A")).await;
    let generic = SAMPLE.replacen("grid=", "view=own&puzzle=", 1);
    let (status, own) = get_json(&format!("/api/puzzle/crossword?{generic}&clicks=3D-1A")).await;
    assert_eq!(status, StatusCode::OK, "{own}");
    assert_eq!(own["graph"], old["graph"]);
    assert_eq!(
        own["events"].as_array().unwrap().len(),
        old["events"].as_array().unwrap().len()
    );
    assert_eq!(own["record"]["solution"], old["record"]["solution"]);
    let (status, refused) =
        get_json("/api/puzzle/crossword?view=own&puzzle=..%25..&words=HOSES").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused["field"], "puzzle",
        "the generic route's name: {refused}"
    );
}

#[tokio::test]
async fn clicked_arcs_are_revised_at_their_turn_and_reach_the_same_fill() {
    let (_, plain) = get_json(&format!("/api/crossword?{SAMPLE}")).await;
    let (status, answer) = get_json(&format!("/api/crossword?{SAMPLE}&clicks=3D-1A,6D-8A@5")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["graph"]["clicks"],
        serde_json::json!([{"x": "3D", "y": "1A", "after": 0}, {"x": "6D", "y": "8A", "after": 5}])
    );
    let revisions = of_kind(&answer, "revise");
    assert_eq!(arc(revisions[0]), ("3D".to_owned(), "1A".to_owned()));
    assert_eq!(arc(revisions[5]), ("6D".to_owned(), "8A".to_owned()));
    assert_eq!(
        answer["record"]["stats"]["arc_revisions"],
        revisions.len() as u64
    );
    assert_eq!(answer["record"]["solution"], plain["record"]["solution"]);
    assert_eq!(words_left(&answer), words_left(&plain));
    assert_ne!(answer["events"], plain["events"]);
}

#[tokio::test]
async fn mac_answers_its_decisions_and_backtracks() {
    let grid = ".....%0A.....%0A.....%0A.....%0A.....";
    let words = include_str!("../../../fixtures/crossword/berghel-134.txt")
        .trim()
        .replace('\n', "%0A");
    let (status, answer) = get_json(&format!(
        "/api/crossword?grid={grid}&words={words}&algo=mac"
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let stats = &answer["record"]["stats"];
    assert_eq!(answer["record"]["status"], "solved");
    assert_eq!(
        of_kind(&answer, "decide").len() as u64 + 1,
        stats["nodes"].as_u64().unwrap()
    );
    assert_eq!(
        of_kind(&answer, "wipeout").len() as u64,
        stats["backtracks"].as_u64().unwrap()
    );
    assert_eq!(
        of_kind(&answer, "revise").len() as u64,
        stats["arc_revisions"].as_u64().unwrap()
    );
    assert_eq!(answer["graph"]["arcs"].as_array().unwrap().len(), 50);
}

#[tokio::test]
async fn the_examples_are_the_fixtures_and_each_fills() {
    let (status, list) = get_json("/api/crossword/examples").await;
    assert_eq!(status, StatusCode::OK);
    let examples = list["examples"].as_array().unwrap();
    assert_eq!(examples[0]["name"], "sample");
    for example in examples {
        let query = |text: &Value| {
            text.as_str()
                .unwrap()
                .replace('\n', "%0A")
                .replace('#', "%23")
        };
        let uri = format!(
            "/api/crossword?grid={}&words={}",
            query(&example["grid"]),
            query(&example["words"])
        );
        let (status, answer) = get_json(&uri).await;
        assert_eq!(status, StatusCode::OK, "{}: {answer}", example["name"]);
    }
}

#[tokio::test]
async fn bad_crossword_input_is_a_400_naming_the_field_and_the_column() {
    let words = "words=HOSES%0ALASER";
    let sixteen = ".".repeat(16);
    let big = vec![sixteen.as_str(); 16].join("%0A");
    for (query, field, says) in [
        (
            format!("grid=.....%0A..%25..&{words}"),
            "grid",
            "line 2, column 3",
        ),
        (format!("grid={big}&{words}"), "grid", "at most 15 x 15"),
        (
            format!("grid=%23%23%0A%23%23&{words}"),
            "grid",
            "no entry to fill",
        ),
        ("grid=.....".to_owned(), "words", "expected a word list"),
        (
            "grid=.....&words=HOSES;x".to_owned(),
            "words",
            "line 1, column 7",
        ),
        (format!("{SAMPLE}&algo=fast"), "algo", "expected ac3"),
        (
            format!("{SAMPLE}&clicks=9Z-1A"),
            "clicks",
            "column 1: expected a slot",
        ),
        (
            format!("{SAMPLE}&clicks=1A-2D,1A-8A"),
            "clicks",
            "column 7: 1A and 8A do not cross",
        ),
        (
            format!("{SAMPLE}&clicks=1A-2D@x"),
            "clicks",
            "column 7: expected the revisions",
        ),
        (
            format!("{SAMPLE}&clicks=1A2D"),
            "clicks",
            "expected an arc such as 1A-2D",
        ),
        (
            format!("{SAMPLE}&clicks=1A-2D&algo=mac"),
            "clicks",
            "ac3 only",
        ),
    ] {
        let (status, answer) = get_json(&format!("/api/crossword?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {answer}");
        assert_eq!(answer["field"], field, "{query}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains(says), "{query}: {message}");
    }
}
