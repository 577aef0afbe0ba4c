//! The server without a socket: each request goes through the router
//! (tower's `oneshot`), and the answers are checked against the library
//! the command line runs.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use explorer::{Limits, app};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The status, content type and body of a GET of `uri`.
async fn get(uri: &str) -> (StatusCode, String, String) {
    get_with(Limits::default(), uri).await
}

async fn get_with(limits: Limits, uri: &str) -> (StatusCode, String, String) {
    let request = Request::get(uri).body(Body::empty()).unwrap();
    let response = app(limits).oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        content_type,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

async fn get_json(uri: &str) -> (StatusCode, Value) {
    let (status, content_type, body) = get(uri).await;
    assert!(
        content_type.starts_with("application/json"),
        "{uri}: {content_type}"
    );
    (status, serde_json::from_str(&body).unwrap())
}

#[tokio::test]
async fn the_index_links_every_view_and_each_view_has_its_page() {
    let (status, content_type, body) = get("/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/html"));
    for view in [
        "eight-puzzle",
        "crossword",
        "sudoku",
        "nqueens",
        "ripple",
        "gogen",
    ] {
        assert!(
            body.contains(&format!("href=\"/{view}\"")),
            "no link to {view}"
        );
        let (status, _, page) = get(&format!("/{view}")).await;
        assert_eq!(status, StatusCode::OK, "/{view}");
        assert!(page.contains("<main"), "/{view}");
    }
    let (_, _, page) = get("/eight-puzzle").await;
    assert!(page.contains("src=\"/assets/eight-puzzle.js\""));
}

#[tokio::test]
async fn every_asset_a_page_names_is_served() {
    for (file, kind) in [
        ("style.css", "text/css"),
        ("player.js", "text/javascript"),
        ("svg.js", "text/javascript"),
        ("tree.js", "text/javascript"),
        ("eight-puzzle.js", "text/javascript"),
        ("nqueens.js", "text/javascript"),
        ("page.js", "text/javascript"),
        ("sudoku.js", "text/javascript"),
        ("gogen.js", "text/javascript"),
        ("ripple.js", "text/javascript"),
        ("board.js", "text/javascript"),
        ("explain.js", "text/javascript"),
        ("puzzle.js", "text/javascript"),
    ] {
        let (status, content_type, body) = get(&format!("/assets/{file}")).await;
        assert_eq!(status, StatusCode::OK, "{file}");
        assert!(content_type.starts_with(kind), "{file}: {content_type}");
        assert!(!body.is_empty());
    }
    // Every module a script imports is served.
    for file in [
        "player.js",
        "tree.js",
        "eight-puzzle.js",
        "nqueens.js",
        "page.js",
        "sudoku.js",
        "gogen.js",
        "ripple.js",
        "board.js",
        "explain.js",
        "puzzle.js",
    ] {
        let (_, _, body) = get(&format!("/assets/{file}")).await;
        for line in body.lines().filter(|line| line.starts_with("import ")) {
            let name = line
                .split("'./")
                .nth(1)
                .unwrap()
                .split('\'')
                .next()
                .unwrap();
            assert_eq!(
                get(&format!("/assets/{name}")).await.0,
                StatusCode::OK,
                "{file} imports {name}"
            );
        }
    }
}

#[tokio::test]
async fn unknown_paths_are_404() {
    for uri in [
        "/nothing",
        "/assets/nothing.js",
        "/api/nothing",
        "/eight-puzzle/more",
    ] {
        assert_eq!(get(uri).await.0, StatusCode::NOT_FOUND, "{uri}");
    }
}

#[tokio::test]
async fn a_solve_answers_the_record_of_the_command_line() {
    let (status, answer) =
        get_json("/api/eight-puzzle?board=142358607&algo=astar&heuristic=manhattan").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["v"], 1);
    let record = &answer["record"];
    assert_eq!(record["status"], "solved");
    assert_eq!(record["solution"], "right up left up left");
    assert_eq!(record["heuristic"], "manhattan");
    // The library the command line runs, with the same flags.
    let board: eight_puzzle::Board = "142358607".parse().unwrap();
    let options = eight_puzzle::Options::new(eight_puzzle::Algo::AStar)
        .heuristic(eight_puzzle::Heuristic::Manhattan);
    let stats = eight_puzzle::solve(&board, &options).stats;
    let counters = &record["stats"];
    assert_eq!(counters["nodes"], stats.nodes);
    assert_eq!(counters["num_tested"], stats.counters.num_tested);
    assert_eq!(counters["expanded"], stats.counters.expanded);
    assert_eq!(counters["generated"], stats.nodes);
    assert_eq!(counters["max_frontier"], stats.counters.max_frontier);
    assert_eq!(counters["iterations"], stats.counters.iterations);
    // The moves reach the goal, by the crate's own checker.
    let moves: Vec<eight_puzzle::Move> = record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|name| name.as_str().unwrap().parse().unwrap())
        .collect();
    eight_puzzle::check::solution(&board, &eight_puzzle::Board::goal(3), &moves).unwrap();
}

#[tokio::test]
async fn an_uninformed_searcher_has_no_heuristic() {
    let (status, answer) = get_json("/api/eight-puzzle?board=142358607&algo=bfs").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["record"]["heuristic"], Value::Null);
    assert_eq!(answer["record"]["num_moves"], 5);
}

#[tokio::test]
async fn an_unsolvable_board_and_a_node_limit_say_so() {
    let (_, answer) = get_json("/api/eight-puzzle?board=021345678").await;
    assert_eq!(answer["record"]["status"], "unsolvable");
    let limits = Limits {
        nodes: 50,
        ..Limits::default()
    };
    let (status, _, body) = get_with(limits, "/api/eight-puzzle?board=802356174&algo=bfs").await;
    assert_eq!(status, StatusCode::OK);
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["record"]["status"], "limit");
    assert_eq!(answer["record"]["limit"], "node");
    assert_eq!(answer["record"]["stats"]["nodes"], 50);
}

#[tokio::test]
async fn bad_input_is_a_400_naming_the_field_and_the_column() {
    let cases = [
        (
            "board=14235860x",
            "board",
            "line 1, column 9: expected a tile number, found 'x'",
        ),
        ("board=1423586", "board", "square number of tiles"),
        ("algo=astar", "board", "expected a puzzle"),
        (
            "board=142358607&algo=fastest",
            "algo",
            "unknown algorithm 'fastest'",
        ),
        (
            "board=142358607&algo=bfs&heuristic=manhattan",
            "heuristic",
            "bfs uses no heuristic",
        ),
        (
            "board=142358607&heuristic=pdb",
            "heuristic",
            "pdb heuristic",
        ),
        (
            "board=142358607&colour=red",
            "colour",
            "unknown setting 'colour'",
        ),
        (
            "board=142358607&events=-1",
            "events",
            "expected a number of events",
        ),
        (
            "board=142358607&events=100001",
            "events",
            "from 0 to 100000",
        ),
        (
            "board=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24",
            "board",
            "the explorer shows 3x3 and 4x4 boards",
        ),
    ];
    for (query, field, message) in cases {
        let (status, answer) = get_json(&format!("/api/eight-puzzle?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(answer["field"], field, "{query}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(message), "{query}: {error}");
    }
}

#[tokio::test]
async fn a_query_longer_than_the_limit_is_refused() {
    let board = "1,".repeat(3000);
    let (status, answer) = get_json(&format!("/api/eight-puzzle?board={board}")).await;
    assert_eq!(status, StatusCode::URI_TOO_LONG);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("more than the 4096")
    );
}

/// The events of a solve, by kind.
fn kinds<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events
        .iter()
        .filter(|event| event["kind"] == kind)
        .collect()
}

#[tokio::test]
async fn the_events_add_up_to_the_record_for_every_searcher() {
    for (board, algo, heuristic) in [
        ("142358607", "bfs", None),
        ("142358607", "dfs", None),
        ("142358607", "iddfs", None),
        ("142358607", "random", None),
        ("802356174", "greedy", Some("misplaced")),
        ("802356174", "astar", Some("manhattan")),
        ("802356174", "idastar", Some("linear-conflict")),
        (
            "1,2,6,3,4,5,10,7,0,9,14,11,8,12,13,15",
            "astar",
            Some("misplaced"),
        ),
    ] {
        let mut uri = format!("/api/eight-puzzle?board={board}&algo={algo}&events=100000");
        if let Some(heuristic) = heuristic {
            uri.push_str(&format!("&heuristic={heuristic}"));
        }
        let (status, answer) = get_json(&uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert_eq!(answer["cut"], false, "{uri}");
        let events = answer["events"].as_array().unwrap();
        let stats = &answer["record"]["stats"];
        for (step, event) in events.iter().enumerate() {
            assert_eq!(event["v"], 1, "{uri}");
            assert_eq!(event["step"], step, "{uri}");
        }
        assert_eq!(events.first().unwrap()["kind"], "run");
        assert_eq!(events.last().unwrap()["kind"], "end");
        // The end event's counters are search-core's (`generated` is their
        // `nodes`), each the record's.
        for (name, value) in events.last().unwrap()["stats"].as_object().unwrap() {
            assert_eq!(stats[name], *value, "{uri}: {name}");
        }
        let expanded = kinds(events, "expand").len();
        let tested = expanded + kinds(events, "goal").len() + kinds(events, "depth_cut").len();
        assert_eq!(
            expanded,
            stats["expanded"].as_u64().unwrap() as usize,
            "{uri}"
        );
        assert_eq!(
            tested,
            stats["num_tested"].as_u64().unwrap() as usize,
            "{uri}"
        );
        let generated = kinds(events, "generate").len();
        assert_eq!(
            generated,
            stats["generated"].as_u64().unwrap() as usize,
            "{uri}"
        );
        // Every parent was generated earlier.
        let mut seen = std::collections::BTreeSet::new();
        for event in kinds(events, "generate") {
            if let Some(parent) = event["parent"].as_u64() {
                assert!(seen.contains(&parent), "{uri}: parent {parent} unseen");
            }
            if let Some(id) = event["id"].as_u64() {
                seen.insert(id);
            }
        }
        // The goal is the record's last board.
        let goal = kinds(events, "goal");
        assert_eq!(goal.len(), 1, "{uri}");
        assert_eq!(goal[0]["g"], answer["record"]["num_moves"], "{uri}");
    }
}

#[tokio::test]
async fn astar_with_manhattan_never_lowers_f_and_bfs_never_lowers_depth() {
    let (_, astar) =
        get_json("/api/eight-puzzle?board=802356174&algo=astar&heuristic=manhattan").await;
    let fs: Vec<u64> = kinds(astar["events"].as_array().unwrap(), "expand")
        .iter()
        .map(|event| event["f"].as_u64().unwrap())
        .collect();
    assert!(fs.len() > 100);
    assert!(fs.windows(2).all(|pair| pair[0] <= pair[1]), "f decreased");
    let (_, bfs) = get_json("/api/eight-puzzle?board=142358607&algo=bfs").await;
    let depths: Vec<u64> = kinds(bfs["events"].as_array().unwrap(), "expand")
        .iter()
        .map(|event| event["depth"].as_u64().unwrap())
        .collect();
    assert!(depths.len() > 10);
    assert!(
        depths.windows(2).all(|pair| pair[0] <= pair[1]),
        "depth decreased"
    );
}

#[tokio::test]
async fn a_stream_past_its_limit_ends_with_cut_and_the_record_stays_whole() {
    let (_, answer) = get_json("/api/eight-puzzle?board=802356174&algo=bfs&events=50").await;
    let events = answer["events"].as_array().unwrap();
    assert_eq!(events.len(), 51);
    assert_eq!(events[50]["kind"], "cut");
    assert_eq!(events[50]["limit"], 50);
    assert_eq!(answer["cut"], true);
    assert_eq!(answer["record"]["status"], "solved");
    assert_eq!(answer["record"]["num_moves"], 25);
}

#[tokio::test]
async fn an_unsolvable_board_has_no_search_in_its_events() {
    let (_, answer) = get_json("/api/eight-puzzle?board=021345678").await;
    let kinds: Vec<&str> = answer["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|event| event["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["run", "end"]);
    assert_eq!(answer["events"][1]["status"], "unsolvable");
}

/// The sudoku view's example.
const SUDOKU: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The sample gogen, its grid rows then its words, as a query value.
const GOGEN: &str = "M.G.D%0A.....%0AW.L.Y%0A.....%0AS.J.B%0A%0AACQUIRE+AXLE+CUT+DERV+FIR+JUST+KEG+MAN+PILE+PRY+ROB+WHAM";

/// The crate's own events add up to the crate's own record: a search's
/// `expand` events to the `end` event's `expanded`, its `generate` events
/// to the record's `nodes`; a csp run's `decide` events to `nodes` - 1;
/// every stream opens with `run` and closes with `end`.
fn check_stream(answer: &Value, what: &str) {
    let events = answer["events"].as_array().unwrap();
    assert_eq!(answer["v"], 1, "{what}");
    assert_eq!(answer["cut"], false, "{what}");
    assert_eq!(events[0]["kind"], "run", "{what}");
    let end = events.last().unwrap();
    assert_eq!(end["kind"], "end", "{what}");
    assert_eq!(end["status"], answer["record"]["status"], "{what}");
    let nodes = answer["record"]["stats"]["nodes"].as_u64().unwrap();
    assert_eq!(end["stats"]["nodes"], nodes, "{what}");
    for (index, event) in events.iter().enumerate() {
        assert_eq!(event["step"], index, "{what}");
    }
    let count = |kind: &str| kinds(events, kind).len() as u64;
    if count("decide") > 0 || count("propagate") > 0 {
        assert_eq!(count("decide") + 1, nodes, "{what}: decisions");
    } else if count("repair") == 0 {
        assert_eq!(count("generate"), nodes, "{what}: generated");
        assert_eq!(
            count("expand"),
            end["stats"]["expanded"],
            "{what}: expanded"
        );
    }
}

#[tokio::test]
async fn sudoku_gogen_and_nqueens_send_their_crates_events_and_records() {
    for algo in ["dfs", "bfs", "csp", "fast"] {
        let (status, answer) = get_json(&format!("/api/sudoku?puzzle={SUDOKU}&algo={algo}")).await;
        assert_eq!(status, StatusCode::OK, "sudoku {algo}");
        assert_eq!(answer["puzzle"], "sudoku");
        assert_eq!(answer["record"]["algo"], algo);
        assert_eq!(answer["record"]["unique"], true);
        assert_eq!(
            answer["record"]["solution"],
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        );
        check_stream(&answer, &format!("sudoku {algo}"));
    }
    // The fast engine guesses on this one (a hard puzzle from magictour's
    // top1465): its guesses and the nodes.
    let hard = "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........";
    let (status, answer) = get_json(&format!("/api/sudoku?puzzle={hard}&algo=fast")).await;
    assert_eq!(status, StatusCode::OK, "sudoku fast");
    assert_eq!(answer["record"]["stats"]["nodes"], 34);
    check_stream(&answer, "sudoku fast");
    let events = answer["events"].as_array().unwrap();
    assert_eq!(kinds(events, "propagate").len(), 34, "a round per node");
    assert_eq!(
        kinds(events, "backtrack").len() as u64,
        events.last().unwrap()["stats"]["backtracks"]
            .as_u64()
            .unwrap()
    );
    let (status, answer) = get_json(&format!("/api/puzzle/gogen?algo=dfs&puzzle={GOGEN}")).await;
    assert_eq!(status, StatusCode::OK, "gogen");
    assert_eq!(answer["record"]["solution"], "MNGKDHAXEVWCLRYQUIPOSTJFB");
    assert_eq!(answer["record"]["paths"].as_object().unwrap().len(), 12);
    check_stream(&answer, "gogen");
    for (n, algo) in [(8, "dfs"), (6, "bfs"), (8, "csp"), (50, "min-conflicts")] {
        let (status, answer) = get_json(&format!("/api/nqueens?n={n}&algo={algo}")).await;
        assert_eq!(status, StatusCode::OK, "nqueens {n} {algo}");
        assert_eq!(answer["record"]["solution"].as_array().unwrap().len(), n);
        check_stream(&answer, &format!("nqueens {n} {algo}"));
    }
    // Min-conflicts repairs down to no attacking pair.
    let (_, answer) = get_json("/api/nqueens?n=50&algo=min-conflicts").await;
    let repairs = kinds(answer["events"].as_array().unwrap(), "repair");
    assert_eq!(repairs.last().unwrap()["conflicts"], 0);
}

#[tokio::test]
async fn bad_sudoku_gogen_and_nqueens_input_is_a_400_naming_the_field() {
    for (uri, field, says) in [
        ("/api/sudoku?puzzle=53x", "puzzle", "line 1, column 4"),
        (
            "/api/sudoku?puzzle=1.3...122....3.1&algo=dlx",
            "algo",
            "expected dfs, bfs, csp or fast",
        ),
        ("/api/sudoku", "puzzle", "expected a puzzle"),
        ("/api/puzzle/gogen?puzzle=M.G.D", "puzzle", "line"),
        (
            "/api/puzzle/gogen?puzzle=x&letters=AB",
            "letters",
            "9 distinct letters",
        ),
        ("/api/nqueens?n=17&algo=csp", "n", "from 1 to 16"),
        (
            "/api/nqueens?n=1001&algo=min-conflicts",
            "n",
            "from 1 to 1000",
        ),
        (
            "/api/nqueens?n=8&algo=construct",
            "algo",
            "expected dfs, bfs, csp or min-conflicts",
        ),
    ] {
        let (status, answer) = get_json(uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(answer["field"], field, "{uri}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains(says), "{uri}: {message}");
    }
}

/// The page's example, a generated 6x6, as a query value.
const RIPPLE: &str = "https%3A%2F%2Fpuzz.link%2Fp%3Fripple%2F6%2F6%2Flbb7a8n070rjm2h5g4k2j3h1l4h";

#[tokio::test]
async fn ripple_sends_the_recursive_calls_with_their_trace_and_the_grid() {
    // Brute force and MRV: brute force's calls are its expand and goal
    // events; MRV counts its rooms of one cell (one here) before them.
    for (algo, calls, singles) in [("brute", 682, 0), ("mrv", 118, 1)] {
        let (status, answer) = get_json(&format!("/api/ripple?puzzle={RIPPLE}&algo={algo}")).await;
        assert_eq!(status, StatusCode::OK, "ripple {algo}");
        assert_eq!(answer["puzzle"], "ripple");
        let record = &answer["record"];
        assert_eq!(record["algo"], algo);
        assert_eq!(record["unique"], true);
        assert_eq!(record["stats"]["recursive_calls"], calls, "ripple {algo}");
        check_stream(&answer, &format!("ripple {algo}"));
        let events = answer["events"].as_array().unwrap();
        let called = kinds(events, "expand").len() + kinds(events, "goal").len();
        assert_eq!(
            called as u64 + singles,
            calls,
            "ripple {algo}: calls in the events"
        );
        // The trace tells the same calls, numbered as the course formulation counts them,
        // and its dead ends are the record's backtracks.
        let trace: Vec<&str> = answer["trace"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| line.as_str().unwrap())
            .collect();
        let call_lines: Vec<&&str> = trace
            .iter()
            .filter(|line| line.starts_with("call "))
            .collect();
        assert_eq!(
            call_lines.len(),
            called,
            "ripple {algo}: calls in the trace"
        );
        assert!(
            call_lines
                .last()
                .unwrap()
                .starts_with(&format!("call {calls} "))
        );
        let dead_ends = call_lines
            .iter()
            .filter(|line| line.ends_with("backtrack"))
            .count();
        assert_eq!(
            dead_ends as u64,
            record["stats"]["backtracks"].as_u64().unwrap()
        );
        // The grid: 6 rows of 6, each cell's room, the seven givens.
        let grid = &answer["grid"];
        assert_eq!(
            (grid["rows"].as_u64(), grid["cols"].as_u64()),
            (Some(6), Some(6))
        );
        assert_eq!(grid["rooms"].as_array().unwrap().len(), 36);
        let givens = grid["givens"].as_array().unwrap();
        assert_eq!(givens.iter().filter(|given| *given != 0).count(), 7);
    }
    // The ASCII wall drawing of the same puzzle, as a file's text: the same run.
    let drawing = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/ripple/ascii/generated-6x6-medium-s3.txt"
    ))
    .unwrap();
    let query: String = drawing
        .bytes()
        .map(|byte| match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => (byte as char).to_string(),
            _ => format!("%{byte:02X}"),
        })
        .collect();
    let (status, answer) = get_json(&format!("/api/ripple?puzzle={query}&algo=mrv")).await;
    assert_eq!(status, StatusCode::OK, "ripple drawing");
    assert_eq!(
        answer["record"]["puzzle"],
        "https://puzz.link/p?ripple/6/6/lbb7a8n070rjm2h5g4k2j3h1l4h"
    );
    assert_eq!(answer["record"]["stats"]["recursive_calls"], 118);
    // Past the events asked for, the stream and the trace are cut, and the
    // record stays the whole run's.
    let (_, answer) = get_json(&format!("/api/ripple?puzzle={RIPPLE}&algo=brute&events=50")).await;
    assert_eq!(answer["cut"], true);
    assert_eq!(answer["events"].as_array().unwrap().len(), 51);
    assert_eq!(answer["record"]["stats"]["recursive_calls"], 682);
    assert!(answer["trace"].as_array().unwrap().len() <= 51);
}

#[tokio::test]
async fn bad_ripple_input_is_a_400_naming_the_field_and_the_column() {
    for (uri, field, says) in [
        (
            "/api/ripple?puzzle=https%3A%2F%2Fpuzz.link%2Fp%3Fripple%2F6%2F6%2Flbb7a8n!70rjm2h5g4k2j3h1l4h",
            "puzzle",
            "line 1, column 39: expected a wall digit",
        ),
        ("/api/ripple?puzzle=3%203%0A", "puzzle", "line"),
        ("/api/ripple", "puzzle", "expected a puzzle"),
        (
            &format!("/api/ripple?puzzle={RIPPLE}&algo=fast"),
            "algo",
            "expected brute or mrv",
        ),
        (
            &format!("/api/ripple?puzzle={RIPPLE}&size=3"),
            "size",
            "unknown setting",
        ),
    ] {
        let (status, answer) = get_json(uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(answer["field"], field, "{uri}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains(says), "{uri}: {message}");
    }
}

#[tokio::test]
async fn sudoku_explain_sends_each_human_step_and_every_step_agrees_with_the_solution() {
    // The sudoku README's ER 4.2 puzzle: the Sudoku Exchange bank's (public
    // domain), line 128 of fixtures/sudoku/rated/sudoku-exchange-se121.tsv.
    let puzzle =
        "7....38.1.5..87.9.8........14.8.2....7..9..1....1.5.29........6.8.71..4.6.52....7";
    let (status, answer) = get_json(&format!("/api/sudoku-explain?puzzle={puzzle}")).await;
    assert_eq!(status, StatusCode::OK);
    let record = &answer["record"];
    assert_eq!(record["status"], "solved");
    assert_eq!(record["er"], 4.2);
    let steps = answer["steps"].as_array().unwrap();
    assert_eq!(steps.len() as u64, record["steps"].as_u64().unwrap());
    let solution: Vec<u64> = record["solution"]
        .as_str()
        .unwrap()
        .bytes()
        .map(|digit| u64::from(digit - b'0'))
        .collect();
    let mut hardest: f64 = 0.0;
    for (index, step) in steps.iter().enumerate() {
        assert_eq!(step["record"]["step"], index + 1);
        hardest = hardest.max(step["record"]["rating"].as_f64().unwrap());
        // No digit placed wrong, no elimination of the solution's digit,
        // each on a candidate the grid before the step still holds.
        let pairs = |field: &str| -> Vec<(usize, u64)> {
            step[field]
                .as_array()
                .unwrap()
                .iter()
                .map(|pair| {
                    (
                        pair[0].as_u64().unwrap() as usize,
                        pair[1].as_u64().unwrap(),
                    )
                })
                .collect()
        };
        for (cell, digit) in pairs("placements") {
            assert_eq!(solution[cell], digit, "step {}: placement", index + 1);
        }
        for (cell, digit) in pairs("eliminations") {
            assert_ne!(solution[cell], digit, "step {}: elimination", index + 1);
            let mask = step["masks"][cell].as_u64().unwrap();
            assert!(
                mask & (1 << (digit - 1)) != 0,
                "step {}: not a candidate",
                index + 1
            );
        }
    }
    assert_eq!(hardest, 4.2, "ER is the hardest step");
    // The old route is the sudoku view's part of the generic route.
    let (status, own) = get_json(&format!(
        "/api/puzzle/sudoku?view=own&algo=explain&puzzle={puzzle}"
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(own["steps"], answer["steps"]);
    for (uri, field, says) in [
        (
            "/api/sudoku-explain?puzzle=1.3x",
            "puzzle",
            "line 1, column 4",
        ),
        ("/api/sudoku-explain", "puzzle", "expected a puzzle"),
        (
            &format!("/api/sudoku-explain?puzzle={puzzle}&algo=dfs"),
            "algo",
            "expected explain",
        ),
    ] {
        let (status, answer) = get_json(uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(answer["field"], field, "{uri}");
        assert!(
            answer["error"].as_str().unwrap().contains(says),
            "{uri}: {}",
            answer["error"]
        );
    }
}

// The generic route, for every registered puzzle: the tests visit the
// registry (`registry::visit`), so a new puzzle is tested with no edit here.

/// `text` as a query value: every byte but the unreserved ones escaped.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(byte).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

/// `GET /api/puzzle/NAME?puzzle=TEXT&...`, on the calling thread: the
/// status and the JSON body.
fn generic(
    runtime: &tokio::runtime::Runtime,
    name: &str,
    text: &str,
    more: &str,
) -> (StatusCode, Value) {
    let uri = format!("/api/puzzle/{name}?puzzle={}{more}", encode(text));
    runtime.block_on(get_json(&uri))
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Each puzzle's EXAMPLE through the generic route, with the crate's
/// default algorithm and with its first algorithm that reports its search:
/// solved, the record's solution passing the crate's own checker (`check`
/// of the record, as `NAME check` runs it), the board the givens' with the
/// solution filled, the events a whole watched run.
#[test]
fn every_registered_puzzle_solves_its_example_through_the_generic_route() {
    struct Solve {
        runtime: tokio::runtime::Runtime,
        failures: Vec<String>,
        puzzles: usize,
    }
    impl registry::Visitor for Solve {
        fn visit<P: registry::Front>(&mut self) {
            use puzzle_kit::Algorithm;
            self.puzzles += 1;
            let default = P::Algo::default();
            let watched = P::Algo::ALL
                .iter()
                .copied()
                .find(|&algo| P::watchable(algo));
            let mut runs = vec![(default, String::new())];
            if let Some(algo) = watched.filter(|_| !P::watchable(default)) {
                runs.push((algo, format!("&algo={}", algo.name())));
            }
            for (algo, more) in runs {
                let what = format!("{} {}", P::NAME, algo.name());
                let (status, answer) = generic(&self.runtime, P::NAME, P::EXAMPLE, &more);
                if status != StatusCode::OK {
                    self.failures.push(format!("{what}: {status} {answer}"));
                    continue;
                }
                let mut wrong = |message: String| self.failures.push(format!("{what}: {message}"));
                if answer["v"] != 1 || answer["puzzle"] != P::NAME {
                    wrong(format!(
                        "the envelope is {} {}",
                        answer["v"], answer["puzzle"]
                    ));
                }
                if answer["record"]["status"] != "solved" {
                    wrong(format!("status {}", answer["record"]["status"]));
                }
                // The crate's independent checker on the record sent.
                let mut options: P::Options = puzzle_kit::Configure::new(algo);
                let puzzle = P::prepare(P::EXAMPLE, &[], &mut options).expect("the example reads");
                if let Err((_, message)) =
                    cli_kit::app::check_text(&puzzle, &answer["record"].to_string())
                {
                    wrong(format!("the record fails its checker: {message}"));
                }
                // The boards are the crate's: its givens, and its solution
                // (the same search run here, without the server).
                let outcome = puzzle_kit::Puzzle::solve(&puzzle, &options);
                let solution = outcome
                    .solution
                    .as_ref()
                    .filter(|_| outcome.status.is_solved());
                let expected =
                    serde_json::to_value(cli_kit::app::Show::board(&puzzle, solution)).unwrap();
                if answer["board"] != expected {
                    wrong(format!(
                        "the board {} is not the solution's {expected}",
                        answer["board"]
                    ));
                }
                let expected =
                    serde_json::to_value(cli_kit::app::Show::board(&puzzle, None)).unwrap();
                if answer["givens"] != expected {
                    wrong(format!(
                        "the givens {} are not {expected}",
                        answer["givens"]
                    ));
                }
                if !answer["svg"]
                    .as_str()
                    .is_some_and(|svg| svg.contains("<svg"))
                {
                    wrong("no SVG picture".to_owned());
                }
                // The events: a whole run from `run` to `end`, or none for an
                // algorithm that reports no search.
                let events = answer["events"].as_array().cloned().unwrap_or_default();
                let kinds: Vec<&str> = events
                    .iter()
                    .filter_map(|event| event["kind"].as_str())
                    .collect();
                match P::watchable(algo) {
                    true if kinds.first() != Some(&"run") || kinds.last() != Some(&"end") => {
                        wrong(format!(
                            "events from {:?} to {:?}",
                            kinds.first(),
                            kinds.last()
                        ));
                    }
                    false if !events.is_empty() => {
                        wrong(format!("{} events unwatched", events.len()))
                    }
                    _ => {}
                }
                if answer["cut"] != false {
                    wrong("the example's events were cut".to_owned());
                }
            }
        }
    }
    let mut solve = Solve {
        runtime: runtime(),
        failures: Vec::new(),
        puzzles: 0,
    };
    registry::visit(&mut solve);
    assert_eq!(solve.puzzles, registry::NAMES.len());
    assert!(solve.failures.is_empty(), "{:#?}", solve.failures);
}

/// Every puzzle's refusals: a bad text is a 400 naming `puzzle` with the
/// line and column, an unknown setting a 400 naming it, an unknown
/// algorithm a 400 naming `algo`, events asked of an algorithm that
/// reports none a 400 naming `events`, and a page's `step` is no setting.
#[test]
fn the_generic_route_refuses_each_bad_field_by_name() {
    struct Refuse {
        runtime: tokio::runtime::Runtime,
        failures: Vec<String>,
    }
    impl Refuse {
        fn expect(
            &mut self,
            what: String,
            (status, answer): (StatusCode, Value),
            field: &str,
            says: &[&str],
        ) {
            let error = answer["error"].as_str().unwrap_or_default();
            if status != StatusCode::BAD_REQUEST
                || answer["field"] != field
                || !says.iter().all(|word| error.contains(word))
            {
                self.failures.push(format!(
                    "{what}: {status} {answer}, expected a 400 on {field} saying {says:?}"
                ));
            }
        }
    }
    impl registry::Visitor for Refuse {
        fn visit<P: registry::Front>(&mut self) {
            use puzzle_kit::Algorithm;
            let name = P::NAME;
            // A character no puzzle text starts with.
            let bad = format!("@{}", P::EXAMPLE);
            let answer = generic(&self.runtime, name, &bad, "");
            self.expect(
                format!("{name} bad text"),
                answer,
                "puzzle",
                &["line 1", "column "],
            );
            let answer = generic(&self.runtime, name, P::EXAMPLE, "&no_such_setting=1");
            self.expect(
                format!("{name} unknown setting"),
                answer,
                "no_such_setting",
                &["no_such_setting"],
            );
            let answer = generic(&self.runtime, name, P::EXAMPLE, "&algo=no-such-algo");
            self.expect(
                format!("{name} unknown algorithm"),
                answer,
                "algo",
                &["no-such-algo", P::Algo::default().name()],
            );
            for &algo in P::Algo::ALL.iter().filter(|&&algo| !P::watchable(algo)) {
                let more = format!("&algo={}&events=10", algo.name());
                let answer = generic(&self.runtime, name, P::EXAMPLE, &more);
                self.expect(
                    format!("{name} events of {}", algo.name()),
                    answer,
                    "events",
                    &["--events does not apply"],
                );
            }
            let (status, answer) = generic(&self.runtime, name, P::EXAMPLE, "&step=end");
            if status != StatusCode::OK {
                self.failures
                    .push(format!("{name} with step: {status} {answer}"));
            }
        }
    }
    let mut refuse = Refuse {
        runtime: runtime(),
        failures: Vec::new(),
    };
    registry::visit(&mut refuse);
    assert!(refuse.failures.is_empty(), "{:#?}", refuse.failures);
}

#[tokio::test]
async fn an_unknown_puzzle_is_a_404_and_a_board_past_the_bound_is_refused_before_the_solve() {
    let (status, answer) = get_json("/api/puzzle/no-such-puzzle?puzzle=1").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        answer["error"].as_str().unwrap().contains("no-such-puzzle"),
        "{answer}"
    );
    assert_eq!(get("/puzzle/no-such-puzzle").await.0, StatusCode::NOT_FOUND);
    // 10^8 queens: refused on the board's size, not built (nor solved).
    let (status, answer) = get_json("/api/puzzle/nqueens?puzzle=100000000").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["field"], "puzzle");
    assert!(
        answer["error"].as_str().unwrap().contains("at most 4096"),
        "{answer}"
    );
    // 64 x 64 is the bound itself: solved, the board sent whole.
    let (status, answer) = get_json("/api/puzzle/nqueens?puzzle=64").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["board"]["cells"].as_array().unwrap().len(), 4096);
    // A setting of the crate's own reaches it: min-conflicts' step limit.
    let (status, answer) =
        get_json("/api/puzzle/nqueens?puzzle=50&algo=min-conflicts&max_steps=1").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["record"]["status"], "limit", "{answer}");
}

/// `/api/puzzles`, `/api/views` and the index against the registry: every
/// puzzle with its title, example, algorithms (the default first) and
/// settings, its generic page, and its crate's own view where it has one.
#[test]
fn the_catalogue_the_views_and_the_index_list_every_registered_puzzle() {
    let runtime = runtime();
    let (_, catalogue) = runtime.block_on(get_json("/api/puzzles"));
    let (_, views) = runtime.block_on(get_json("/api/views"));
    let (_, _, index) = runtime.block_on(get("/"));
    struct Compare<'a> {
        runtime: &'a tokio::runtime::Runtime,
        catalogue: &'a Value,
        views: &'a Value,
        index: &'a str,
        at: usize,
    }
    impl registry::Visitor for Compare<'_> {
        fn visit<P: registry::Front>(&mut self) {
            use puzzle_kit::Algorithm;
            let entry = &self.catalogue["puzzles"][self.at];
            let view = &self.views["views"][self.at];
            self.at += 1;
            let name = P::NAME;
            assert_eq!(entry["name"], name);
            assert_eq!(entry["title"], P::TITLE, "{name}");
            assert_eq!(entry["example"], P::EXAMPLE, "{name}");
            let algorithms = entry["algorithms"].as_array().unwrap();
            assert_eq!(
                algorithms[0]["name"],
                P::Algo::default().name(),
                "{name}: the default first"
            );
            assert_eq!(algorithms.len(), P::Algo::ALL.len(), "{name}");
            for &algo in P::Algo::ALL {
                let listed = algorithms
                    .iter()
                    .find(|listed| listed["name"] == algo.name());
                assert_eq!(
                    listed.map(|listed| &listed["watchable"]),
                    Some(&Value::from(P::watchable(algo))),
                    "{name} {}",
                    algo.name()
                );
            }
            let settings: Vec<(&str, &str)> = entry["settings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|setting| {
                    (
                        setting["name"].as_str().unwrap(),
                        setting["takes"].as_str().unwrap(),
                    )
                })
                .collect();
            let own: Vec<(&str, &str)> = P::SETTINGS
                .iter()
                .map(|setting| (setting.name, setting.takes))
                .collect();
            assert_eq!(settings, own, "{name}");
            assert_eq!(view["path"], name);
            assert_eq!(view["title"], P::TITLE, "{name}");
            assert_eq!(view["page"], format!("/puzzle/{name}"));
            assert!(
                self.index.contains(&format!("href=\"/puzzle/{name}\"")),
                "the index has no generic link to {name}"
            );
            assert!(
                self.index.contains(P::TITLE),
                "the index does not title {name}"
            );
            let (status, _, page) = self.runtime.block_on(get(&format!("/puzzle/{name}")));
            assert_eq!(status, StatusCode::OK, "/puzzle/{name}");
            assert!(
                page.contains(&format!("data-puzzle=\"{name}\""))
                    && page.contains("/assets/puzzle.js"),
                "/puzzle/{name}"
            );
        }
    }
    let mut compare = Compare {
        runtime: &runtime,
        catalogue: &catalogue,
        views: &views,
        index: &index,
        at: 0,
    };
    registry::visit(&mut compare);
    assert_eq!(compare.at, registry::NAMES.len());
    assert_eq!(
        catalogue["puzzles"].as_array().unwrap().len(),
        registry::NAMES.len()
    );
    // The six views of their own stay where they were, on top of the generic page.
    for name in [
        "eight-puzzle",
        "crossword",
        "sudoku",
        "nqueens",
        "ripple",
        "gogen",
    ] {
        let entry = catalogue["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .find(|entry| entry["name"] == name)
            .unwrap();
        assert_eq!(entry["view"], format!("/{name}"));
    }
}

/// A record that names its algorithm (`algo`) names the one that ran, not
/// the crate's default: the route shows the record through the crate's
/// view of the options (`Front::view`), as the command line does. Each
/// puzzle's last algorithm, which is never its default here.
#[test]
fn the_generic_record_names_the_algorithm_that_ran() {
    struct Named {
        runtime: tokio::runtime::Runtime,
        failures: Vec<String>,
    }
    impl registry::Visitor for Named {
        fn visit<P: registry::Front>(&mut self) {
            use puzzle_kit::Algorithm;
            let Some(&algo) = P::Algo::ALL.last() else {
                return;
            };
            let more = format!("&algo={}", algo.name());
            let (status, answer) = generic(&self.runtime, P::NAME, P::EXAMPLE, &more);
            let named = answer["record"].get("algo");
            if status != StatusCode::OK || named.is_some_and(|named| named != algo.name()) {
                self.failures.push(format!(
                    "{} {}: {status}, the record names {named:?}",
                    P::NAME,
                    algo.name()
                ));
            }
        }
    }
    let mut named = Named {
        runtime: runtime(),
        failures: Vec::new(),
    };
    registry::visit(&mut named);
    assert!(named.failures.is_empty(), "{:#?}", named.failures);
}
