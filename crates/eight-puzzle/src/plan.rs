//! The choices left to this crate and how boards of any mix of sizes get
//! them: the searcher, heuristic and node limit by board size ([`Plan`]),
//! where the pattern databases are cached ([`cache_folder`]), and one
//! solver per size built on first use and shared by every thread
//! ([`Solvers`]).

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use hashbrown::HashMap;
use thiserror::Error;

use search_core::{NoObserver, Observer};

use crate::heuristic::Heuristic;
use crate::options::{Algo, Options, Outcome};
use crate::pdb::{PatternDatabases, PdbError};
use crate::puzzle::{Board, Move};
use crate::textbook::{Search, SolveOptions, Solver, SolverError};

/// The node limit of the searchers that keep every state they reach
/// (random, bfs, dfs, greedy, astar), unless another is given.
pub const DEFAULT_NODE_LIMIT: u64 = 20_000_000;

/// The node limit of iddfs and idastar on 5x5 and larger boards, where an
/// optimal search rarely ends: about ten seconds of search on 6x6 with
/// linear conflicts. Up to 4x4 they have none.
pub const DEFAULT_DEEPENING_NODE_LIMIT: u64 = 50_000_000;

/// The searcher used when none is chosen: A* up to 3x3, IDA* (which keeps
/// no states) on larger boards.
pub fn default_algorithm(size: usize) -> Algo {
    if size <= 3 {
        Algo::AStar
    } else {
        Algo::IdaStar
    }
}

/// The heuristic used when none is chosen: Manhattan up to 3x3, the
/// pattern databases on 4x4, linear conflicts on larger boards.
pub fn default_heuristic(size: usize) -> Heuristic {
    match size {
        0..=3 => Heuristic::Manhattan,
        4 => Heuristic::Pdb,
        _ => Heuristic::LinearConflict,
    }
}

/// The node limit used when none is chosen ([`DEFAULT_NODE_LIMIT`],
/// [`DEFAULT_DEEPENING_NODE_LIMIT`]).
pub fn default_node_limit(algorithm: Algo, size: usize) -> Option<u64> {
    let deepening = matches!(algorithm, Algo::Iddfs | Algo::IdaStar);
    match (deepening, size) {
        (false, _) => Some(DEFAULT_NODE_LIMIT),
        (true, 0..=4) => None,
        (true, _) => Some(DEFAULT_DEEPENING_NODE_LIMIT),
    }
}

/// Where the pattern databases are cached: `explicit` when given, else
/// `$EIGHT_PUZZLE_CACHE`, else the platform's cache folder joined with
/// `eight-puzzle` (on Linux `$XDG_CACHE_HOME/eight-puzzle`, else
/// `~/.cache/eight-puzzle`); `None` when there is no such folder.
pub fn cache_folder(explicit: Option<&Path>) -> Option<PathBuf> {
    explicit
        .map(Path::to_owned)
        .or_else(|| std::env::var_os("EIGHT_PUZZLE_CACHE").map(PathBuf::from))
        .or_else(|| dirs::cache_dir().map(|folder| folder.join("eight-puzzle")))
}

/// Choices that do not fit together or with a board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionsError {
    /// A heuristic for a searcher that uses none.
    #[error("--heuristic does not apply to {0}, which uses no heuristic")]
    HeuristicUnused(Algo),
    /// A seed for a searcher other than random.
    #[error("--seed applies to --algo random only{}", chosen(*.0))]
    SeedUnused(Option<Algo>),
    /// A cycle check for IDA*, or with the searcher left to the board's
    /// size (IDA* from 4x4 up).
    #[error("{}", match .0 {
        Some(_) => "--cycle-check does not apply to idastar, which keeps no states \
                    (it refuses just the move undoing the previous one)",
        None => "--cycle-check needs --algo: the default searcher of 4x4 and larger \
                 boards, idastar, has no cycle check to choose",
    })]
    CycleCheckUnused(Option<Algo>),
    /// A pattern-database cache folder when no pattern database is used.
    #[error("--pdb-cache applies to the pdb heuristic only{}", chosen(*.0))]
    PdbCacheUnused(Option<Algo>),
    /// The board and the goal have different sizes.
    #[error("the board is {board}x{board} but the goal is {goal}x{goal}")]
    SizeMismatch {
        /// The board's side.
        board: usize,
        /// The goal's side.
        goal: usize,
    },
    /// The pattern databases serve 4x4 boards only.
    #[error("the pdb heuristic is available for 4x4 boards only, this board is {0}x{0}")]
    PdbSize(usize),
}

/// `, not astar` when a searcher was chosen.
fn chosen(algorithm: Option<Algo>) -> String {
    algorithm.map_or_else(String::new, |algorithm| format!(", not {algorithm}"))
}

/// What to do with boards of one size: the goal, the heuristic ([`Heuristic::Zero`]
/// for searchers that use none) and the search options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The goal.
    pub goal: Board,
    /// The heuristic.
    pub heuristic: Heuristic,
    /// The searcher and its limits.
    pub options: SolveOptions,
}

impl Options {
    /// Checks the choices that do not depend on a board: a heuristic only
    /// for greedy, A* and IDA*, a seed only for random, a cycle check only
    /// for a chosen searcher other than IDA*, a pattern-database folder
    /// only where the pdb heuristic may be used.
    pub fn check(&self) -> Result<(), OptionsError> {
        let algorithm = self.algo;
        let uses_heuristic = algorithm.is_none_or(Algo::uses_heuristic);
        if let (Some(algorithm), Some(_), false) = (algorithm, self.heuristic, uses_heuristic) {
            return Err(OptionsError::HeuristicUnused(algorithm));
        }
        if self.limits.seed.is_some() && algorithm != Some(Algo::Random) {
            return Err(OptionsError::SeedUnused(algorithm));
        }
        if self.cycle_check.is_some() && matches!(algorithm, None | Some(Algo::IdaStar)) {
            return Err(OptionsError::CycleCheckUnused(algorithm));
        }
        let pdb_possible = uses_heuristic && self.heuristic.is_none_or(|h| h == Heuristic::Pdb);
        if self.pdb_cache.is_some() && !pdb_possible {
            return Err(OptionsError::PdbCacheUnused(algorithm));
        }
        Ok(())
    }

    /// The plan for boards of `size`: the choices made, the defaults for
    /// the rest.
    pub fn plan(&self, size: usize) -> Result<Plan, OptionsError> {
        let goal = self.goal.clone().unwrap_or_else(|| Board::goal(size));
        if goal.size() != size {
            return Err(OptionsError::SizeMismatch {
                board: size,
                goal: goal.size(),
            });
        }
        let algorithm = self.algo.unwrap_or_else(|| default_algorithm(size));
        let heuristic = if algorithm.uses_heuristic() {
            self.heuristic.unwrap_or_else(|| default_heuristic(size))
        } else {
            Heuristic::Zero
        };
        if heuristic == Heuristic::Pdb && size != 4 {
            return Err(OptionsError::PdbSize(size));
        }
        let options = SolveOptions {
            algorithm: algorithm.search(),
            depth_limit: self.depth_limit,
            node_limit: self
                .limits
                .node_limit
                .or_else(|| default_node_limit(algorithm, size)),
            time_limit: self.limits.time_limit,
            memory_limit: self.limits.memory_limit,
            seed: self.limits.seed.unwrap_or(0),
            cycle_check: self.cycle_check,
        };
        Ok(Plan {
            goal,
            heuristic,
            options,
        })
    }
}

/// Why [`Solvers::solve`] could not search a board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The options do not fit the board.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// The pattern databases could not be had.
    #[error(transparent)]
    Pdb(#[from] PdbError),
    /// The solver refused the board.
    #[error(transparent)]
    Solver(#[from] SolverError),
}

/// A board's answer with the plan it was solved by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The plan for the board's size.
    pub plan: Arc<Plan>,
    /// How the search ended.
    pub search: Search,
}

impl Answer {
    /// The shared outcome of the search.
    pub fn into_outcome(self) -> Outcome {
        self.search.into_outcome()
    }
}

/// How [`Solvers`] gets pattern databases for a goal, given the cache
/// folder.
type Loader = dyn Fn(&Board, Option<&Path>) -> Result<PatternDatabases, PdbError> + Send + Sync;

/// The plan and, once a solvable board needs it, the solver of one size.
struct Size {
    plan: Result<Arc<Plan>, OptionsError>,
    solver: OnceLock<Result<Arc<Solver>, SolveError>>,
}

/// Solves boards of any mix of sizes with one [`Options`]: one plan and
/// one solver per size, the solver (and its pattern databases) built when
/// the first solvable board of that size comes. Shared by reference
/// between threads: a size's solver is built once while the other threads
/// that need it wait, then used by all, and kept for every later
/// `Solvers` of the process that needs the same goal and heuristic.
///
/// ```
/// use eight_puzzle::{Board, Options, Solvers};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let solvers = Solvers::new(Options::default());
/// let answer = solvers.solve(&"142358607".parse::<Board>()?)?;
/// assert_eq!(answer.plan.options.algorithm.name(), "astar");
/// assert_eq!(answer.search.moves().map(<[_]>::len), Some(5));
/// # Ok(())
/// # }
/// ```
pub struct Solvers {
    options: Options,
    load: Box<Loader>,
    sizes: Mutex<HashMap<usize, Arc<Size>>>,
}

impl fmt::Debug for Solvers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solvers")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

/// The loader [`Solvers::new`] gives, once [`set_default_loader`] set it.
static DEFAULT_LOADER: OnceLock<Box<Loader>> = OnceLock::new();

/// Makes `load` the pattern-database loader of every later
/// [`Solvers::new`] of the process (and so of [`crate::solve`] and
/// `Puzzle::solve`), in place of the quiet one: the binary's, which shows
/// a build's progress and says where the databases came from. Only the
/// first call counts; it returns whether it was the first.
pub fn set_default_loader(
    load: impl Fn(&Board, Option<&Path>) -> Result<PatternDatabases, PdbError> + Send + Sync + 'static,
) -> bool {
    DEFAULT_LOADER.set(Box::new(load)).is_ok()
}

impl Solvers {
    /// Solvers for `options`, loading the pattern databases from the
    /// cache folder or building and caching them there: quietly, unless
    /// [`set_default_loader`] gave another loader.
    pub fn new(options: Options) -> Self {
        Solvers {
            options,
            load: Box::new(|goal, folder| match DEFAULT_LOADER.get() {
                Some(load) => load(goal, folder),
                None => PatternDatabases::load_or_build(goal, folder, |_| {})
                    .map(|(databases, _)| databases),
            }),
            sizes: Mutex::default(),
        }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Solves `board` by the plan for its size. An unsolvable board is
    /// answered before any solver is built, so no pattern database is
    /// loaded or built for it.
    pub fn solve(&self, board: &Board) -> Result<Answer, SolveError> {
        self.solve_observed(board, &mut NoObserver)
    }

    /// [`Solvers::solve`], telling `observer` what the search does (see
    /// [`Solver::solve_observed`]).
    pub fn solve_observed<O: Observer<Board, Move, u32>>(
        &self,
        board: &Board,
        observer: &mut O,
    ) -> Result<Answer, SolveError> {
        let size = self.size(board.size());
        let plan = size.plan.clone()?;
        if !board.can_reach(&plan.goal) {
            let search = Search::unsolvable(observer);
            return Ok(Answer { plan, search });
        }
        let solver = size.solver.get_or_init(|| self.build(&plan)).clone()?;
        let search = solver.solve_observed(board, &plan.options, observer)?;
        Ok(Answer { plan, search })
    }

    /// The entry of boards of side `side`, made on first use.
    fn size(&self, side: usize) -> Arc<Size> {
        let mut sizes = self.sizes.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = sizes.entry(side).or_insert_with(|| {
            Arc::new(Size {
                plan: self.options.plan(side).map(Arc::new),
                solver: OnceLock::new(),
            })
        });
        Arc::clone(entry)
    }

    /// The solver of `plan`: the one built for its goal and heuristic (and
    /// pattern-database folder) earlier in the process, if any ([`built`]),
    /// else built now and kept. Threads that need the same solver while it
    /// is being built wait for it.
    fn build(&self, plan: &Plan) -> Result<Arc<Solver>, SolveError> {
        let pdb = plan.heuristic == Heuristic::Pdb;
        let folder = pdb
            .then(|| cache_folder(self.options.pdb_cache.as_deref()))
            .flatten();
        let key = (plan.goal.clone(), plan.heuristic, folder);
        let slot = {
            let mut built = built().lock().unwrap_or_else(PoisonError::into_inner);
            Arc::clone(built.entry(key.clone()).or_default())
        };
        let mut slot = slot.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(solver) = slot.as_ref() {
            return Ok(Arc::clone(solver));
        }
        let (goal, heuristic, folder) = key;
        let load = || (self.load)(&goal, folder.as_deref()).map(Arc::new);
        let databases = pdb.then(load).transpose()?;
        let solver = Arc::new(Solver::new(goal, heuristic, databases)?);
        *slot = Some(Arc::clone(&solver));
        Ok(solver)
    }
}

/// What a [`Solver`] is made of: the goal, the heuristic and, for the
/// pattern databases, the folder they are cached in.
type SolverKey = (Board, Heuristic, Option<PathBuf>);

/// The solver of one [`SolverKey`], once built; locked while it is built.
type SolverSlot = Arc<Mutex<Option<Arc<Solver>>>>;

/// The solvers built in this process, each kept for every later
/// [`Solvers`] (and so every [`crate::solve`] and `Puzzle::solve`) that
/// needs the same one: a solver's tables and pattern databases are built
/// (or loaded) once per process, not once per call. A failed build is not
/// kept: the next one tries again.
fn built() -> &'static Mutex<HashMap<SolverKey, SolverSlot>> {
    static BUILT: OnceLock<Mutex<HashMap<SolverKey, SolverSlot>>> = OnceLock::new();
    BUILT.get_or_init(Mutex::default)
}

#[cfg(test)]
mod tests {
    use super::*;

    use search_core::{Algorithm, CycleCheck};

    fn settings(algo: Option<Algo>) -> Options {
        Options {
            algo,
            ..Options::default()
        }
    }

    /// A solver is built once per process: a second [`Solvers`] (as each
    /// call of [`crate::solve`] makes) gets the first one's.
    #[test]
    fn solvers_are_built_once_per_process() {
        let options = Options::new(Algo::AStar).goal(Board::goal(2));
        let plan = options.plan(2).expect("fits");
        let first = Solvers::new(options.clone()).build(&plan).expect("built");
        let second = Solvers::new(options).build(&plan).expect("built");
        assert!(Arc::ptr_eq(&first, &second));
        let other = Options::new(Algo::Greedy).heuristic(Heuristic::Misplaced);
        let plan = other.plan(2).expect("fits");
        let third = Solvers::new(other).build(&plan).expect("built");
        assert!(!Arc::ptr_eq(&first, &third));
    }

    #[test]
    fn defaults_by_size() {
        let plan = |size| Options::default().plan(size).expect("defaults fit");
        let small = plan(3);
        assert_eq!(
            (
                small.options.algorithm,
                small.heuristic,
                small.options.node_limit
            ),
            (
                Algorithm::AStar,
                Heuristic::Manhattan,
                Some(DEFAULT_NODE_LIMIT)
            )
        );
        let four = plan(4);
        assert_eq!(
            (
                four.options.algorithm,
                four.heuristic,
                four.options.node_limit
            ),
            (Algorithm::IdaStar, Heuristic::Pdb, None)
        );
        let five = plan(5);
        assert_eq!(
            (five.heuristic, five.options.node_limit),
            (
                Heuristic::LinearConflict,
                Some(DEFAULT_DEEPENING_NODE_LIMIT)
            )
        );
        let bfs = settings(Some(Algo::Bfs)).plan(4).expect("fits");
        assert_eq!(bfs.heuristic, Heuristic::Zero);
    }

    #[test]
    fn choices_that_do_not_apply_are_refused() {
        let refused = |settings: Options| settings.check().map_err(|error| error.to_string());
        assert_eq!(refused(Options::default()), Ok(()));
        assert_eq!(
            refused(Options {
                heuristic: Some(Heuristic::Manhattan),
                ..settings(Some(Algo::Bfs))
            }),
            Err("--heuristic does not apply to bfs, which uses no heuristic".into())
        );
        assert_eq!(
            refused(Options {
                limits: puzzle_kit::Limits {
                    seed: Some(7),
                    ..puzzle_kit::Limits::default()
                },
                ..settings(Some(Algo::AStar))
            }),
            Err("--seed applies to --algo random only, not astar".into())
        );
        assert!(
            refused(Options {
                limits: puzzle_kit::Limits {
                    seed: Some(7),
                    ..puzzle_kit::Limits::default()
                },
                ..settings(Some(Algo::Random))
            })
            .is_ok()
        );
        assert!(
            refused(Options {
                cycle_check: Some(CycleCheck::Path),
                ..settings(Some(Algo::IdaStar))
            })
            .is_err()
        );
        assert!(
            refused(Options {
                cycle_check: Some(CycleCheck::Path),
                ..settings(None)
            })
            .is_err()
        );
        assert!(
            refused(Options {
                pdb_cache: Some("cache".into()),
                heuristic: Some(Heuristic::Manhattan),
                ..settings(None)
            })
            .is_err()
        );
        assert!(
            refused(Options {
                pdb_cache: Some("cache".into()),
                ..settings(None)
            })
            .is_ok()
        );
        let pdb = Options {
            heuristic: Some(Heuristic::Pdb),
            ..settings(None)
        };
        assert_eq!(pdb.plan(3), Err(OptionsError::PdbSize(3)));
        let goal = Options {
            goal: Some(Board::goal(2)),
            ..settings(None)
        };
        assert_eq!(
            goal.plan(3),
            Err(OptionsError::SizeMismatch { board: 3, goal: 2 })
        );
    }

    #[test]
    fn the_explicit_cache_folder_comes_first() {
        assert_eq!(
            cache_folder(Some(Path::new("here"))),
            Some(PathBuf::from("here"))
        );
    }

    #[test]
    fn solvers_are_shared_between_threads() {
        let solvers = Solvers::new(Options::default());
        let boards: Vec<Board> = ["142358607", "876041253", "021345678", "2 1 0 3"]
            .iter()
            .map(|text| text.parse().expect("valid"))
            .collect();
        let lengths: Vec<Vec<Option<usize>>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..3)
                .map(|_| {
                    scope.spawn(|| {
                        boards
                            .iter()
                            .map(|board| {
                                let answer = solvers.solve(board).expect("solvable settings");
                                answer.search.moves().map(<[_]>::len)
                            })
                            .collect()
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().expect("no panic"))
                .collect()
        });
        for answer in lengths {
            assert_eq!(answer, [Some(5), Some(31), None, Some(1)]);
        }
    }
}
