//! Cycles and forcing chains (Sudoku Explainer ratings 6.5 and up): the
//! producers the solving path calls after aligned pair exclusion.
//!
//! [`find_steps`] runs one of SE 1.2.1's chaining producers ([`ChainStage`])
//! and returns the step SE would take from it. The chains grow as SE grows
//! them (potentials "r1c2 is 5" / "is not 5" linked breadth first, in SE's
//! order of cells, digits and units), so that they have SE's lengths and
//! ratings: a base per kind plus SE's length bonus. What a producer does:
//!
//! | stage | finds | base |
//! | --- | --- | --- |
//! | cycles and forcing | bidirectional X-, Y- and XY-cycles; forcing X-, Y- and XY-chains from one candidate to its opposite | 6.5 / 6.6 / 7.0 |
//! | Nishio | a candidate whose truth leads to a contradiction with X links only, candidates switched off as it goes | 7.5 |
//! | multiple | what every candidate of a cell, or every place of a digit in a unit, implies alike | 8.0 |
//! | dynamic | the same and double and contradiction chains, candidates switched off as it goes | 8.5 |
//! | dynamic (+) | the same, applying box-line locking, hidden and naked pairs and X-Wings inside | 9.0 |
//! | nested 2-5 | the same, applying forcing chains, multiple, dynamic and dynamic (+) chains inside | 9.5-11.0 |
//!
//! Among a producer's hints SE takes the least difficult, then the
//! shortest, then by kind; so does [`find_steps`].

use std::fmt;

use super::candidates::{CellName, cell_name, comma_list, unit_name};
use super::{Candidates, Link, Step, Technique};

mod engine;
mod nested;
mod producers;

use engine::{Board, Cause, Kind, Mode, key_cell, key_digit0, key_on};
use producers::{ChainNode, Found};

/// SE's chaining producers, in the order the path calls them (aligned
/// triplet exclusion, which is not a chain, runs between the first two).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChainStage {
    /// X-, Y- and XY-cycles and forcing chains (6.5-7.0 + length).
    CyclesAndForcing,
    /// Nishio forcing chains (7.5 + length).
    Nishio,
    /// Multiple forcing chains: cell, region, double (8.0 + length).
    Multiple,
    /// Dynamic forcing chains (8.5 + length).
    Dynamic,
    /// Dynamic forcing chains (+), nesting level 1 (9.0 + length).
    DynamicPlus,
    /// Nested forcing chains, level 2 to 5 (9.5, 10.0, 10.5, 11.0 + length).
    Nested(u8),
}

impl ChainStage {
    /// Every stage, in SE's order.
    pub const ALL: [ChainStage; 9] = [
        ChainStage::CyclesAndForcing,
        ChainStage::Nishio,
        ChainStage::Multiple,
        ChainStage::Dynamic,
        ChainStage::DynamicPlus,
        ChainStage::Nested(2),
        ChainStage::Nested(3),
        ChainStage::Nested(4),
        ChainStage::Nested(5),
    ];
}

/// The kinds of chain steps, named as SE prints them. `dynamic` is set for
/// dynamic chains, `level` for dynamic (+) (1) and the nested levels (2-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChainKind {
    /// Bidirectional X-Cycle.
    XCycle,
    /// An X-cycle of four cells (SE's name for it).
    GeneralizedXWing,
    /// Bidirectional Y-Cycle.
    YCycle,
    /// Bidirectional Cycle (X and Y links).
    XYCycle,
    /// Forcing X-Chain.
    ForcingXChain,
    /// A forcing X-chain of six potentials (SE's name for it).
    TurbotFish,
    /// Forcing Y-Chain.
    ForcingYChain,
    /// Forcing Chain (X and Y links).
    ForcingChain,
    /// Nishio Forcing Chains.
    Nishio,
    /// Cell Forcing Chains.
    CellForcing {
        /// Dynamic chains.
        dynamic: bool,
        /// Nesting level (0 for none).
        level: u8,
    },
    /// Region Forcing Chains.
    RegionForcing {
        /// Dynamic chains.
        dynamic: bool,
        /// Nesting level (0 for none).
        level: u8,
    },
    /// Double Forcing Chains.
    DoubleForcing {
        /// Nesting level (0 for none).
        level: u8,
    },
    /// Contradiction Forcing Chains.
    ContradictionForcing {
        /// Nesting level (0 for none).
        level: u8,
    },
}

/// SE's suffix for a nesting level (`getNestedSuffix`).
fn nested_suffix(level: u8) -> String {
    match level {
        0 => String::new(),
        1 => " (+)".into(),
        2 => " (+ Forcing Chains)".into(),
        3 => " (+ Multiple Forcing Chains)".into(),
        4 => " (+ Dynamic Forcing Chains)".into(),
        _ => format!(" (+ Dynamic Forcing Chains{})", nested_suffix(level - 3)),
    }
}

impl fmt::Display for ChainKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (dynamic, level, what) = match *self {
            ChainKind::XCycle => return f.write_str("Bidirectional X-Cycle"),
            ChainKind::GeneralizedXWing => return f.write_str("Generalized X-Wing"),
            ChainKind::TurbotFish => return f.write_str("Turbot Fish"),
            ChainKind::YCycle => return f.write_str("Bidirectional Y-Cycle"),
            ChainKind::XYCycle => return f.write_str("Bidirectional Cycle"),
            ChainKind::ForcingXChain => return f.write_str("Forcing X-Chain"),
            ChainKind::ForcingYChain => return f.write_str("Forcing Y-Chain"),
            ChainKind::ForcingChain => return f.write_str("Forcing Chain"),
            ChainKind::Nishio => return f.write_str("Nishio Forcing Chains"),
            ChainKind::CellForcing { dynamic, level } => (dynamic, level, "Cell Forcing"),
            ChainKind::RegionForcing { dynamic, level } => (dynamic, level, "Region Forcing"),
            ChainKind::DoubleForcing { level } => (true, level, "Double Forcing"),
            ChainKind::ContradictionForcing { level } => (true, level, "Contradiction Forcing"),
        };
        let prefix = if dynamic || level > 0 { "Dynamic " } else { "" };
        write!(f, "{prefix}{what} Chains{}", nested_suffix(level))
    }
}

/// The step SE's producer `stage` would give in `grid` (a chaining producer
/// sorts its hints by difficulty, then length, and the path takes the
/// first): one step, or none.
pub fn find_steps(grid: &Candidates, stage: ChainStage) -> Vec<Step> {
    let mut board = Board {
        cands: [0; 81],
        values: [0; 81],
    };
    for cell in 0..81 {
        board.cands[cell] = grid.mask(cell);
        board.values[cell] = grid.value(cell);
    }
    let mode = Mode::new;
    // What dynamic (+) and nested chains apply inside themselves.
    let lower = nested::advanced_potentials;
    let found = match stage {
        ChainStage::CyclesAndForcing => producers::cycles_and_forcing(&board),
        ChainStage::Nishio => producers::multiple_chains(&board, mode(false, true, true, 0), lower),
        ChainStage::Multiple => {
            producers::multiple_chains(&board, mode(true, false, false, 0), lower)
        }
        ChainStage::Dynamic => {
            producers::multiple_chains(&board, mode(true, true, false, 0), lower)
        }
        ChainStage::DynamicPlus => {
            producers::multiple_chains(&board, mode(true, true, false, 1), lower)
        }
        ChainStage::Nested(level) => {
            producers::multiple_chains(&board, mode(true, true, false, level.clamp(2, 5)), lower)
        }
    };
    found.map(|f| to_step(&f)).into_iter().collect()
}

fn candidate(k: u16) -> (usize, u8) {
    (key_cell(k), key_digit0(k) as u8 + 1)
}

/// `r1c2=5` or `r1c2≠5`.
fn potential(k: u16) -> String {
    let (cell, digit) = candidate(k);
    format!(
        "{}{}{}",
        cell_name(cell),
        if key_on(k) { "=" } else { "≠" },
        digit
    )
}

/// The chain's main line, from its assumption to its conclusion, following
/// each potential's first parent, with the reason of each link.
fn chain_line(chain: &[ChainNode]) -> String {
    let mut line = vec![0usize];
    while let Some(&p) = chain[*line.last().unwrap_or(&0)].parents.first() {
        if line.contains(&(p as usize)) {
            break;
        }
        line.push(p as usize);
    }
    line.reverse();
    let mut text = String::new();
    for (i, &n) in line.iter().enumerate() {
        let node = &chain[n];
        if i > 0 {
            text.push_str(" ⇒ ");
        }
        text.push_str(&potential(node.key));
        match (&node.cause, &node.advanced) {
            (Cause::Hidden(u), _) if i > 0 => {
                text.push_str(&format!(" ({})", unit_name(*u as usize)))
            }
            (Cause::NakedSingle, _) if i > 0 => text.push_str(" (cell)"),
            (Cause::Advanced(_), Some(why)) => text.push_str(&format!(" ({why})")),
            _ => {}
        }
        if node.parents.len() > 1 && i > 0 {
            text.push_str(&format!(" [with {} more]", node.parents.len() - 1));
        }
    }
    text
}

pub(crate) fn kind_technique(kind: Kind, mode: Mode, chain_len: usize) -> ChainKind {
    let dynamic = mode.dynamic;
    let level = mode.level;
    match kind {
        Kind::Cycle { x: true, y: false } if chain_len == 4 => ChainKind::GeneralizedXWing,
        Kind::Forcing { x: true, y: false } if chain_len == 6 => ChainKind::TurbotFish,
        Kind::Cycle { x: true, y: true } => ChainKind::XYCycle,
        Kind::Cycle { y: true, .. } => ChainKind::YCycle,
        Kind::Cycle { .. } => ChainKind::XCycle,
        Kind::Forcing { x: true, y: true } => ChainKind::ForcingChain,
        Kind::Forcing { y: true, .. } => ChainKind::ForcingYChain,
        Kind::Forcing { .. } => ChainKind::ForcingXChain,
        Kind::Contradiction { .. } if mode.nishio => ChainKind::Nishio,
        Kind::Contradiction { .. } => ChainKind::ContradictionForcing { level },
        Kind::Double { .. } => ChainKind::DoubleForcing { level },
        Kind::Cell { .. } => ChainKind::CellForcing { dynamic, level },
        Kind::Region { .. } => ChainKind::RegionForcing { dynamic, level },
    }
}

fn to_step(found: &Found) -> Step {
    let kind = kind_technique(
        found.kind,
        found.mode,
        found.chains.first().map_or(0, Vec::len),
    );
    let rating = (found.difficulty * 10.0).round() as u16;
    let eliminations: Vec<(usize, u8)> = found.removable.iter().map(|&k| candidate(k)).collect();
    let placements: Vec<(usize, u8)> = found.placement.iter().map(|&k| candidate(k)).collect();
    let conclusion = match (placements.first(), eliminations.as_slice()) {
        (Some(&(cell, digit)), _) => format!("{} must be {digit}", cell_name(cell)),
        (None, elims) => {
            let parts = elims
                .iter()
                .map(|&(cell, digit)| format!("{}≠{digit}", CellName(cell)));
            format!("so {}", comma_list(parts))
        }
    };
    let lines: Vec<String> = found.chains.iter().map(|c| chain_line(c)).collect();
    let intro = match found.kind {
        Kind::Cycle { .. } => "a cycle of alternating links, true either way round:".to_string(),
        Kind::Forcing { .. } => "a chain from one assumption to its opposite:".to_string(),
        Kind::Contradiction { source } => {
            format!("assuming {} leads to a contradiction:", potential(source))
        }
        Kind::Double { source } => {
            format!(
                "{} and {} lead to the same result:",
                potential(source),
                potential(source ^ 1)
            )
        }
        Kind::Cell { cell } => format!(
            "every candidate of {} leads to the same result:",
            cell_name(cell as usize)
        ),
        Kind::Region { unit, digit0 } => format!(
            "every place of {} in {} leads to the same result:",
            digit0 + 1,
            unit_name(unit as usize)
        ),
    };
    let text = format!("{kind}: {intro} {}; {conclusion}", lines.join("; "));
    let mut step = Step::new(Technique::Chain(kind), rating, text);
    step.placements = placements;
    step.eliminations = eliminations;
    if let Kind::Region { unit, .. } = found.kind {
        step.units.push(unit as usize);
    }
    for chain in &found.chains {
        for node in chain {
            let c = candidate(node.key);
            if !step.highlighted.contains(&c) {
                step.highlighted.push(c);
            }
            if !step.cells.contains(&c.0) {
                step.cells.push(c.0);
            }
            if node.parents.len() <= 6 {
                for &p in &node.parents {
                    let from = chain[p as usize].key;
                    let link = Link {
                        from: candidate(from),
                        to: c,
                        strong: !key_on(from) && key_on(node.key),
                    };
                    if !step.links.contains(&link) {
                        step.links.push(link);
                    }
                }
            }
        }
    }
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::{next_step, solve_path, unique_solution};

    /// The public-domain Sudoku Exchange puzzles that Sudoku Explainer
    /// 1.2.1.3 rated (`fixtures/sudoku/rated/README.md`): the grids below
    /// are states of their solving paths. Every expected step but the
    /// dynamic (+) one is rated as its puzzle's ER, the hardest step of
    /// the path, which is Sudoku Explainer's own rating of the puzzle.
    const RATED: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/sudoku/rated/sudoku-exchange-se121.tsv"
    );

    /// A state of a rated puzzle's solving path and the step a chaining
    /// producer gives there.
    struct Case {
        /// The puzzle's line in [`RATED`].
        line: usize,
        /// The puzzle, as on that line.
        puzzle: &'static str,
        /// The grid is the state just before this step of the puzzle's
        /// path (`solve_path`, numbered from 1 as `sudoku explain` prints).
        step: usize,
        /// The grid in the 729-character pencil-mark form, one row of nine
        /// cells per line.
        rows: [&'static str; 9],
        /// The producer asked.
        stage: ChainStage,
        /// The producer whose step the path takes there: `stage`, but for
        /// dynamic (+), which no path of the shipped puzzles reaches.
        path_stage: ChainStage,
        name: &'static str,
        rating: &'static str,
        eliminations: &'static [(usize, u8)],
    }

    fn grid(case: &Case) -> Candidates {
        Candidates::parse(&case.rows.concat()).expect("valid pencil marks")
    }

    /// Runs the case's producer on its grid and checks the step against
    /// the name, rating and eliminations expected, and against the
    /// puzzle's solution: the grid's only solution is the puzzle's, and the
    /// step removes none of the solution's digits and places only them.
    fn check(case: &Case) {
        let grid = grid(case);
        let solution = unique_solution(&grid).expect("one solution");
        let puzzle = Candidates::parse(case.puzzle).expect("a puzzle");
        assert_eq!(unique_solution(&puzzle), Ok(solution), "the puzzle's grid");
        for cell in 0..81 {
            let given = puzzle.value(cell);
            assert!(given == 0 || grid.value(cell) == given, "the givens stay");
        }
        let steps = find_steps(&grid, case.stage);
        let step = steps.first().expect("a step");
        assert_eq!(step.technique.name(), case.name);
        assert_eq!(step.rating.to_string(), case.rating);
        let mut got: Vec<(usize, u8)> = step.eliminations.clone();
        got.sort_unstable();
        assert_eq!(got, case.eliminations);
        for &(cell, digit) in &step.eliminations {
            assert_ne!(
                solution[cell],
                digit,
                "eliminates the solution's digit at {}",
                cell_name(cell)
            );
        }
        for &(cell, digit) in &step.placements {
            assert_eq!(
                solution[cell],
                digit,
                "places a wrong digit at {}",
                cell_name(cell)
            );
        }
        assert!(!step.links.is_empty() && step.text.starts_with(case.name));
    }

    /// Line 267 (ER 6.5), before step 29: the path's first X-cycle, on 1.
    const X_CYCLE: Case = Case {
        line: 267,
        puzzle: ".....2.43..8..42..2..6.7.9...73...6..4..9..3..5...84...1.8.9..4..94..7..46.2.....",
        step: 29,
        rows: [
            "1...5..........7..1...5............9.......8..2............6......4.......3......",
            ".....6...........9.......8.1...5......3.........4......2.......1...5.7..1...5.7..",
            ".2.........3.........4..........6...1...5..........7..1...5..8.........91...5..8.",
            "........9.2.....8.......7....3.........4.....1...5....1...5..8......6...12.....8.",
            "1......8....4.....12...........5.7..........9.....6.......5..8...3.......2..5.78.",
            "..3..........5.........6...1.....7...2..............8....4.....1.....7..........9",
            "......7..1.........2..5...........8......6...........9..3.......2..5.......4.....",
            "....5..8..2.....8.........9...4.....1...5......3............7..12..5.........6...",
            "...4..........6.....3.......2.............7..1...5............9.......8.1...5....",
        ],
        stage: ChainStage::CyclesAndForcing,
        path_stage: ChainStage::CyclesAndForcing,
        name: "Bidirectional X-Cycle",
        rating: "6.5",
        eliminations: &[(26, 1), (35, 1)],
    };

    #[test]
    fn x_cycle() {
        check(&X_CYCLE);
    }

    /// Line 328 (ER 6.6), before step 33: a Y-cycle with three removals.
    const Y_CYCLE: Case = Case {
        line: 328,
        puzzle: "...7.1...91.....453...2...12.41.53.9....6......5...4...8..3..2..7.249.5..2.....9.",
        step: 33,
        rows: [
            ".....6.8....4......2.............7......5....1................9..3...........6.8.",
            "........91..............7....3.............8......6....2..........4.........5....",
            "..3..........5.........6.8.........9.2..........4..........678......67..1........",
            ".2............6......4.....1..............7......5......3.............8.........9",
            "1.....78.........91......8....4..........6.....3..........5....1.....7...2.......",
            "1.....7....3..........5...........8.........9.2..........4.....1....67.......67..",
            "...45...........8.........9....56.....3............7..1.........2..........4.6...",
            "1....6.........7..1.3..6....2..........4.............9.....6.8.....5......3....8.",
            "...45.....2.........3..6.......56...1...............8......67..........9..34.67..",
        ],
        stage: ChainStage::CyclesAndForcing,
        path_stage: ChainStage::CyclesAndForcing,
        name: "Bidirectional Y-Cycle",
        rating: "6.6",
        eliminations: &[(24, 6), (36, 1), (52, 7)],
    };

    #[test]
    fn y_cycle() {
        check(&Y_CYCLE);
    }

    /// Line 384 (ER 7.1), before step 29: a forcing chain of X and Y links.
    const FORCING_CHAIN: Case = Case {
        line: 384,
        puzzle: ".9......6..689....2.37.6.9.1...2.....549.832.....7...4.2.6.78.9....356..3......5.",
        step: 29,
        rows: [
            ".......8.........91...5.7..1.3......1..45.....23......12.45....1..4..7.......6...",
            "...45....1..4..7.......6..........8.........9.2.4.....12.45....1..4..7....3......",
            ".2.......1..4.......3............7..1..45.........6...1..45............9.......8.",
            "1...............8.........9..34......2.........34...........7.......6.......5....",
            "......7......5.......4.............9.....6..........8...3.......2.......1........",
            ".....6.....3.......2...........5..........7..1................9.......8....4.....",
            "...45.....2.......1...5.........6...1..4...........7.........8...3..............9",
            "........91..4..7.........8.12.4.......3..........5.........6...1..4......2....7..",
            "..3...........6...1.....7..12.4............8.........91..4.........5.....2....7..",
        ],
        stage: ChainStage::CyclesAndForcing,
        path_stage: ChainStage::CyclesAndForcing,
        name: "Forcing Chain",
        rating: "7.1",
        eliminations: &[(7, 1)],
    };

    #[test]
    fn forcing_chain() {
        check(&FORCING_CHAIN);
    }

    /// Line 269 (ER 6.6), before step 18: a forcing X-chain of six potentials.
    const TURBOT_FISH: Case = Case {
        line: 269,
        puzzle: "1..5....9.54..7.1.....4..7..7..1...4..38297..6...5..3..2..7.....3.4..16.5....3..7",
        step: 18,
        rows: [
            "1.............6.8.......7......5......3..6.8..2.....8...34.6....2.4...8.........9",
            ".23....89....5.......4......2...6..9..3..6.89......7....3..6...1.........23....8.",
            ".23....89.....6.89.2.....8912...6..9...4.....12.....8...3.56.........7...23.5..8.",
            ".2.....89......7......5......3......1.............6....2.....89.2.....89...4.....",
            "...4.....1..........3.............8..2...............9......7......5.........6...",
            ".....6..........89.2.....89......7......5.......4......2.....89..3......1........",
            ".......89.2.......1....6...1....6..9......7..1...5..8...345.......4...89..3.5..8.",
            "......7....3.............89...4............89.2..5....1.............6....2..5....",
            "....5.......4.....1....6...12...6..9.....6.89..3.......2.....89.2.....89......7..",
        ],
        stage: ChainStage::CyclesAndForcing,
        path_stage: ChainStage::CyclesAndForcing,
        name: "Turbot Fish",
        rating: "6.6",
        eliminations: &[(17, 2)],
    };

    #[test]
    fn turbot_fish() {
        check(&TURBOT_FISH);
    }

    /// Line 376 (ER 7.0), before step 30: a cycle of X and Y links.
    const XY_CYCLE: Case = Case {
        line: 376,
        puzzle: "2.....4.6...8.....6.574.1......3.59...41.93...39.5......3.167.8.....5...4.6.....5",
        step: 30,
        rows: [
            ".2.......1......8.1......8.....5............9..3.........4...........7.......6...",
            "..3.........4...........7.........8......6...1.........2...........5............9",
            ".....6...........9....5..........7.....4......2.......1...............8...3......",
            "1.....78.12...678.12.....8..2...6.....3.........4..78.....5............912.4..7..",
            "....5.78..2..5678....4.....1..............78.........9..3.......2...6....2....7..",
            "1.....7....3..............9.2...6.......5.......4..7.........8.1..4.6...12.4..7..",
            "....5...9.2..5......3.........4....91.............6.........7...2.4............8.",
            "1.....78912....78.12.....8....4....9.2....78.....5.........6.....3......12.4.....",
            "...4.....12....78......6.....3.......2....78.......78.........912...........5....",
        ],
        stage: ChainStage::CyclesAndForcing,
        path_stage: ChainStage::CyclesAndForcing,
        name: "Bidirectional Cycle",
        rating: "7.0",
        eliminations: &[(35, 2), (44, 2)],
    };

    #[test]
    fn xy_cycle() {
        check(&XY_CYCLE);
    }

    /// Line 592 (ER 7.8), before step 32.
    const NISHIO: Case = Case {
        line: 592,
        puzzle: "2.......1.....62...7.852.3...16..98....9.3....92..74...2.531.4...72.....3.......2",
        step: 32,
        rows: [
            ".2..........456.8...3456.8...34...........7.9...4....9....5..8.....5.7..1........",
            "....5..89...45..8...345..89..34..7..1.............6....2.............7.9...45..89",
            "1..............7.....4....9.......8.....5.....2............6.....3.........4....9",
            "...4.......3......1.............6....2...........5............9.......8.......7..",
            "......7......56.8.....56.8.........9...4.......3......1.........2...........56...",
            "....56...........9.2.......1...............8.......7.....4.........56.....3......",
            ".....6.89.2............6.89....5......3......1..............7.....4..........6.89",
            "....56.89...456.8.......7...2............6..9...4...8...3......1............56.89",
            "..3......1...........45..8....4..7.......67.....4...89....5..8......6..9.2.......",
        ],
        stage: ChainStage::Nishio,
        path_stage: ChainStage::Nishio,
        name: "Nishio Forcing Chains",
        rating: "7.8",
        eliminations: &[(64, 6)],
    };

    #[test]
    fn nishio() {
        check(&NISHIO);
    }

    /// Line 699 (ER 8.5), before step 16.
    const CELL_FORCING: Case = Case {
        line: 699,
        puzzle: "...2.8..69...5.8...2.....9..37.8....5...4...3....7.68..1.....4...9.3...24..5.7...",
        step: 16,
        rows: [
            "1.3...7.....45.7..1.345.....2...............9.......8.1.345.7..1.3.5.7.......6...",
            "........9...4.67..1.34.6.....34.67......5....1.34.6..........8..2.......1..4..7..",
            "1.3..678..2.......1.3456.8...34.67..1....6...1.34.6...1.345.7..........91..45.7..",
            "12...6.....3............7..1....6..9.......8.12..56..912.45...91...5....1..45...9",
            "....5.........6.891....6.8.1....6..9...4.....12...6..912....7.91.....7....3......",
            "12..........4....912.4.....1.3.....9......7..123.5...9.....6..........8.1...5...9",
            ".23...78.1.........23.5..8......6.89.2...6........6..9..3.5.7.....4.........5.78.",
            ".....678.....5678.........91..4...8...3......1..4.....1...5.7..1...56....2.......",
            "...4..........6.8..23..6.......5....12.............7..1.3.....91.3..6..........89",
        ],
        stage: ChainStage::Multiple,
        path_stage: ChainStage::Multiple,
        name: "Cell Forcing Chains",
        rating: "8.5",
        eliminations: &[(78, 1)],
    };

    #[test]
    fn cell_forcing() {
        check(&CELL_FORCING);
    }

    /// Line 662 (ER 8.3), before step 21.
    const REGION_FORCING: Case = Case {
        line: 662,
        puzzle: "..3...2..7...9.....8.6...5..6.28...4..97163..1...43.8..9...4.3.....2...9..8...7..",
        step: 21,
        rows: [
            ".....6..91...5......3.........4.........5.7..1...5.78..2.............7.91....678.",
            "......7..12..5....12.4.6...1.3....8.........912..5..8....4.6.8.1..4.6.....3....8.",
            ".2.4....9.......8.12.4..........6.....3...7..12....7.....4....9....5....1.3...7..",
            "..3...........6.......5.7...2..............8.....5...91..............7.9...4.....",
            ".......8....4.............9......7..1.............6.....3.......2...........5....",
            "1.........2....7...2..5.7......5...9...4.......3...........6..9.......8......67..",
            ".2..56...........912...67..1...5..8.....567.....4.........56.8...3......12.....8.",
            "...456...1.3...7..1..4.67..1.3....8..2.......1...5.78....456.8.1..4.6...........9",
            ".2.45.....23.............8.1...5...9..3.56...1...5...9......7..1..4.6...12.......",
        ],
        stage: ChainStage::Multiple,
        path_stage: ChainStage::Multiple,
        name: "Region Forcing Chains",
        rating: "8.3",
        eliminations: &[(62, 8)],
    };

    #[test]
    fn region_forcing() {
        check(&REGION_FORCING);
    }

    /// Line 817 (ER 9.3), before step 15: the first of the path's four 9.3 steps.
    const DYNAMIC_CONTRADICTION: Case = Case {
        line: 817,
        puzzle: ".5.9.86..8....6..7..6.2......9....7.2.3...8.9.1....4......3.7..9..8....4..56.4.3.",
        step: 15,
        rows: [
            "..3...7......5....12.4..7..........91..4..7.........8......6...12.4.....123......",
            ".......8..2.4....912.4.....1.345....1..45.........6...123.5...912.45...9......7..",
            "1.34..7.....4..7.9.....6...1.345.7...2.......1.3.5.7..1.3.5...9...4...891.3.5..8.",
            "...456......4.6.8.........912345.......4.6.8.123.5....123.5..........7..1.3.56...",
            ".2..........4.67....3.........4..7..1..4.67..1...5.7.........8.1...5............9",
            "....567..1..............78..23.5.7......56789.23.5.7.9...4......2..5......3.56...",
            "1..4.6....2.4.6.8.12.4...8.12..5......3......12..5...9......7..1...5..8912..5..8.",
            "........9..3......12....7.........8.1...5.7..12..5.7..12..5.........6......4.....",
            "1.....7...2....78.....5.........6...1.....7.9...4.....12......9..3......12.....8.",
        ],
        stage: ChainStage::Dynamic,
        path_stage: ChainStage::Dynamic,
        name: "Dynamic Contradiction Forcing Chains",
        rating: "9.3",
        eliminations: &[(50, 2)],
    };

    #[test]
    fn dynamic_contradiction() {
        check(&DYNAMIC_CONTRADICTION);
    }

    /// Line 769 (ER 8.9), before step 21.
    const DYNAMIC_DOUBLE: Case = Case {
        line: 769,
        puzzle: "..4.8.3..8...5...9...7.4...2..5.6..7..14.29...5.....6.3..149..2..........6.....3.",
        step: 21,
        rows: [
            "....5.7.9.2....7.9...4......2...6..9.......8.1..........3.......2..5.7......56...",
            ".......8.12....7...2...67...2...6.......5......3......1..4..7..12.4..7..........9",
            "1...5...9123.....9.23..6..9......7...2...6..9...4.....1...5..8.12..5..8.1...56.8.",
            ".2.........34...89..3....89....5....1.3.....9.....6...1..4...8.1..4...........7..",
            ".....6.....3...78.1...........4.......3...7...2...............9....5..8...3.5..8.",
            "...4..7.9....5......3...7.9..3....891.3.....9......78..2............6...1.34.....",
            "..3............78.....5.78.1...........4.............9.....6.......5.78..2.......",
            "1..4..7..12.4......2.....8...3..6.....3..6.......5.78.1..45.78.........91...5..8.",
            "1..4..7.9.....6.......5.7.9.2.....8..2....7......5.78.1..45.78...3......1..45....",
        ],
        stage: ChainStage::Dynamic,
        path_stage: ChainStage::Dynamic,
        name: "Dynamic Double Forcing Chains",
        rating: "8.9",
        eliminations: &[(45, 9)],
    };

    #[test]
    fn dynamic_double() {
        check(&DYNAMIC_DOUBLE);
    }

    /// Line 801 (ER 9.1), before step 11. No path of the shipped rated
    /// puzzles (`sudoku-exchange-se121.tsv`, `generated-se121.tsv`) reaches
    /// dynamic (+): a plain dynamic chain is always found first. So the
    /// (+) producer is asked directly, in a state where the path takes a
    /// Dynamic Region Forcing Chain (8.9) with the same removal.
    const DYNAMIC_PLUS_REGION: Case = Case {
        line: 801,
        puzzle: "14..8..73..5...4..8.......6..19.73...9.....1....6.3...2..3.8..55...9...1.7..5..3.",
        step: 11,
        rows: [
            "1...........4......2...6..9.2..5...........8..2...6..9.2..5...9......7....3......",
            "..3..67.9.23..6.......5....12....7....3..67..12...6..9...4......2.....89.2.....89",
            ".......8..23.......23...7.9.2.45.7....3...7...2.4....91.........2..5...9.....6...",
            "...4.6....2..56.8.1................9.2.4...........7....3.......2.456.8..2.4...8.",
            "..34.67..........9.234.67.........8..2.4.........5.....2...6...1.........2.4..7..",
            "...4..7...2..5..8..2.4..78......6...1..........3.......2..5..89.2.45..89.2.4..789",
            ".2.......1...........4....9..3...........67.........8......67.9...4.6..9....5....",
            "....5......3..6.8...3..6.8..2.4..7..........9.2.4.6....2...678..2.4.6.8.1........",
            "...4.6..9......7.....4.6.8912.4.........5....12.4.6....2...6.89..3.......2.4...89",
        ],
        stage: ChainStage::DynamicPlus,
        path_stage: ChainStage::Dynamic,
        name: "Dynamic Region Forcing Chains (+)",
        rating: "9.3",
        eliminations: &[(60, 6)],
    };

    #[test]
    fn dynamic_plus_region() {
        check(&DYNAMIC_PLUS_REGION);
    }

    const CASES: [&Case; 11] = [
        &X_CYCLE,
        &Y_CYCLE,
        &FORCING_CHAIN,
        &TURBOT_FISH,
        &XY_CYCLE,
        &NISHIO,
        &CELL_FORCING,
        &REGION_FORCING,
        &DYNAMIC_CONTRADICTION,
        &DYNAMIC_DOUBLE,
        &DYNAMIC_PLUS_REGION,
    ];

    /// Each grid is what its case says: the puzzle on that line of the
    /// rated file, walked along its path to just before that step, where
    /// the path takes `path_stage`'s step; and the whole path's ER is the
    /// one Sudoku Explainer gave the puzzle.
    #[test]
    fn the_grids_are_states_of_the_rated_puzzles_paths() {
        let text = std::fs::read_to_string(RATED).expect("the rated Sudoku Exchange puzzles");
        let lines: Vec<&str> = text.lines().collect();
        for case in CASES {
            let at = format!("line {}, step {}", case.line, case.step);
            let fields: Vec<&str> = lines[case.line - 1].split('\t').collect();
            assert_eq!(fields[0], case.puzzle, "{at}");
            let path = solve_path(&Candidates::parse(case.puzzle).expect("a puzzle"));
            assert_eq!(path.er.to_string(), fields[1], "{at}: ER");
            let mut state = Candidates::parse(case.puzzle).expect("a puzzle");
            for step in &path.steps[..case.step - 1] {
                step.apply(&mut state);
            }
            assert_eq!(state.to_pencil_marks(), case.rows.concat(), "{at}");
            let taken = &path.steps[case.step - 1];
            assert_eq!(next_step(&state).as_ref(), Some(taken), "{at}");
            assert_eq!(
                find_steps(&state, case.path_stage).first(),
                Some(taken),
                "{at}"
            );
        }
    }
}
