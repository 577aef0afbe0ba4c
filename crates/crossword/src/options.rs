//! The types every algorithm shares: [`Algo`], [`Options`] (with the word
//! list), [`Stats`] with the crate's [`Counters`] (`ac3`'s domains and
//! revisions among them: [`Ac3Result`], [`Revision`]), the solution
//! [`Fill`] and the [`Outcome`]. This module
//! imports no engine: the dispatcher (`solve`) calls the engines, and the
//! engines import these types.

use std::fmt;
use std::sync::{Arc, OnceLock};

use puzzle_kit::{Algorithm, Limits, Status};

use crate::problem::Entry;
use crate::puzzle::Grid;
use crate::slots::Direction;
use crate::words::WordList;

/// Which solver fills the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Algo {
    /// Bitset domains with a position-letter index, arc consistency during
    /// search, dom/wdeg, lookahead among the best words, seeded restarts.
    #[default]
    Fast,
    /// csp-core's MAC search on the slot model (for teaching and cross-checking).
    Mac,
    /// AC-3 alone on csp-core, with its revision table.
    Ac3,
}

impl Algorithm for Algo {
    const ALL: &'static [Self] = &[Algo::Fast, Algo::Mac, Algo::Ac3];

    fn name(self) -> &'static str {
        match self {
            Algo::Fast => "fast",
            Algo::Mac => "mac",
            Algo::Ac3 => "ac3",
        }
    }
}

puzzle_kit::algorithm_names!(Algo);

/// A word list shared by options and fills without copying it; its
/// `Debug` shows the number of words, not the words.
#[derive(Clone)]
pub struct Words(pub Arc<WordList>);

impl fmt::Debug for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WordList({} words)", self.0.len())
    }
}

impl std::ops::Deref for Words {
    type Target = WordList;

    fn deref(&self) -> &WordList {
        &self.0
    }
}

/// The list built into the crate, read once per process (with or
/// without the offensive words of `data/offensive.txt`).
pub(crate) fn builtin_words(allow_offensive: bool) -> Words {
    static BUILTIN: OnceLock<Arc<WordList>> = OnceLock::new();
    static WITH_OFFENSIVE: OnceLock<Arc<WordList>> = OnceLock::new();
    let cell = if allow_offensive {
        &WITH_OFFENSIVE
    } else {
        &BUILTIN
    };
    Words(Arc::clone(cell.get_or_init(|| {
        Arc::new(WordList::default_list_with(None, allow_offensive))
    })))
}

/// How to fill: the algorithm, the [`Limits`] (count, node and time limit,
/// `fast`'s seed) and what only a crossword has: the word list, whether a
/// word may repeat, and `ac3`'s trace.
///
/// `fast` and `mac` honour the node and time limits; `ac3` searches no
/// node and ignores them (the command line refuses them with `--algo
/// ac3`). No algorithm holds a frontier or a table that grows with the
/// search: the memory limit is ignored (the command line has no
/// `--memory-limit`). The seed steers `fast` only.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The solver.
    pub algo: Algo,
    /// Count, node and time limits, and the seed.
    pub limits: Limits,
    /// The word list; `None` is the list built into the crate.
    pub words: Option<Words>,
    /// Let a word fill more than one entry.
    pub allow_repeats: bool,
    /// Keep the offensive words (`data/offensive.txt`) in the built-in
    /// list; a list given with [`Options::words`] is used as given.
    pub allow_offensive: bool,
    /// Record AC-3's revisions (`ac3`).
    pub trace: bool,
    /// Arcs `ac3` revises out of turn, in order (a teaching view's clicks;
    /// empty: AC-3's own order). Other algorithms ignore them.
    pub ac3_clicks: Vec<ClickedArc>,
}

/// An arc revised out of turn by `ac3` ([`Options::ac3_clicks`]): slot `x`
/// revised against slot `y` (indices into [`crate::Slots::slots`]) once
/// `after` revisions are done and the clicks before it were revised, or
/// when the queue is empty (csp-core's `Solver::ac3_clicked`). A pair of
/// slots that do not cross is no arc: it is skipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClickedArc {
    /// The slot revised.
    pub x: usize,
    /// The slot whose words must support `x`'s.
    pub y: usize,
    /// How many revisions come before it.
    pub after: u64,
}

puzzle_kit::configure_fields!(Options, Algo);

puzzle_kit::common_options!(Options, Algo, seed);

impl Options {
    /// Fills from `list` instead of the built-in list.
    pub fn words(self, list: WordList) -> Self {
        self.shared_words(Arc::new(list))
    }

    /// Fills from a list shared with other options (no copy).
    pub fn shared_words(mut self, list: Arc<WordList>) -> Self {
        self.words = Some(Words(list));
        self
    }

    /// Lets a word fill more than one entry.
    pub fn allow_repeats(mut self, allow: bool) -> Self {
        self.allow_repeats = allow;
        self
    }

    /// Keeps the offensive words of `data/offensive.txt` in the built-in
    /// list (left out by default); no effect on a list given with
    /// [`Options::words`].
    pub fn allow_offensive(mut self, allow: bool) -> Self {
        self.allow_offensive = allow;
        self
    }

    /// Records AC-3's revisions (`ac3`, see [`crate::ac3`]).
    pub fn trace(mut self, trace: bool) -> Self {
        self.trace = trace;
        self
    }

    /// The word list filled from: the one given, else the built-in list.
    pub fn word_list(&self) -> Words {
        self.words
            .clone()
            .unwrap_or_else(|| builtin_words(self.allow_offensive))
    }

    /// Counting fills exactly (no restarts) up to this many, when more
    /// than one is asked for.
    pub(crate) fn counting(&self) -> Option<u64> {
        (self.limits.count_up_to > 1).then_some(self.limits.count_up_to)
    }

    /// `fast`'s seed (0 when none is given).
    pub(crate) fn seed_or_default(&self) -> u64 {
        self.limits.seed.unwrap_or(0)
    }
}

/// Search effort, and why a run ended without a fill: the nodes (the root
/// plus one per decision, a word tried in a slot), the wall-clock time and
/// the crossword's [`Counters`].
pub type Stats = puzzle_kit::Stats<Counters>;

/// The crossword's own part of [`Stats`]: the search's counters and why a
/// run ended without a fill.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counters {
    /// Decisions or refutations whose propagation failed.
    pub backtracks: u64,
    /// Restarts (`fast`).
    pub restarts: u64,
    /// Arc revisions (`ac3`, `mac`).
    pub arc_revisions: u64,
    /// Why: the entry no word fits when unsolvable is found before or at
    /// the root, or what stopped the search at a limit.
    pub reason: Option<String>,
    /// What `ac3` reports beside its count: every slot's words before and
    /// after arc consistency, and its revisions when traced (`None` from
    /// `fast` and `mac`); what the human view of `ac3` shows.
    pub ac3: Option<Arc<Ac3Result>>,
}

impl puzzle_kit::Counters for Counters {
    /// `backtracks`, `restarts` and `arc_revisions`, as the JSON record's
    /// `stats` name them (the record writes `restarts` for `fast` only and
    /// `arc_revisions` for `ac3` and `mac` only).
    fn named(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("backtracks", self.backtracks),
            ("restarts", self.restarts),
            ("arc_revisions", self.arc_revisions),
        ]
    }
}

/// One revision of the AC-3 trace, by slot index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Revision {
    /// The revised slot.
    pub x: usize,
    /// The slot whose words must support `x`'s.
    pub y: usize,
    /// Words removed from `x` (global ids).
    pub removed: Vec<u32>,
    /// `x`'s words afterwards, when they changed.
    pub domain_after: Option<Vec<u32>>,
    /// The arcs `(k, x)` put back on the queue.
    pub added: Vec<(usize, usize)>,
}

/// What `ac3` saw: every slot's words before and after, and the revisions
/// (when traced).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ac3Result {
    /// Words of each slot before (global ids, alphabetical as the revision table lists them).
    pub before: Vec<Vec<u32>>,
    /// Words of each slot after arc consistency.
    pub after: Vec<Vec<u32>>,
    /// The revisions, in order (empty unless traced).
    pub revisions: Vec<Revision>,
}

/// A fill: the filled grid, its entries numbered across then down, and
/// the word list it was filled from when known (which
/// [`puzzle_kit::Puzzle::check`] checks against).
#[derive(Debug, Clone)]
pub struct Fill {
    /// The template with every white cell lettered.
    pub grid: Grid,
    /// The entries, across then down, with their words' scores.
    pub entries: Vec<Entry>,
    /// The word list (known when the options named it or [`crate::solve`]
    /// read the built-in list) and whether words could repeat.
    pub(crate) words: Option<Words>,
    pub(crate) allow_repeats: bool,
}

impl Fill {
    /// The mean score of the fill's words (0 for no entry).
    pub fn mean_score(&self) -> f64 {
        if self.entries.is_empty() {
            return 0.0;
        }
        self.entries
            .iter()
            .map(|entry| f64::from(entry.score))
            .sum::<f64>()
            / self.entries.len() as f64
    }
}

impl fmt::Display for Fill {
    /// The command line's view: the grid (uppercase, a space between
    /// cells), the entries across then down, and the mean score; no
    /// newline at the end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.grid)?;
        for direction in [Direction::Across, Direction::Down] {
            write!(
                f,
                "\n\n{}",
                match direction {
                    Direction::Across => "Across",
                    Direction::Down => "Down",
                }
            )?;
            for entry in self.entries.iter().filter(|e| e.direction == direction) {
                write!(f, "\n{:>3}. {}", entry.number, entry.answer)?;
            }
        }
        write!(
            f,
            "\n\n{} entries, mean score {:.2}",
            self.entries.len(),
            self.mean_score()
        )
    }
}

/// The end of a fill: status, the first [`Fill`], the count, and the
/// [`Stats`] (with the reason of an unfillable grid or of a limit).
pub type Outcome = puzzle_kit::Outcome<Fill, Stats>;

/// What an engine returns: the fill as word ids (see
/// [`crate::Problem::word`]), turned into an [`Outcome`] by the dispatcher.
#[derive(Debug, Clone)]
pub(crate) struct Run {
    pub status: Status,
    pub fill: Option<Vec<u32>>,
    pub count: u64,
    pub complete: bool,
    pub reason: Option<String>,
    pub stats: Stats,
}

impl Run {
    pub(crate) fn unsolvable(reason: Option<String>, stats: Stats) -> Run {
        Run {
            status: Status::Unsolvable,
            fill: None,
            count: 0,
            complete: true,
            reason,
            stats,
        }
    }
}
