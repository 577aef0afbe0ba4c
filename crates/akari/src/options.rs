//! The shared types of a solve: which algorithm ([`Algo`]), how to run it
//! ([`Options`]), its effort ([`Stats`], [`Counters`]) and its end
//! ([`Outcome`]). The engine imports these; this module imports no engine.

use puzzle_kit::{Algorithm, Limits};

use crate::puzzle::Bulbs;

/// Which solver to run: the fast engine, or the textbook csp-core model
/// under two inferences, so that `--compare` shows what each buys.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Algo {
    /// The fast engine: its own deductions (cells only one bulb can
    /// light, numbers that force or forbid their sides), then search.
    #[default]
    Fast,
    /// The textbook model under maintained arc consistency: every
    /// counting constraint to its fixpoint after each decision.
    Mac,
    /// The textbook model under forward checking: only the constraints of
    /// the cell just decided.
    Fc,
}

impl Algorithm for Algo {
    const ALL: &'static [Self] = &[Algo::Fast, Algo::Mac, Algo::Fc];

    fn name(self) -> &'static str {
        match self {
            Algo::Fast => "fast",
            Algo::Mac => "mac",
            Algo::Fc => "fc",
        }
    }
}

puzzle_kit::algorithm_names!(Algo);

/// How to solve: the algorithm and the [`Limits`] every puzzle shares
/// (`Options::new(Algo::Mac).count_up_to(2).node_limit(1000)`): the count,
/// the node, time and memory limits, honoured by the engine and by
/// csp-core alike.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// The solver.
    pub algo: Algo,
    /// The count to look for and the limits.
    pub limits: Limits,
}

puzzle_kit::configure_fields!(Options, Algo);

puzzle_kit::common_options!(Options, Algo);

/// Search effort of one run: `nodes` (the root plus one per branch taken:
/// for the engine a bulb guessed, or taken back once every solution with
/// it is counted; for csp-core a value tried), the wall-clock time, and
/// the [`Counters`].
pub type Stats = puzzle_kit::Stats<Counters>;

/// The counters beside the nodes and the time, as the JSON record's
/// `stats` holds them too.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "app", derive(serde::Serialize, serde::Deserialize))]
pub struct Counters {
    /// Decisions (or refutations) whose propagation failed.
    #[cfg_attr(feature = "app", serde(default))]
    pub backtracks: u64,
    /// The fast engine's bulbs guessed at a choice point (each also
    /// counted as a node, as is each one taken back).
    #[cfg_attr(
        feature = "app",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub guesses: Option<u64>,
    /// The fast engine's cells decided by its deductions, not by a guess.
    #[cfg_attr(
        feature = "app",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub deductions: Option<u64>,
}

impl puzzle_kit::Counters for Counters {
    fn named(&self) -> Vec<(&'static str, u64)> {
        let mut counters = vec![("backtracks", self.backtracks)];
        counters.extend(self.guesses.map(|guesses| ("guesses", guesses)));
        counters.extend(self.deductions.map(|cells| ("deductions", cells)));
        counters
    }
}

/// The end of a solve: status, first solution, count, stats.
pub type Outcome = puzzle_kit::Outcome<Bulbs, Stats>;
