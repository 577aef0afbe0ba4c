//! Cycles and forcing chains (Sudoku Explainer ratings 6.5 and up): the
//! producers the solving path calls after aligned pair exclusion.
//!
//! This file is the interface the path relies on: [`ChainStage`] (which of
//! SE's chaining producers), [`find_steps`] (the steps that producer
//! finds, in the order SE would pick them: the path takes the first) and
//! [`ChainKind`] (the names of the chain techniques). Until the chains are
//! written, no stage finds anything.

use std::fmt;

use super::{Candidates, Step};

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

/// The kinds of chain steps, named as SE prints them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChainKind {
    /// Bidirectional X-Cycle.
    XCycle,
    /// Bidirectional Y-Cycle.
    YCycle,
    /// Bidirectional Cycle (X and Y links).
    XYCycle,
    /// Forcing X-Chain.
    ForcingXChain,
    /// Forcing Y-Chain.
    ForcingYChain,
    /// Forcing Chain (X and Y links).
    ForcingChain,
    /// Nishio Forcing Chains.
    Nishio,
    /// Cell Forcing Chains.
    CellForcing,
    /// Region Forcing Chains.
    RegionForcing,
    /// Double Forcing Chains.
    DoubleForcing,
    /// Contradiction Forcing Chains.
    ContradictionForcing,
}

impl fmt::Display for ChainKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChainKind::XCycle => "Bidirectional X-Cycle",
            ChainKind::YCycle => "Bidirectional Y-Cycle",
            ChainKind::XYCycle => "Bidirectional Cycle",
            ChainKind::ForcingXChain => "Forcing X-Chain",
            ChainKind::ForcingYChain => "Forcing Y-Chain",
            ChainKind::ForcingChain => "Forcing Chain",
            ChainKind::Nishio => "Nishio Forcing Chains",
            ChainKind::CellForcing => "Cell Forcing Chains",
            ChainKind::RegionForcing => "Region Forcing Chains",
            ChainKind::DoubleForcing => "Double Forcing Chains",
            ChainKind::ContradictionForcing => "Contradiction Forcing Chains",
        })
    }
}

/// The steps SE's producer `stage` finds in `grid`, best first (SE sorts a
/// chaining producer's hints by difficulty, then length): the path takes
/// the first. Empty when there is none.
pub fn find_steps(grid: &Candidates, stage: ChainStage) -> Vec<Step> {
    let _ = (grid, stage);
    Vec::new()
}
