//! The sliding-tiles search as the explorer watches it: the problem over
//! plain [`Board`]s (which the events can show), made to search exactly as
//! `eight-puzzle`'s packed problem does (the same moves in the same order,
//! the move undoing the last one left out, the same heuristic), so that a
//! watched run counts what the command line counts. The tests below hold
//! the two to it.

use std::hash::{Hash, Hasher};

use eight_puzzle::{Board, Heuristic, Move, Solver};
use search_core::{Algorithm, Config, CycleCheck, InPlaceProblem, Problem};

/// A board and the move that made it (`None` for the start).
#[derive(Clone, Debug)]
pub(crate) struct Slid {
    pub(crate) board: Board,
    came_by: Option<Move>,
}

/// States are equal when their boards are: how the move that made them
/// does not matter to the closed set.
impl PartialEq for Slid {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
    }
}

impl Eq for Slid {}

impl Hash for Slid {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.board.hash(state);
    }
}

/// The problem: slide tiles from a board to `solver`'s goal, guided by its
/// heuristic.
#[derive(Debug)]
pub(crate) struct Slide<'a> {
    pub(crate) solver: &'a Solver,
}

impl Slide<'_> {
    pub(crate) fn start(&self, board: &Board) -> Slid {
        Slid {
            board: board.clone(),
            came_by: None,
        }
    }

    /// The moves from `board` in `eight-puzzle`'s order, without the one
    /// undoing `previous`.
    fn moves(board: &Board, previous: Option<Move>) -> impl Iterator<Item = (Move, Board)> + '_ {
        Move::ALL
            .into_iter()
            .filter(move |mv| previous != Some(mv.inverse()))
            .filter_map(|mv| board.moved(mv).map(|next| (mv, next)))
    }
}

impl Problem for Slide<'_> {
    type State = Slid;
    type Move = Move;
    type Cost = u32;

    fn successors(&self, state: &Slid, out: &mut Vec<(Move, Slid, u32)>) {
        for (mv, board) in Self::moves(&state.board, state.came_by) {
            let next = Slid {
                board,
                came_by: Some(mv),
            };
            out.push((mv, next, 1));
        }
    }

    fn is_goal(&self, state: &Slid) -> bool {
        &state.board == self.solver.goal()
    }

    fn heuristic(&self, state: &Slid) -> u32 {
        u32::from(self.solver.estimate(&state.board))
    }
}

/// The same problem for IDA*, which the command line runs in place.
impl InPlaceProblem for Slide<'_> {
    type State = Board;
    type Move = Move;
    type Cost = u16;
    type Moves = std::vec::IntoIter<Move>;

    fn moves(&self, state: &Board, previous: Option<Move>) -> Self::Moves {
        Self::moves(state, previous)
            .map(|(mv, _)| mv)
            .collect::<Vec<_>>()
            .into_iter()
    }

    fn apply(&self, state: &mut Board, mv: Move) -> u16 {
        if let Some(next) = state.moved(mv) {
            *state = next;
        }
        1
    }

    fn undo(&self, state: &mut Board, mv: Move) {
        self.apply(state, mv.inverse());
    }

    fn heuristic(&self, state: &Board) -> u16 {
        self.solver.estimate(state)
    }

    fn is_goal(&self, state: &Board) -> bool {
        state == self.solver.goal()
    }
}

/// The configuration `eight-puzzle` gives `algorithm`: a path cycle check
/// for the random walk (seed 001's), a closed set for the others.
pub(crate) fn config(algorithm: Algorithm, limits: &crate::Limits) -> Config {
    Config {
        cycle_check: if algorithm == Algorithm::Random {
            CycleCheck::Path
        } else {
            CycleCheck::Closed
        },
        node_limit: Some(limits.nodes),
        time_limit: Some(limits.time),
        memory_limit: Some(limits.memory_bytes),
        ..Config::default()
    }
}

/// The heuristic a searcher is run with: the one chosen, or none (zero)
/// for the uninformed searchers, as `eight-puzzle` plans it.
/// `None` only for the pattern databases, which the explorer does not offer.
pub(crate) fn solver(board: &Board, heuristic: Option<Heuristic>) -> Option<Solver> {
    let heuristic = heuristic.unwrap_or(Heuristic::Zero);
    Solver::new(Board::goal(board.size()), heuristic, None).ok()
}

#[cfg(test)]
mod tests {
    use eight_puzzle::{Algo, Options};

    use super::*;
    use crate::Limits;

    /// Smaller than the server's, so that the test is quick; the searches
    /// a limit stops must count alike too.
    fn limits() -> Limits {
        Limits {
            nodes: 100_000,
            ..Limits::default()
        }
    }

    /// The counters of a search of `Slide`, as the explorer runs it.
    fn watched(
        board: &Board,
        algo: Algo,
        heuristic: Option<Heuristic>,
    ) -> (search_core::Status, search_core::Stats) {
        let solver = solver(board, heuristic).unwrap();
        let problem = Slide { solver: &solver };
        let config = config(algo.search(), &limits());
        if algo == Algo::IdaStar {
            let search = search_core::idastar_in_place(&problem, board.clone(), &config);
            (search.status, search.stats)
        } else {
            let search = algo.search().run(&problem, problem.start(board), &config);
            (search.status, search.stats)
        }
    }

    /// The counters `eight-puzzle solve` reports for the same flags.
    fn command_line(
        board: &Board,
        algo: Algo,
        heuristic: Option<Heuristic>,
    ) -> eight_puzzle::Stats {
        let limits = limits();
        let mut options = Options::new(algo)
            .node_limit(limits.nodes)
            .memory_limit(limits.memory_bytes);
        if let Some(heuristic) = heuristic {
            options = options.heuristic(heuristic);
        }
        eight_puzzle::solve(board, &options).stats
    }

    #[test]
    fn every_searcher_counts_what_the_command_line_counts() {
        let boards = [
            "142358607",
            "123456780",
            "802356174",
            "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15",
            "4,1,2,3,5,0,6,7,8,9,10,11,12,13,14,15",
            "1,2,6,3,4,5,10,7,0,9,14,11,8,12,13,15",
        ];
        let mut compared = 0;
        let mut limited = 0;
        for line in boards {
            let board: Board = line.parse().unwrap();
            for algo in Algo::ALL.iter().copied() {
                let heuristics: Vec<Option<Heuristic>> = if algo.uses_heuristic() {
                    [
                        Heuristic::Zero,
                        Heuristic::Misplaced,
                        Heuristic::Manhattan,
                        Heuristic::LinearConflict,
                    ]
                    .into_iter()
                    .map(Some)
                    .collect()
                } else {
                    vec![None]
                };
                for heuristic in heuristics {
                    let (status, ours) = watched(&board, algo, heuristic);
                    let theirs = command_line(&board, algo, heuristic);
                    let context = format!("{line} {algo} {heuristic:?}");
                    assert_eq!(ours.num_tested, theirs.num_tested, "num_tested: {context}");
                    assert_eq!(ours.expanded, theirs.expanded, "expanded: {context}");
                    assert_eq!(ours.generated, theirs.generated, "generated: {context}");
                    assert_eq!(
                        ours.max_frontier, theirs.max_frontier,
                        "max_frontier: {context}"
                    );
                    assert_eq!(ours.iterations, theirs.iterations, "iterations: {context}");
                    limited +=
                        usize::from(status == search_core::Status::Limit(search_core::Limit::Node));
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 6 * (4 + 3 * 4));
        assert!(limited > 0, "no search reached the node limit");
    }
}
