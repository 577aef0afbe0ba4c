//! The page's files, compiled into the binary so that the server needs
//! nothing beside it and the browser fetches nothing from the network.

use crate::api::{View, own_view};
use crate::puzzle_api::{CATALOGUE, Entry};

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
    ("panel.js", JS, include_str!("../assets/panel.js")),
    ("sides.js", JS, include_str!("../assets/sides.js")),
    ("search.js", JS, include_str!("../assets/search.js")),
    ("csp.js", JS, include_str!("../assets/csp.js")),
    ("sudoku.js", JS, include_str!("../assets/sudoku.js")),
    ("gogen.js", JS, include_str!("../assets/gogen.js")),
    ("ripple.js", JS, include_str!("../assets/ripple.js")),
    ("board.js", JS, include_str!("../assets/board.js")),
    ("explain.js", JS, include_str!("../assets/explain.js")),
    ("crossword.js", JS, include_str!("../assets/crossword.js")),
    ("puzzle.js", JS, include_str!("../assets/puzzle.js")),
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

/// `/`: every registered puzzle, linked to its crate's own view (with
/// what it shows) where it has one, and to its generic page.
pub(crate) fn index_page() -> String {
    let items: String = CATALOGUE
        .iter()
        .map(|entry| {
            let name = entry.name;
            let generic = format!(
                "<a href=\"/puzzle/{name}\" data-generic=\"{name}\">board, algorithms and events</a>"
            );
            match own_view(name) {
                Some(view) => format!(
                    "<li><a href=\"/{name}\">{}</a>: {} (and the generic page: {generic})</li>\n",
                    entry.title, view.what
                ),
                None => format!("<li>{}: {generic}</li>\n", entry.title),
            }
        })
        .collect();
    let body = format!(
        "<main class=\"index\">\n<h1>Watch the search</h1>\n\
         <p>Step through each search on real puzzles, with the counters of the command line.</p>\n\
         <ul class=\"views\">\n{items}</ul>\n</main>"
    );
    page("Puzzle search explorer", &body, None)
}

/// `/<view>`: a crate's own view's shell, filled by its script.
pub(crate) fn view_page(view: &View, title: &str) -> String {
    app_page("view", view.path, title, &format!("{}.js", view.path))
}

/// `/puzzle/<name>` (and `/<name>` for a puzzle without a view of its
/// own): the generic page's shell, filled by `puzzle.js` from
/// `/api/puzzles`.
pub(crate) fn puzzle_page(entry: &Entry) -> String {
    app_page("puzzle", entry.name, entry.title, "puzzle.js")
}

/// A page whose `app` (`data-KIND="NAME"`) the module `script` fills.
fn app_page(kind: &str, name: &str, title: &str, script: &str) -> String {
    let body = format!("<main id=\"app\" data-{kind}=\"{name}\"><h1>{title}</h1></main>");
    page(title, &body, Some(script))
}

/// Any unknown path.
pub(crate) fn not_found_page() -> String {
    page(
        "Not found",
        "<main class=\"index\"><h1>Not found</h1>\n<p>No such page. <a href=\"/\">All views</a></p></main>",
        None,
    )
}
