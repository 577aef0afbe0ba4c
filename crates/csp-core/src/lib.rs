//! Finite-domain constraint solving for the workspace's puzzles: a model of
//! integer variables and constraints, propagation (forward checking, AC-3
//! with a revision trace, MAC), backtracking search with a trail, and
//! min-conflicts local search.
//!
//! ```
//! use csp_core::{Config, Model, Status};
//!
//! fn main() -> Result<(), Box<dyn std::error::Error>> {
//!     // Colour Western Australia, Northern Territory and South Australia,
//!     // which all touch each other, with three colours.
//!     let mut model = Model::new();
//!     let wa = model.new_var(0..3);
//!     let nt = model.new_var(0..3);
//!     let sa = model.new_var(0..3);
//!     model.all_different(&[wa, nt, sa]);
//!     model.assign(wa, 2);
//!
//!     let mut solver = csp_core::Solver::new(model, Config::default());
//!     let outcome = solver.solve();
//!     assert_eq!(outcome.status, Status::Solved);
//!     let solution = outcome.solution.ok_or("no solution")?;
//!     assert_eq!(solution[wa], 2);
//!     assert!(solver.is_solution(solution.values()));
//!     assert_eq!(solver.count(u64::MAX).count, 2);
//!     Ok(())
//! }
//! ```
//!
//! # Design
//!
//! **Domains.** Every variable's domain is a bitset over the integers its
//! initial domain spans, in one shared arena of `u64` words. A domain of at
//! most 64 values (sudoku digits, queen columns, ripple digits, gogen cells)
//! is a single word, and every operation on it is a load, a mask and a
//! popcount; a crossword slot with 40,000 candidate words owns 625 words,
//! removal stays O(1) and iteration O(words). So there is one representation
//! with a one-word fast path rather than an enum of two: no dispatch on the hot
//! path, and the same trail serves both. Changes are undone by record: the
//! first change of a word (and of a size counter) at a search level pushes
//! its old contents on the trail, so backtracking never copies the store.
//! A propagator reads a domain of any size word by word
//! ([`Context::words`], [`Context::base`]) and narrows it with
//! [`Context::intersect_words`]; [`Context::intersect_mask`] acts on any
//! domain too (values past its one word are removed, never silently kept).
//!
//! **Constraints.** Binary constraints are arcs for AC-3: a predicate
//! ([`Model::binary`]), a table of allowed pairs ([`Model::table`], supports
//! as bitsets), or equal keys ([`Model::equal_keys`], linear-time revision
//! for crossword crossings). [`Model::all_different`] and
//! [`Model::all_different_offset`] become two propagators: a cheap one
//! (value elimination of fixed terms, pigeonhole), woken only when a term is
//! fixed ([`Wake::Fixed`]), and an expensive one, Régin's matching-based arc
//! consistency (every naked and hidden subset), which the engine runs only
//! after arcs and cheap propagators have settled; [`Consistency::Value`]
//! keeps only the cheap one. Shifted values spanning more than one word use
//! word-by-word value elimination. [`Model::table_nary`] ([`Table`]) allows
//! a list of tuples over any number of variables, generalised arc consistent
//! by scanning each value's supports from a residue. Anything else is a [`Propagator`]: it
//! names its variables, says whether any change or only fixing wakes it, is
//! idempotent or not, cheap or expensive, and prunes through a [`Context`].
//! State it keeps incrementally (a counter, a residue) goes in trailed
//! integers ([`Model::new_state`], [`Context::state`],
//! [`Context::set_state`]), restored with the domains on backtracking.
//!
//! **Counting, sums, automata.** Three global constraints come with the
//! core, each a propagator of its own file with its consistency stated:
//! [`Cardinality`] ([`Model::at_least`], [`Model::at_most`],
//! [`Model::exactly`], [`Model::cardinality`]: how many 0/1 variables are
//! 1), domain consistent from two trailed counters over a sparse set of the
//! open variables; [`Linear`] ([`Model::linear`], [`Model::linear_eq`],
//! [`Model::sum_eq`]: `lo <= sum a*x <= hi`, coefficients of either sign,
//! `i64` arithmetic), bounds consistent; [`Regular`] ([`Model::regular`]:
//! the variables spell a word of an [`Automaton`], such as
//! [`Automaton::nonogram`]'s for a nonogram line), domain consistent by
//! Pesant's forward and backward passes over the layered graph of states.
//! Each reports its prunings under a name that says which constraint it
//! is (its formula, its count, its automaton, and a label given with
//! `named`), and the counting one also why it pruned. In debug builds each
//! checks its own result from scratch after every call.
//!
//! **Graph constraints.** [`Model::single_cycle`] ([`SingleCycle`]): the
//! chosen 0/1 edges of a graph form one cycle (Slitherlink), by degree,
//! bridge, connectivity and sub-cycle rules to a fixpoint.
//! [`Model::connected`] ([`Connected`]): the chosen 0/1 nodes are
//! connected, domain consistent (unreachable nodes removed, cut nodes
//! chosen). [`Model::connected_edges`] ([`ConnectedEdges`]): the edges
//! not 0 connect every node (Hashi), domain consistent (bridges kept).
//! Each names the rule behind a pruning ([`Context::because`]), which
//! observers hear ([`Observer::pruned_because`]).
//!
//! **Inference.** [`Inference::ForwardChecking`] revises only the arcs into
//! the assigned variable and runs its propagators once in
//! [`Strength::Forward`]; [`Inference::Ac3ThenForwardChecking`] first takes
//! every arc and propagator to a fixpoint; [`Inference::Mac`] does so after
//! every decision and every refutation. [`Solver::ac3`] runs the pass alone and
//! can return each [`ArcRevision`] (arc, values removed, arcs added) and
//! each propagator's [`Pruning`]: only what changed is kept, and
//! [`Ac3Report::replay`] rebuilds the domain after each change for the
//! table a textbook AC-3 prints.
//!
//! **Search.** Depth-first with d-way branching; after a value's subtree is
//! done the value is removed at the parent level (and propagated under MAC),
//! which is sound for all-solution counting too. The loop is resumable, so
//! [`Solver::solve`], [`Solver::count`], [`Solver::for_each_solution`] and
//! [`Solver::solutions`] share it. Node, time and memory limits end a search
//! with [`Status::Limit`] naming which limit. The search loop allocates nothing per node once
//! its buffers (trail, queues, value stack) have grown. One solver can serve
//! many instances of the same shape: [`Solver::restore_domains`] then
//! [`Solver::fix`] per given, with no model rebuilt. [`Solver::solve`] can
//! restart ([`Config::restarts`]: a Luby or geometric schedule of failures)
//! with dom/wdeg weights kept from run to run and ties broken at random
//! from [`Config::seed`]; counting never restarts, which would repeat
//! solutions. [`Config::value_order_fn`] lets a model order each
//! variable's values itself. [`MinConflicts`] repairs
//! a greedy assignment for problems too large for complete search (a
//! million-step default, seeded).
//!
//! # How the puzzles map onto it
//!
//! - **Sudoku**: 81 variables with domain 1..=9 ([`Model::new_vars`]), givens
//!   by [`Model::assign`] (or [`Solver::fix`] on a reused solver), 27
//!   [`Model::all_different`] (rows, columns, boxes); MAC + MRV. Régin on
//!   each unit finds naked and hidden singles, pairs, triples, ...
//!   [`Solver::count`]`(2)` is the uniqueness check.
//! - **N-Queens**: one variable per row holding the column, and three
//!   all-different: `q[i]`, `q[i] + i`, `q[i] - i` via
//!   [`Model::all_different_with`] (or pairwise [`Model::binary`]
//!   predicates). For counting, [`Consistency::Value`] with forward checking
//!   and MRV is fastest; for one large board, MAC + MRV; [`MinConflicts`]
//!   for N in the thousands.
//! - **Crossword** (AC-3 with its revision table): one variable per slot whose values index the
//!   words of the slot's length; each crossing is [`Model::equal_keys`] with
//!   the letter at the crossing position as key, plus an all-different over
//!   the slots sharing a word list when a word may be used once;
//!   [`Solver::ac3`] with a trace prints the revision table, [`Solver::solve`]
//!   (MAC) finishes what AC-3 leaves open.
//! - **Ripple Effect** (MRV with forward checking): one variable per cell with domain
//!   `1..=region size`; all-different per region; a custom [`Propagator`] per
//!   row and column enforcing "two equal digits d are more than d cells
//!   apart"; forward checking + MRV as in the course formulation, or MAC.
//! - **Gogen**: one variable per letter whose value is its cell (0..25),
//!   all-different over the letters, given letters assigned, and a
//!   [`Propagator`] per consecutive letter pair of each word keeping only
//!   cells adjacent (king moves) to some cell of the other letter.
#![deny(missing_docs)]

mod alldiff;
mod cardinality;
mod connected;
mod cycle;
mod domain;
mod engine;
mod graph;
mod linear;
mod local;
mod model;
mod observe;
mod propagator;
mod regular;
mod report;
mod search;
mod spanning;
mod table;
mod var;

pub use alldiff::Consistency;
pub use cardinality::Cardinality;
pub use connected::Connected;
pub use cycle::SingleCycle;
pub use domain::DomainIter;
pub use linear::Linear;
pub use local::{LocalOutcome, MinConflicts};
pub use model::{Model, Solution};
pub use observe::{Cause, KeepSolutions, NoObserver, Observer, Recorder};
pub use propagator::{Conflict, Context, Propagator, PropagatorClone, Strength, Wake};
pub use regular::{Automaton, AutomatonError, Regular};
pub use report::{ArcRevision, Pruning};
pub use search::{
    Ac3Report, ArcClick, Config, Count, CountStatus, Inference, Limit, Outcome, Restarts,
    Solutions, Solver, Stats, Status, ValueOrder, ValueOrderDyn, ValueOrderFn, VarOrder,
};
pub use spanning::ConnectedEdges;
pub use table::Table;
pub use var::{State, Var};
