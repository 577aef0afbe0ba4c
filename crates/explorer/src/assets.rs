//! The page's files, compiled into the binary so that the server needs
//! nothing beside it and the browser fetches nothing from the network.

use crate::api::{VIEWS, View};

/// `(name, content type, text)` of every file under `/assets/`.
const FILES: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    ("player.js", JS, include_str!("../assets/player.js")),
    ("svg.js", JS, include_str!("../assets/svg.js")),
    ("tree.js", JS, include_str!("../assets/tree.js")),
    (
        "eight-puzzle.js",
        JS,
        include_str!("../assets/eight-puzzle.js"),
    ),
    ("nqueens.js", JS, include_str!("../assets/nqueens.js")),
    ("page.js", JS, include_str!("../assets/page.js")),
    ("sudoku.js", JS, include_str!("../assets/sudoku.js")),
    ("gogen.js", JS, include_str!("../assets/gogen.js")),
    ("ripple.js", JS, include_str!("../assets/ripple.js")),
    ("board.js", JS, include_str!("../assets/board.js")),
    ("explain.js", JS, include_str!("../assets/explain.js")),
    ("crossword.js", JS, include_str!("../assets/crossword.js")),
];

const JS: &str = "text/javascript; charset=utf-8";

/// The content type and text of asset `name`.
pub(crate) fn file(name: &str) -> Option<(&'static str, &'static str)> {
    FILES
        .iter()
        .find(|(file, _, _)| *file == name)
        .map(|(_, content_type, text)| (*content_type, *text))
}

/// A page around `body`.
fn page(title: &str, body: &str, script: Option<&str>) -> String {
    let script = script
        .map(|name| format!("<script type=\"module\" src=\"/assets/{name}\"></script>\n"))
        .unwrap_or_default();
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"/assets/style.css\">\n{script}</head>\n<body>\n\
         <header class=\"top\"><a href=\"/\">Puzzle search explorer</a></header>\n\
         {body}\n</body>\n</html>\n"
    )
}

/// `/`: the views, each with what it shows.
pub(crate) fn index_page() -> String {
    let items: String = VIEWS
        .iter()
        .map(|view| {
            let state = if view.ready {
                ""
            } else {
                " <em>(not built yet)</em>"
            };
            format!(
                "<li><a href=\"/{}\">{}</a>{state}: {}</li>\n",
                view.path, view.title, view.what
            )
        })
        .collect();
    let body = format!(
        "<main class=\"index\">\n<h1>Watch the search</h1>\n\
         <p>Step through each search on real puzzles, with the counters of the command line.</p>\n\
         <ul class=\"views\">\n{items}</ul>\n</main>"
    );
    page("Puzzle search explorer", &body, None)
}

/// `/<view>`: the view's shell, filled by its script.
pub(crate) fn view_page(view: &View) -> String {
    if view.ready {
        let body = format!(
            "<main id=\"app\" data-view=\"{}\"><h1>{}</h1></main>",
            view.path, view.title
        );
        page(view.title, &body, Some(&format!("{}.js", view.path)))
    } else {
        let body = format!(
            "<main class=\"index\"><h1>{}</h1>\n<p>This view is not built yet: it waits for the \
             crate's search events. <a href=\"/\">All views</a></p></main>",
            view.title
        );
        page(view.title, &body, None)
    }
}

/// Any unknown path.
pub(crate) fn not_found_page() -> String {
    page(
        "Not found",
        "<main class=\"index\"><h1>Not found</h1>\n<p>No such page. <a href=\"/\">All views</a></p></main>",
        None,
    )
}
