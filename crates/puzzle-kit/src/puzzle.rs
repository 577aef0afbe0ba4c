//! The shape every puzzle crate shares: [`Puzzle`], its options
//! ([`Configure`], [`Limits`]), its [`Outcome`] and its effort ([`Effort`]).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::Status;

/// A puzzle type: read from text, shown as the command line shows it, with
/// a canonical one-line form, solved by any of its algorithms and checked
/// by rule code that shares nothing with the solvers.
///
/// A tool over every puzzle is generic over this trait:
///
/// ```
/// use puzzle_kit::{Configure, Puzzle};
///
/// /// Solves `text` with the default algorithm and proves the answer right.
/// fn solve_and_check<P: Puzzle>(text: &str) -> Result<String, String> {
///     let puzzle: P = text.parse().map_err(|error| format!("{}: {error}", P::NAME))?;
///     let options = P::Options::new(P::Algo::default()).node_limit(1_000_000);
///     let outcome = puzzle.solve(&options);
///     match &outcome.solution {
///         Some(solution) => {
///             puzzle.check(solution)?;
///             Ok(format!("{}: {}", P::NAME, puzzle.solution_line(solution)))
///         }
///         None => Ok(format!("{}: {}", P::NAME, outcome.status)),
///     }
/// }
/// ```
pub trait Puzzle: FromStr<Err = Self::Error> + fmt::Display + Clone + Send + Sync + Sized {
    /// The crate's name, which is also its binary's: `sudoku`, `nqueens`.
    const NAME: &'static str;
    /// A small puzzle in the text form it parses: a page's first puzzle,
    /// a Python module's example, what the library user's project solves.
    const EXAMPLE: &'static str;
    /// Why a text is not a puzzle: a message naming the line and column.
    type Error: std::error::Error + Send + Sync + 'static;
    /// The algorithms that solve it; `Default` is the fastest exact one.
    type Algo: Algorithm;
    /// How to solve: the algorithm, the [`Limits`] and what only this
    /// puzzle has.
    type Options: Configure<Algo = Self::Algo>;
    /// A solution, shown (`Display`) as the command line shows it.
    type Solution: fmt::Display + Clone + Send + Sync;
    /// The effort of a run, with the counters of the crate's own.
    type Stats: Effort;

    /// The canonical one-line form (the `puzzle` of a JSON record), which
    /// reads back as the same puzzle.
    fn to_line(&self) -> String;

    /// The solution's one-line form (the `solution` of a JSON record).
    fn solution_line(&self, solution: &Self::Solution) -> String;

    /// Solves with `options`.
    fn solve(&self, options: &Self::Options) -> Outcome<Self::Solution, Self::Stats>;

    /// Whether `solution` solves this puzzle, by the crate's independent
    /// rule checker; the error says which rule it breaks and where.
    fn check(&self, solution: &Self::Solution) -> Result<(), crate::Violation>;
}

/// A name that is not one of an [`Algorithm`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    /// The name given.
    pub name: String,
    /// The names known, for the message.
    pub expected: Vec<&'static str>,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown algorithm '{}', expected {}",
            self.name,
            self.expected.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// An enum of algorithms: every value, each with the name the command line
/// and the JSON records use.
pub trait Algorithm:
    Copy + fmt::Debug + fmt::Display + PartialEq + Default + Send + Sync + 'static
{
    /// Every algorithm, in the order the command line lists them.
    const ALL: &'static [Self];

    /// The name of `--algo` and of the `algo` field.
    fn name(self) -> &'static str;

    /// The algorithm named `name` (for `FromStr`).
    fn from_name(name: &str) -> Result<Self, UnknownName> {
        Self::ALL
            .iter()
            .copied()
            .find(|algo| algo.name() == name)
            .ok_or_else(|| UnknownName {
                name: name.to_owned(),
                expected: Self::ALL.iter().map(|algo| algo.name()).collect(),
            })
    }
}

/// What every search reports of its effort.
pub trait Effort: fmt::Debug + Clone + Send + Sync {
    /// Search states or assignments examined, the root included.
    fn nodes(&self) -> u64;
    /// Wall-clock time of the run.
    fn elapsed(&self) -> Duration;

    /// The crate's own counters beside the nodes and the time (a course
    /// formulation's `num_tested`, `backtracks`), named as in the JSON record's `stats`,
    /// for tools over every puzzle (the Python package); none by default.
    fn counters(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }
}

/// The limits and the count every puzzle's options carry; see
/// [`common_options!`](crate::common_options) for the methods that set them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Look for this many solutions (1: the first; 2: whether it is unique).
    pub count_up_to: u64,
    /// Stop before the nodes examined would pass this.
    pub node_limit: Option<u64>,
    /// Stop after this much time.
    pub time_limit: Option<Duration>,
    /// Stop before what the search holds would pass this many bytes.
    pub memory_limit: Option<usize>,
    /// The seed of a randomised algorithm (the same seed, the same run).
    pub seed: Option<u64>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            count_up_to: 1,
            node_limit: None,
            time_limit: None,
            memory_limit: None,
            seed: None,
        }
    }
}

/// A crate's `Options`, as generic code builds and reads them. The
/// builder methods are inherent too, written by
/// [`common_options!`](crate::common_options), so that a user of one crate
/// needs no import for them.
pub trait Configure: fmt::Debug + Clone + Send + Sync {
    /// The crate's algorithm enum.
    type Algo: Algorithm;

    /// The options of `algo` with no limit, looking for one solution.
    fn new(algo: Self::Algo) -> Self;

    /// The algorithm.
    fn algo(&self) -> Self::Algo;

    /// The limits and count.
    fn limits(&self) -> &Limits;

    /// The limits and count, to change.
    fn limits_mut(&mut self) -> &mut Limits;

    /// Sets [`Limits::count_up_to`] (at least 1).
    fn count_up_to(mut self, count: u64) -> Self {
        self.limits_mut().count_up_to = count.max(1);
        self
    }

    /// Sets [`Limits::node_limit`].
    fn node_limit(mut self, nodes: u64) -> Self {
        self.limits_mut().node_limit = Some(nodes);
        self
    }

    /// Sets [`Limits::time_limit`].
    fn time_limit(mut self, time: Duration) -> Self {
        self.limits_mut().time_limit = Some(time);
        self
    }

    /// Sets [`Limits::memory_limit`].
    fn memory_limit(mut self, bytes: usize) -> Self {
        self.limits_mut().memory_limit = Some(bytes);
        self
    }
}

/// Writes the inherent methods of a crate's `Options` type, which
/// implements [`Configure`] with the algorithms `Algo`: `new(algo)`,
/// `count_up_to`, `node_limit`, `time_limit` and `memory_limit`, and `seed`
/// when asked for (`common_options!(Options, Algo, seed)`), so that
/// `Options::new(algo).count_up_to(2)` needs no trait in scope. Each calls
/// the same method of [`Configure`].
#[macro_export]
macro_rules! common_options {
    ($options:ty, $algo:ty) => {
        impl $options {
            /// The options of `algo`: one solution looked for, none of the
            /// [`Limits`](puzzle_kit::Limits) set, and the crate's own
            /// settings at their defaults (as
            /// [`Configure::new`](puzzle_kit::Configure::new), without the
            /// trait in scope).
            pub fn new(algo: $algo) -> Self {
                <$options as $crate::Configure>::new(algo)
            }

            /// Looks for this many solutions (at least 1): 2 tells whether
            /// the solution is unique.
            pub fn count_up_to(self, count: u64) -> Self {
                $crate::Configure::count_up_to(self, count)
            }

            /// Stops with status `limit` (`node`) before the nodes examined
            /// would pass `nodes`.
            pub fn node_limit(self, nodes: u64) -> Self {
                $crate::Configure::node_limit(self, nodes)
            }

            /// Stops with status `limit` (`time`) after `time`.
            pub fn time_limit(self, time: ::std::time::Duration) -> Self {
                $crate::Configure::time_limit(self, time)
            }

            /// Stops with status `limit` (`memory`) before what the search
            /// holds would pass `bytes`.
            pub fn memory_limit(self, bytes: usize) -> Self {
                $crate::Configure::memory_limit(self, bytes)
            }
        }
    };
    ($options:ty, $algo:ty, seed) => {
        $crate::common_options!($options, $algo);

        impl $options {
            /// Seeds the randomised choices: the same seed, the same run.
            pub fn seed(mut self, seed: u64) -> Self {
                $crate::Configure::limits_mut(&mut self).seed = Some(seed);
                self
            }
        }
    };
}

/// Writes `impl Configure` for an `Options` struct that holds its
/// algorithm in a field `algo: Algo` and its [`Limits`] in a field
/// `limits`, and whose `Default` is the default algorithm with every other
/// setting at its default: `new(algo)` is that default with `algo` set, and
/// the accessors read the two fields. A crate whose options hold the
/// algorithm some other way writes its `Configure` by hand.
///
/// ```
/// use puzzle_kit::{Configure, Limits};
///
/// #[derive(Debug, Clone, Copy, PartialEq, Default)]
/// enum Algo {
///     #[default]
///     Fast,
///     Slow,
/// }
/// # impl std::fmt::Display for Algo {
/// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{self:?}") }
/// # }
/// # impl puzzle_kit::Algorithm for Algo {
/// #     const ALL: &'static [Self] = &[Algo::Fast, Algo::Slow];
/// #     fn name(self) -> &'static str { if self == Algo::Fast { "fast" } else { "slow" } }
/// # }
///
/// #[derive(Debug, Clone, Default)]
/// struct Options {
///     algo: Algo,
///     limits: Limits,
///     verbose: bool,
/// }
///
/// puzzle_kit::configure_fields!(Options, Algo);
///
/// let options = <Options as Configure>::new(Algo::Slow).node_limit(9);
/// assert_eq!((options.algo(), options.limits.node_limit), (Algo::Slow, Some(9)));
/// assert!(!options.verbose);
/// ```
#[macro_export]
macro_rules! configure_fields {
    ($options:ty, $algo:ty) => {
        impl $crate::Configure for $options {
            type Algo = $algo;

            fn new(algo: $algo) -> Self {
                Self {
                    algo,
                    ..<Self as ::std::default::Default>::default()
                }
            }

            fn algo(&self) -> $algo {
                self.algo
            }

            fn limits(&self) -> &$crate::Limits {
                &self.limits
            }

            fn limits_mut(&mut self) -> &mut $crate::Limits {
                &mut self.limits
            }
        }
    };
}

/// Writes what every crate's algorithm enum offers beside its
/// [`Algorithm`] impl: the inherent `ALL` and `name` (the trait's, so that
/// `Algo::ALL` and `algo.name()` need no trait in scope), `Display` (the
/// name) and `FromStr` (by [`Algorithm::from_name`], refusing an unknown
/// name with an [`UnknownName`] that lists the known ones).
///
/// ```
/// use puzzle_kit::Algorithm;
///
/// #[derive(Debug, Clone, Copy, PartialEq, Default)]
/// enum Algo {
///     #[default]
///     Fast,
///     Slow,
/// }
///
/// impl Algorithm for Algo {
///     const ALL: &'static [Self] = &[Algo::Fast, Algo::Slow];
///
///     fn name(self) -> &'static str {
///         match self {
///             Algo::Fast => "fast",
///             Algo::Slow => "slow",
///         }
///     }
/// }
///
/// puzzle_kit::algorithm_names!(Algo);
///
/// assert_eq!(Algo::ALL, [Algo::Fast, Algo::Slow]);
/// assert_eq!(Algo::Slow.name(), "slow");
/// assert_eq!(Algo::Slow.to_string(), "slow");
/// assert_eq!("fast".parse::<Algo>(), Ok(Algo::Fast));
/// let error = "quick".parse::<Algo>().unwrap_err();
/// assert_eq!(error.to_string(), "unknown algorithm 'quick', expected fast, slow");
/// ```
#[macro_export]
macro_rules! algorithm_names {
    ($algo:ty) => {
        impl $algo {
            /// Every algorithm, in the order the command line lists them
            /// (as [`Algorithm::ALL`](puzzle_kit::Algorithm::ALL), without
            /// the trait in scope).
            pub const ALL: &'static [$algo] = <$algo as $crate::Algorithm>::ALL;

            /// The name of `--algo` and of the `algo` field of a JSON
            /// record (as [`Algorithm::name`](puzzle_kit::Algorithm::name),
            /// without the trait in scope).
            pub fn name(self) -> &'static str {
                <$algo as $crate::Algorithm>::name(self)
            }
        }

        impl ::std::fmt::Display for $algo {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(<$algo as $crate::Algorithm>::name(*self))
            }
        }

        impl ::std::str::FromStr for $algo {
            type Err = $crate::UnknownName;

            fn from_str(name: &str) -> ::std::result::Result<Self, Self::Err> {
                <$algo as $crate::Algorithm>::from_name(name)
            }
        }
    };
}

/// The end of a run: how it ended, the (first) solution, how many were
/// counted and whether that count is exact, and the effort.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome<S, X> {
    /// How the run ended.
    pub status: Status,
    /// The first solution found: present when solved, and when a limit cut
    /// a count short after a first solution (a JSON record, whose
    /// `solution` is there exactly when solved, leaves it out then).
    pub solution: Option<S>,
    /// Solutions counted (at most [`Limits::count_up_to`]).
    pub count: u64,
    /// Whether `count` is every solution there is: false when the count
    /// reached [`Limits::count_up_to`] or a limit stopped it.
    pub count_complete: bool,
    /// The effort.
    pub stats: X,
}

impl<S, X> Outcome<S, X> {
    /// What a count to 2 says of uniqueness: not unique once two
    /// solutions are found (even if a limit stopped the count after),
    /// else whether exactly one was found, or the limit that stopped the
    /// count before it could tell.
    ///
    /// # Errors
    ///
    /// The limit that stopped the count with fewer than two found.
    pub fn uniqueness(&self) -> Result<bool, crate::Limit> {
        match self.status {
            _ if self.count >= 2 => Ok(false),
            Status::Limit(limit) => Err(limit),
            Status::Solved | Status::Unsolvable => Ok(self.count == 1),
        }
    }

    /// The outcome of a search that counted `count` solutions (`first`
    /// kept) and then either was `exhausted`, reached the count asked for,
    /// or was stopped by `limit`: stopped by the limit if one stopped it
    /// (the count is then a lower bound), else solved when it found one,
    /// else unsolvable.
    pub fn counted(
        first: Option<S>,
        count: u64,
        exhausted: bool,
        limit: Option<crate::Limit>,
        stats: X,
    ) -> Self {
        let status = match limit {
            Some(limit) => Status::Limit(limit),
            None if count > 0 => Status::Solved,
            None => Status::Unsolvable,
        };
        Outcome {
            status,
            solution: first,
            count,
            count_complete: exhausted && limit.is_none(),
            stats,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limit;

    #[test]
    fn two_solutions_say_not_unique_even_when_a_limit_stopped_the_count() {
        let count = |count: u64, exhausted: bool, limit: Option<Limit>| {
            Outcome::counted(Some(()), count, exhausted, limit, ()).uniqueness()
        };
        assert_eq!(count(1, true, None), Ok(true));
        assert_eq!(count(2, false, None), Ok(false));
        assert_eq!(count(2, false, Some(Limit::Node)), Ok(false));
        assert_eq!(count(1, false, Some(Limit::Time)), Err(Limit::Time));
        assert_eq!(
            Outcome::<(), ()>::counted(None, 0, true, None, ()).uniqueness(),
            Ok(false)
        );
    }

    #[test]
    fn a_limit_outranks_what_was_counted_and_makes_the_count_a_lower_bound() {
        let cases = [
            (Some(1), 1, true, None, Status::Solved, true),
            (Some(1), 2, false, None, Status::Solved, false),
            (None, 0, true, None, Status::Unsolvable, true),
            (
                None,
                0,
                false,
                Some(Limit::Node),
                Status::Limit(Limit::Node),
                false,
            ),
            (
                Some(1),
                1,
                false,
                Some(Limit::Time),
                Status::Limit(Limit::Time),
                false,
            ),
        ];
        for (first, count, exhausted, limit, status, complete) in cases {
            let outcome = Outcome::counted(first, count, exhausted, limit, ());
            assert_eq!(
                outcome.status, status,
                "{first:?} {count} {exhausted} {limit:?}"
            );
            assert_eq!(outcome.count_complete, complete);
        }
    }

    #[derive(Debug, Clone, Copy, PartialEq, Default)]
    enum Algo {
        #[default]
        Fast,
        Slow,
    }

    impl Algorithm for Algo {
        const ALL: &'static [Self] = &[Algo::Fast, Algo::Slow];
        fn name(self) -> &'static str {
            match self {
                Algo::Fast => "fast",
                Algo::Slow => "slow",
            }
        }
    }

    #[derive(Debug, Clone, Default)]
    struct Options {
        algo: Algo,
        limits: Limits,
    }

    crate::configure_fields!(Options, Algo);

    crate::algorithm_names!(Algo);

    crate::common_options!(Options, Algo, seed);

    #[test]
    fn the_common_methods_are_inherent_and_set_the_limits() {
        let options = Options::new(Algo::Slow)
            .count_up_to(0)
            .node_limit(5)
            .time_limit(Duration::from_secs(2))
            .memory_limit(1 << 20)
            .seed(7);
        assert_eq!(
            *options.limits(),
            Limits {
                count_up_to: 1,
                node_limit: Some(5),
                time_limit: Some(Duration::from_secs(2)),
                memory_limit: Some(1 << 20),
                seed: Some(7),
            }
        );
        assert_eq!(options.algo(), Algo::Slow);
    }

    #[test]
    fn algorithms_are_found_by_name_and_an_unknown_name_lists_them() {
        assert_eq!(Algo::from_name("slow"), Ok(Algo::Slow));
        assert_eq!(Algo::ALL, [Algo::Fast, Algo::Slow]);
        assert_eq!(Algo::Slow.name(), "slow");
        assert_eq!(Algo::Slow.to_string(), "slow");
        assert_eq!("fast".parse::<Algo>(), Ok(Algo::Fast));
        let error = Algo::from_name("quick").unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown algorithm 'quick', expected fast, slow"
        );
    }
}
