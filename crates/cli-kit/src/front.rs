//! A puzzle as the front ends beside the command line take it: the
//! explorer's query parameters and the Python package's keyword
//! arguments. Each names the crate's own options ([`Setting`]) by name
//! with a value as text, and gets one puzzle from one text
//! ([`Front::prepare`]); the shared options (algorithm, limits, count)
//! follow the command line's table of which applies to which algorithm
//! ([`refuse_misfit`]). The registry of puzzles lists every [`Front`].

use std::str::FromStr;

use puzzle_kit::{Algorithm, Configure};

use crate::App;
use crate::app::{Flag, Verify, misfit};

/// One of a crate's own options, as a front end names it: a Python
/// keyword argument, an explorer query parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    /// Its name (`min_score`, `letters`): a Python identifier.
    pub name: &'static str,
    /// What it takes, for a help line and a stub's docstring.
    pub takes: &'static str,
    /// The command-line flag it mirrors (`--min-score`).
    pub flag: &'static str,
}

/// Why [`Front::prepare`] refused: the text is not a puzzle (a parse
/// error naming the line and column: Python's `ParseError`), or a setting
/// or option does not fit (a usage error on the command line: Python's
/// `ValueError`, the explorer's 400 on that field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The text is not a puzzle.
    Puzzle(String),
    /// The setting `name` (a [`Setting`]'s, or `algo`, `count_up_to`, ...)
    /// is unknown or its value does not fit.
    Setting {
        /// The setting at fault.
        name: String,
        /// Why, in a sentence.
        message: String,
    },
}

impl Refusal {
    /// A refusal of the setting `name`.
    pub fn setting(name: &str, message: impl Into<String>) -> Self {
        Refusal::Setting {
            name: name.to_owned(),
            message: message.into(),
        }
    }

    /// The message alone.
    pub fn message(&self) -> &str {
        match self {
            Refusal::Puzzle(message) | Refusal::Setting { message, .. } => message,
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

/// The crate's own settings of one request, by name, values as text.
pub type Own<'a> = &'a [(String, String)];

/// A puzzle the front ends beside the command line take: its title, its
/// own settings, and how one text with those settings becomes a puzzle
/// and the options it is solved with. The rest (the record, the board,
/// the events, the checker) is the command line's own traits.
pub trait Front: App + Verify + 'static {
    /// How a page titles it: `Sliding tiles`, `N-Queens`.
    const TITLE: &'static str;

    /// The crate's own settings, none by default.
    const SETTINGS: &'static [Setting] = &[];

    /// The puzzle of `text`, with `own` (each name one of
    /// [`Front::SETTINGS`]) applied to it and to `options`: by default the
    /// text parsed ([`std::str::FromStr`]), and no setting taken.
    ///
    /// # Errors
    ///
    /// The text is not a puzzle, or a setting is unknown or does not fit.
    fn prepare(text: &str, own: Own<'_>, options: &mut Self::Options) -> Result<Self, Refusal> {
        let _ = options;
        refuse_unknown::<Self>(own)?;
        text.parse()
            .map_err(|error: Self::Error| Refusal::Puzzle(error.to_string()))
    }

    /// The view options the command line would show a solve with, given
    /// `own` (already accepted by [`Front::prepare`]) and the `options` it
    /// prepared: what [`crate::app::Show::write_record`] needs to write
    /// the record the binary writes (nqueens' and ripple's `algo`,
    /// crossword's word list and minimum score, eight-puzzle's goal and
    /// heuristic). By default the view's default, for a crate whose record
    /// names nothing of its options.
    fn view(own: Own<'_>, options: &Self::Options) -> Self::View {
        let _ = (own, options);
        Self::View::default()
    }

    /// `check`'s verdicts on `text` (records as `solve --json` writes
    /// them) as solutions of this puzzle, with the settings `own` the
    /// records were solved with: by default [`crate::app::check_text`],
    /// the records naming all they need. A crate whose records name a
    /// setting they cannot carry (crossword's word list given as text)
    /// checks with it.
    ///
    /// # Errors
    ///
    /// The first record that is wrong: its line and why.
    fn check_with(
        &self,
        own: Own<'_>,
        text: &str,
    ) -> Result<Vec<crate::Verified>, (usize, String)> {
        let _ = own;
        crate::app::check_text(self, text)
    }

    /// How many cells [`crate::app::Show::board`] holds, known before solving:
    /// a front end that sends the board (the explorer) refuses a puzzle
    /// past its bound before the solve, whose answer would be too big to
    /// send. By default the givens' board, built and counted; a puzzle
    /// whose board outgrows its text (N-Queens' N x N from one number)
    /// counts without building it.
    fn cells(&self) -> usize {
        crate::app::Show::board(self, None).cells.len()
    }
}

/// Refuses the first of `own` that is not one of `P`'s settings, naming
/// those it has.
///
/// # Errors
///
/// The first unknown setting.
pub fn refuse_unknown<P: Front>(own: Own<'_>) -> Result<(), Refusal> {
    let Some((name, _)) = own
        .iter()
        .find(|(name, _)| !P::SETTINGS.iter().any(|setting| setting.name == name))
    else {
        return Ok(());
    };
    let known: Vec<&str> = P::SETTINGS.iter().map(|setting| setting.name).collect();
    let expected = match known.as_slice() {
        [] => format!("{} takes no setting of its own", P::NAME),
        _ => format!("expected {}", known.join(", ")),
    };
    Err(Refusal::setting(
        name,
        format!("unknown setting '{name}': {expected}"),
    ))
}

/// The value of setting `name` read as a `T`.
///
/// # Errors
///
/// A value that does not read, naming the setting and what it takes.
pub fn read_setting<T: FromStr>(name: &str, value: &str, takes: &str) -> Result<T, Refusal> {
    value
        .trim()
        .parse()
        .map_err(|_| Refusal::setting(name, format!("{name} {value:?}: expected {takes}")))
}

/// Refuses the setting `name` unless `options` run `algo`, the one
/// algorithm it applies to: `max_steps applies to min-conflicts only, not
/// to csp`.
///
/// # Errors
///
/// Another algorithm.
pub fn only_with<P: Front>(name: &str, options: &P::Options, algo: P::Algo) -> Result<(), Refusal> {
    let chosen = options.algo();
    if chosen == algo {
        return Ok(());
    }
    Err(Refusal::setting(
        name,
        format!(
            "{name} applies to {} only, not to {}",
            algo.name(),
            chosen.name()
        ),
    ))
}

/// The value of a yes-or-no setting: `true`/`false` (as Python's `str`
/// of a bool, either case), `1`/`0`, `yes`/`no`.
///
/// # Errors
///
/// Any other value.
pub fn read_switch(name: &str, value: &str) -> Result<bool, Refusal> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" => Ok(true),
        "false" | "0" | "no" => Ok(false),
        _ => Err(Refusal::setting(
            name,
            format!("{name} {value:?}: expected true or false"),
        )),
    }
}

/// The command line's usage error for a shared option given with an
/// algorithm it does not apply to (`count_up_to` with N-Queens'
/// `construct`), as [`misfit`] words it, the front end's name of the
/// option in place of the flag's where it has one of its own.
///
/// # Errors
///
/// The first option of `given` that does not apply to the options'
/// algorithm: `(the front end's name, the flag)` of each given.
pub fn refuse_misfit<P: Front>(
    options: &P::Options,
    given: &[(&str, Flag)],
) -> Result<(), Refusal> {
    let flags: Vec<Flag> = given.iter().map(|&(_, flag)| flag).collect();
    match misfit::<P>(options.algo(), &flags) {
        None => Ok(()),
        Some(message) => {
            let name = given
                .iter()
                .find(|&&(_, flag)| message.starts_with(flag.name()))
                .map_or("algo", |&(name, _)| name);
            Err(Refusal::setting(name, message))
        }
    }
}
