//! puzz.link URLs, as pzprjs encodes Akari (`src/variety/lightup.js`,
//! the "4 cell" encoding of `Encode.js`): `https://puzz.link/p?lightup/
//! COLS/ROWS/BODY`, where pzprjs itself writes the name `akari` (both
//! open the puzzle; both are read). The body runs row by row: `0`-`4` a
//! number, `5`-`9` a number then one white cell, `a`-`e` a number then
//! two, `.` a black cell, `g`-`z` 1 to 20 white cells; cells the body
//! does not reach are white. A body that ends with `.` is followed by
//! `/`, as pzprjs writes it.

use super::{error, leading_number};
use crate::{Akari, Cell, MAX_SIDE, ParseError};

/// The names of the puzzle type a URL may give.
const NAMES: [&str; 2] = ["lightup", "akari"];

/// What may stand before the type: puzz.link's and pzv.jp's pages, with
/// or without the scheme and `www.`.
fn prefixes() -> impl Iterator<Item = String> {
    ["https://", "http://", ""].into_iter().flat_map(|scheme| {
        ["www.", ""].into_iter().flat_map(move |www| {
            ["puzz.link", "pzv.jp"].into_iter().flat_map(move |host| {
                ["/p?", "/p.html?"]
                    .into_iter()
                    .map(move |page| format!("{scheme}{www}{host}{page}"))
            })
        })
    })
}

/// Where the type starts in `url`, if `url` starts with a page of
/// [`prefixes`] (or with the type alone): the byte after the prefix.
fn after_prefix(url: &str) -> Option<usize> {
    if NAMES
        .iter()
        .any(|name| url.starts_with(&format!("{name}/")))
    {
        return Some(0);
    }
    prefixes()
        .filter(|prefix| !prefix.is_empty())
        .find(|prefix| url.starts_with(prefix.as_str()))
        .map(|prefix| prefix.len())
}

/// Whether `line` is a puzz.link-style URL (of any puzzle: a URL of
/// another puzzle is then refused by [`read_url`] with its reason).
pub fn is_url(line: &str) -> bool {
    let line = line.trim();
    after_prefix(line).is_some() || line.starts_with("http://") || line.starts_with("https://")
}

/// Reads a puzz.link URL: errors on line 1, at the column of what is
/// wrong.
///
/// # Errors
///
/// Another page or puzzle type, a side that is not a number of 1 to
/// [`MAX_SIDE`], a character of the body that is not pzprjs's, a body
/// longer than the grid.
pub fn read_url(url: &str) -> Result<Akari, ParseError> {
    let column_of = |at: usize| url[..at].chars().count() + 1;
    let Some(start) = after_prefix(url) else {
        return Err(error(
            1,
            "expected a puzz.link URL such as https://puzz.link/p?lightup/COLS/ROWS/BODY"
                .to_owned(),
        ));
    };
    let rest = &url[start..];
    let name_end = rest.find('/').unwrap_or(rest.len());
    let name = &rest[..name_end];
    if !NAMES.contains(&name) {
        return Err(error(
            column_of(start),
            format!("expected 'lightup/' or 'akari/' (an Akari URL), found '{name}'"),
        ));
    }
    let mut at = start + name_end;
    let mut side = |what: &str| -> Result<usize, ParseError> {
        if !url[at..].starts_with('/') {
            return Err(error(
                column_of(at),
                format!("expected '/' and the number of {what}, found the end of the URL"),
            ));
        }
        at += 1;
        let Some((value, length)) = leading_number(&url[at..]) else {
            let found = url[at..]
                .chars()
                .next()
                .map_or_else(|| "the end of the URL".to_owned(), |c| format!("{c:?}"));
            return Err(error(
                column_of(at),
                format!("expected the number of {what}, found {found}"),
            ));
        };
        if !(1..=MAX_SIDE).contains(&value) {
            return Err(error(
                column_of(at),
                format!(
                    "expected 1 to {MAX_SIDE} {what}, found {}",
                    &url[at..at + length]
                ),
            ));
        }
        at += length;
        Ok(value)
    };
    let cols = side("columns")?;
    let rows = side("rows")?;
    let total = rows * cols;
    let mut cells = vec![Cell::White; total];
    if url[at..].is_empty() {
        return Ok(Akari::new(rows, cols, cells).expect("checked sides"));
    }
    if !url[at..].starts_with('/') {
        return Err(error(
            column_of(at),
            format!(
                "expected '/' before the cells, found {:?}",
                url[at..].chars().next().unwrap_or('/')
            ),
        ));
    }
    at += 1;
    let first = column_of(at);
    let mut cell = 0;
    // pzprjs ends a body whose last character is no letter or digit with
    // a `/`, so that a link shortener keeps it.
    let body = match url[at..].strip_suffix('/') {
        Some(body) if !body.ends_with(|c: char| c.is_ascii_alphanumeric()) => body,
        _ => &url[at..],
    };
    for (offset, c) in body.chars().enumerate() {
        let column = first + offset;
        if cell >= total {
            return Err(error(
                column,
                format!(
                    "expected the end of the URL, the {cols}x{rows} grid being full, found {c:?}"
                ),
            ));
        }
        let digit = c
            .to_digit(36)
            .filter(|_| c.is_ascii_digit() || c.is_ascii_lowercase());
        match (c, digit) {
            ('.', _) => {
                cells[cell] = Cell::Black;
                cell += 1;
            }
            (_, Some(value @ 0..=14)) => {
                cells[cell] = Cell::Number((value % 5) as u8);
                cell += 1 + value as usize / 5;
            }
            (_, Some(value @ 16..=35)) => cell += value as usize - 15,
            _ => {
                return Err(error(
                    column,
                    format!(
                        "expected a number 0-4 (5-9 and a-e: with 1 or 2 white cells after it), '.' (a black cell) or 'g'-'z' (1 to 20 white cells), found {c:?}"
                    ),
                ));
            }
        }
    }
    Ok(Akari::new(rows, cols, cells).expect("checked sides and numbers"))
}

/// The puzzle's URL, `https://puzz.link/p?lightup/COLS/ROWS/BODY`, its
/// body as pzprjs encodes it.
pub fn to_url(puzzle: &Akari) -> String {
    let mut out = format!(
        "https://puzz.link/p?lightup/{}/{}/",
        puzzle.cols(),
        puzzle.rows()
    );
    let cells = puzzle.cells();
    let white = |index: usize| cells.get(index) == Some(&Cell::White);
    let exists = |index: usize| index < cells.len();
    let skip = |count: usize| char::from_digit(count as u32 + 15, 36).expect("1 to 20");
    let mut count = 0;
    let mut index = 0;
    while index < cells.len() {
        let piece = match cells[index] {
            Cell::White => None,
            Cell::Black => Some('.'),
            Cell::Number(k) => {
                let k = u32::from(k);
                // A number swallows the one or two white cells after it.
                let value = if exists(index + 1) && !white(index + 1) {
                    k
                } else if exists(index + 2) && !white(index + 2) {
                    index += 1;
                    k + 5
                } else {
                    index += 2;
                    k + 10
                };
                Some(char::from_digit(value, 16).expect("0 to 14"))
            }
        };
        match piece {
            None => count += 1,
            Some(piece) => {
                if count > 0 {
                    out.push(skip(count));
                    count = 0;
                }
                out.push(piece);
            }
        }
        if count == 20 {
            out.push(skip(count));
            count = 0;
        }
        index += 1;
    }
    if count > 0 {
        out.push(skip(count));
    }
    // As pzprjs: a last `.` is followed by `/`, which a link shortener keeps.
    if out.ends_with('.') {
        out.push('/');
    }
    out
}
