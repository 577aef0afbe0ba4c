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

use super::candidates::{cell_name, unit_name};
use super::{Candidates, Link, Step, Technique};

mod engine;
mod nested;
mod producers;

use engine::{Board, Cause, Mode, key_cell, key_digit0, key_on};
use producers::{ChainNode, Found, Kind};

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
    let mode = |multiple, dynamic, nishio, level| Mode {
        multiple,
        dynamic,
        nishio,
        level,
    };
    let found = match stage {
        ChainStage::CyclesAndForcing => producers::cycles_and_forcing(&board),
        ChainStage::Nishio => producers::multiple_chains(&board, mode(false, true, true, 0)),
        ChainStage::Multiple => producers::multiple_chains(&board, mode(true, false, false, 0)),
        ChainStage::Dynamic => producers::multiple_chains(&board, mode(true, true, false, 0)),
        ChainStage::DynamicPlus => producers::multiple_chains(&board, mode(true, true, false, 1)),
        ChainStage::Nested(level) => {
            producers::multiple_chains(&board, mode(true, true, false, level.clamp(2, 5)))
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
            let parts: Vec<String> = elims
                .iter()
                .map(|&(cell, digit)| format!("{}≠{digit}", cell_name(cell)))
                .collect();
            format!("so {}", parts.join(", "))
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
    use crate::explain::unique_solution;

    /// Runs `stage` on a grid in the 729-character pencil-mark form (one row
    /// of nine cells per line) and checks the step against the name, rating
    /// and eliminations Sudoku Explainer 1.2.1 gave in the same grid, and
    /// against the grid's solution.
    fn check(
        rows: &[&str],
        stage: ChainStage,
        name: &str,
        rating: &str,
        eliminations: &[(usize, u8)],
    ) {
        let grid = Candidates::parse(&rows.concat()).expect("valid pencil marks");
        let solution = unique_solution(&grid).expect("one solution");
        let steps = find_steps(&grid, stage);
        let step = steps.first().expect("a step");
        assert_eq!(step.technique.name(), name);
        assert_eq!(step.rating.to_string(), rating);
        let mut got: Vec<(usize, u8)> = step.eliminations.clone();
        got.sort_unstable();
        assert_eq!(got, eliminations);
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
        assert!(!step.links.is_empty() && step.text.starts_with(name));
    }

    // The grids are states of SE's own solving paths (cbg000 and mat18 puzzles);
    // the expected steps are those SE took there.
    #[test]
    fn x_cycle() {
        #[rustfmt::skip]
        let rows = [
            "1...5....12..5......3.........4......2..56....2..56.........7.........8.........9",
            "...4......2..5.........6.........7.........8.........91.........2..5......3......",
            "......7.........8.........91..........3.......2..5.....2..5.......4..........6...",
            ".2.......1...5.......4.......3............7..1...5..8......6...........91......8.",
            "1......8......6.........7..........9.2.4.....12.4...8..2.4...8...3..........5....",
            "........9..3......1...5..8......6.8..2.456...12.456.8..2.4...8.......7..12.4...8.",
            "..3.........4.....12..5..8......6.8.1....6.........7..........9.2..5.....2.....8.",
            "1...5..8.........91...5..8..2.......1..4.......3.........45..8......6.........7..",
            ".....6.........7...2.....8.....5............9...4...8...3......1.........2.4...8.",
        ];
        check(
            &rows,
            ChainStage::CyclesAndForcing,
            "Bidirectional X-Cycle",
            "6.5",
            &[(1, 5), (65, 5)],
        );
    }

    #[test]
    fn y_cycle() {
        #[rustfmt::skip]
        let rows = [
            "1.........2.........3.........4.........5.........6.........7.........8.........9",
            "...4.........5.........6.........7.........8.........91.........23.......23......",
            "......7.........8.........91..........3.......2..........45.......4.6......456...",
            ".2.......1..............7....3.5..8.........9...4...8...3....8...34.6.....3456...",
            "....5.........6......4......23....8..2....7..1..........3....89.23...7.9.23...7..",
            "........9..3.............8..2..5.........6......4..7.....45....1.........2.45.7..",
            "..3.........4....9.2..5.....2.....8..2.4..7........78......6......45...91........",
            ".....6.........7..1...5............91..4.......3.......2..........45...........8.",
            ".......8....4....912............6...12...........5......3.....9..34..7.9..34..7..",
        ];
        check(
            &rows,
            ChainStage::CyclesAndForcing,
            "Bidirectional Y-Cycle",
            "6.6",
            &[(39, 2), (53, 4), (53, 5)],
        );
    }

    #[test]
    fn forcing_chain() {
        #[rustfmt::skip]
        let rows = [
            "1.........2.........3.........4.........5.........6.........7.........8.........9",
            "...4.........56.......56.........7.........8.........91.........23.......23......",
            "......7.........8.........91.........2.........3.........4.........5.........6...",
            ".2.......1.......91..4.......3..6......4.6..9....5...........8.1.3.....9......7..",
            "..3......1...5...91..45...........8....4....9......7.......6...12......912.......",
            ".....6.........7.........8...3.....91.........2.........3.5...9..34....9..345....",
            "....5...91....6.........7.......6..9..3.............8..2.......1..4....91..45....",
            "....5..89..3......1....6....2............6..9...4.........5...9......7..1...5..8.",
            ".......89...4......2...........5..........7..1..........3.....9.....6.....3....8.",
        ];
        check(
            &rows,
            ChainStage::CyclesAndForcing,
            "Forcing Chain",
            "7.1",
            &[(29, 1)],
        );
    }

    #[test]
    fn turbot_fish() {
        #[rustfmt::skip]
        let rows = [
            "1.........2.........3.........4.........5.........6.........7.........8.........9",
            "...4.........5.........6.........78.......78.........91.3.......2.......1.3......",
            "......78.......78.........91.........2.........3.........4..........6.......5....",
            ".2.......1......8.....5.........6.8.........91..4...8...3..6.8.......7....34.6...",
            "......78...3......1..4..78..2.......1....678.1..4..78.........9....5.......4.6...",
            "........9.....6......4..78.....5......3.........4..78..2.....8.1.........2.4.....",
            "..3......1.....78.12....78......678....4.....12....78.....5............912...67..",
            "....5............912....7....3......1....67..12....7..12...6......4............8.",
            ".....6......4.....12....78.........91.....78.....5....12.........3......12....7..",
        ];
        check(
            &rows,
            ChainStage::CyclesAndForcing,
            "Turbot Fish",
            "6.6",
            &[(30, 6)],
        );
    }

    #[test]
    fn xy_cycle() {
        #[rustfmt::skip]
        let rows = [
            "1.........2.........3....8....4.......3.5..8......6.........7......5..8.........9",
            "...4.........5.78......6...1.....7.9....5..8.1.......912..5.....2..5..8...3......",
            "......78...3.5.78.........91.....7....3.5..8..2.......1...5.......4..........6...",
            ".2....7..1.....7..12.4..7.........8.........9..34..........6....23...7......5....",
            "..3..............9....5.....2............6.........7.....4.....1...............8.",
            ".....6.........78..2.4..78.....5....1..........34.............9.23...7...2....7..",
            "....5.........6...123...7..1.3.....9.2.4.....1.......9.......8..2....7.91..4..7..",
            ".2....7891.3...78.123...78.1.3.....9.2.4.........5.....23...........6...1..4..7..",
            ".2......9...4.....123...........6.........7.........8..23.5.....2..5...912.......",
        ];
        check(
            &rows,
            ChainStage::CyclesAndForcing,
            "Bidirectional Cycle",
            "7.0",
            &[(10, 8), (22, 5)],
        );
    }

    #[test]
    fn nishio() {
        #[rustfmt::skip]
        let rows = [
            "1....67..12......9..3.......2.4....9....5.......4.6..9.2.4.67.........8......67.9",
            "...4......2..5...9.2..56..9......7.........8......6..91.........23..6.....3..6..9",
            ".....67.........8..2...6..91.........2.4.6..9..3.......2.4.67...2.4.67......5....",
            ".2.............7..1...56.....3.5....1....6..........8.........91.3..6......4.....",
            "1....6.....3.........4......2..5...912...67.91....67.9....5.78.1....67..1.....78.",
            "........91...5...........8...345....1..4.67..1..4.67....3.567..1.3..67...2.......",
            "..3...........6.........7.....4....91..4....9.2..........4...8.....5....1......8.",
            "....5....12......912......9.......8...3......1..4..7...2.4.67..12.4.67..1....67..",
            ".......8....4.....12............6...1.....7......5.....23...7..........91.3...7..",
        ];
        check(
            &rows,
            ChainStage::Nishio,
            "Nishio Forcing Chains",
            "7.8",
            &[(70, 1)],
        );
    }

    #[test]
    fn cell_forcing() {
        #[rustfmt::skip]
        let rows = [
            "1.....7...2.........3......1..4.67.....45....1...567.....45.7.........8.........9",
            "...4.........5....1.....7..1.3...7.9.......8.1.....7.9.2.........3...7.......6...",
            "........9.......8......6....234..7....345.....2..5.7..1..........345.7....345....",
            ".2.......1................9...4.6.........7......56.....3.........456..........8.",
            "..3.5..........7.....45....1.34.6...1.34.6..........8.........91..4.6....2.......",
            ".....6.....34............8.1234....91.345...912..5...9...45....1..45..........7..",
            "1.3...78...3..6....2...........5....1....6..9...4..........678...3...7.91.3......",
            "1.3.5.7..........91..45.7.........8.1....6...1....67.....4567...2.......1.345....",
            "1.....78....4.6...1..45.7..1....67.9.2.........3.........45678.....5.7.91..45....",
        ];
        check(
            &rows,
            ChainStage::Multiple,
            "Cell Forcing Chains",
            "8.5",
            &[(75, 6)],
        );
    }

    #[test]
    fn region_forcing() {
        #[rustfmt::skip]
        let rows = [
            "1...5.....2.........3.........4.....1...56...1...56.........7.........8.........9",
            "...4.........5.78......6...12....7..1...5.78.........91...5....12..5......3......",
            "1...5.7..........91.....78.12....7....3......1...5..8.1....6......4......2..56...",
            ".2....7....3.567...2....78...3..6...1.......9..34...8.1..456..91...5.7.9...4567..",
            "....56.8.1.3.5..8....4.....1.3..6...1......89......7...2.......1.......9....56...",
            "1....67.91....67..1.....7.9....5.....2.......1..4............8...3.........4.67..",
            "..3.........4.6...12....7.9.......8.1...567..12..56......45...9.2..5.7.9.2.45.7..",
            ".....6.8....4.6.8.....5............9.....67...23..6.....34......2....7..1........",
            "12....7.91.....7..12....7.91.3...7.....4.....123.5......3.5...9.....6..........8.",
        ];
        check(
            &rows,
            ChainStage::Multiple,
            "Region Forcing Chains",
            "8.3",
            &[(28, 6)],
        );
    }

    #[test]
    fn dynamic_contradiction() {
        #[rustfmt::skip]
        let rows = [
            "1.........2...........5.7.9...4.6.89...4.67.9...4..789.....67.9...45.7.9..3......",
            "..3....89..3...789...4.....1.3..6..9....5.....2....7.91....67.912....7.912.....89",
            ".....6.....3.5.789..3.5.7.91.34....91.34..7...2.4..7.91.....78912.45.7.912.45..89",
            "......7.....45..8.12..5...9...45..8.1..4....9.....6...1.3.....9123.....912......9",
            ".23.5...91...56..9123..6..91.3.5...91.3...7.9....5.7.9...4............8.12....7.9",
            "..34...891.34...891.3.....91.3....89.2..........4..789....5.........6...1.....7.9",
            "..34....91.34.67.9.......8....456..9...4.6..9...45...9.2.......1.34..7.91..4....9",
            ".2.45...91..4.6..912...6..9......7.....4.6.89..3......1......891..45...9...45..8.",
            "..345...9..345.7.9..3...7.9.2..........4...891..........3...789..345.7.9.....6...",
        ];
        check(
            &rows,
            ChainStage::Dynamic,
            "Dynamic Contradiction Forcing Chains",
            "9.3",
            &[(25, 7)],
        );
    }

    #[test]
    fn dynamic_double() {
        #[rustfmt::skip]
        let rows = [
            "1.........2...........5.7.9...4.6.89.....67.9...4...8......67.9...45...9..3......",
            ".......89..3...789...4.....1.3..6..9....5.....2....7.91....67.912....7.912.....89",
            ".....6.....3.5.789..3.5.7.91.34....91.3...7...2.4..7.91.....7.912.45...912.45..89",
            "......7.....45..8.12..5...9...4...8.1..4....9.....6...1.3.....9123.....912......9",
            ".2......91....6..9123..6...1.3.5...91.3...7.9....5.7.9...4............8.12....7.9",
            "...4...8...34...891.3.....91.3.....9.2..........4..789....5.........6...1.....7.9",
            "..3......1....67.9.......8....456..9.....6..9...45...9.2.......1.....7..1..4....9",
            ".2.45...91..4.6..912...6.........7.....4.6.89..3......1......891.......9...45....",
            "...45.......4..7.9......7.9.2..........4...891..........3...789..345.7.9.....6...",
        ];
        check(
            &rows,
            ChainStage::Dynamic,
            "Dynamic Double Forcing Chains",
            "8.9",
            &[(76, 9)],
        );
    }

    #[test]
    fn dynamic_plus_region() {
        #[rustfmt::skip]
        let rows = [
            "....5.789.23..6..9.23.5...9.23...789.....6789.23..67.9....56.89...4.....1........",
            "....5.7891....6..91...5...91..4..789...4.67891....67.9....56.89.2.........3......",
            "..3....89123.........4.....123.....91....6.89....5.........6.89......789.....6789",
            "..34....91.34....91.3.....9...45.789.2.........3...7.9..3....89.....6.......5.789",
            ".234....9....5..........7....34...89...4.6.891.3..6..9123......1.3....89.2.....89",
            ".23.....9.......8......6...1.3.5.7.9....5.7.91.3.....9...4.....1.3.5.7.9.2..5.7.9",
            "..345...9.234....9.23.5...9.....6...1...5...9.......8.......7..1.3.5...9.2.45...9",
            "1...........4..7.9....5..89.2..5.7.9..3.......2....7.9.2...6.89....5..89...456.89",
            ".....6.....3...7.9.23.5..8912..5.7.91...5.7.9...4.....123....891.3.5..89.2..5..89",
        ];
        check(
            &rows,
            ChainStage::DynamicPlus,
            "Dynamic Region Forcing Chains (+)",
            "9.3",
            &[(5, 7)],
        );
    }
}
