//! What one solving step is: its technique and rating, what it places and
//! eliminates, what justifies it (for highlighting) and a sentence a person
//! can read.

use std::fmt;

use super::chains::ChainKind;

/// A Sudoku Explainer rating in tenths: `Rating(23)` is 2.3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rating(pub u16);

impl Rating {
    /// The rating as a number, `2.3` for `Rating(23)`.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// The techniques of Sudoku Explainer 1.2.1; [`Technique::name`] is the
/// name SE prints. Chains (6.5 and up) are [`Technique::Chain`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Technique {
    /// The last empty cell of a row, column or box (SE: a hidden single
    /// whose unit has one empty cell).
    LastCell,
    /// A digit with one place left in a row, column or box.
    HiddenSingle,
    /// Pointing that leaves a hidden single at once.
    DirectPointing,
    /// Claiming that leaves a hidden single at once.
    DirectClaiming,
    /// A hidden pair that leaves a hidden single at once.
    DirectHiddenPair,
    /// A hidden triplet that leaves a hidden single at once.
    DirectHiddenTriplet,
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit of a box confined to one row or column.
    Pointing,
    /// A digit of a row or column confined to one box.
    Claiming,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriplet,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// Two digits confined to two cells of a unit.
    HiddenPair,
    /// Three digits confined to three cells of a unit.
    HiddenTriplet,
    /// Four digits confined to four cells of a unit.
    HiddenQuad,
    /// Basic fish of size 2.
    XWing,
    /// Basic fish of size 3.
    Swordfish,
    /// Basic fish of size 4.
    Jellyfish,
    /// A bivalue pivot and two bivalue pincers.
    XYWing,
    /// A trivalue pivot and two bivalue pincers.
    XYZWing,
    /// Unique rectangle (4 cells) or loop (6 or more), of a type 1-4.
    UniqueRectangle {
        /// Cells in the loop (4 for a rectangle).
        cells: u8,
        /// SE's type, 1 to 4.
        kind: u8,
    },
    /// Bivalue universal grave, of a type 1-4.
    Bug {
        /// SE's type, 1 to 4.
        kind: u8,
    },
    /// Aligned pair exclusion.
    AlignedPairExclusion,
    /// Aligned triplet exclusion.
    AlignedTripletExclusion,
    /// A cycle or forcing chain of any kind (the chains module names it).
    Chain(ChainKind),
}

impl Technique {
    /// The name Sudoku Explainer prints for this technique.
    pub fn name(&self) -> String {
        match self {
            Technique::LastCell => "Last Cell".into(),
            Technique::HiddenSingle => "Hidden Single".into(),
            Technique::DirectPointing => "Direct Pointing".into(),
            Technique::DirectClaiming => "Direct Claiming".into(),
            Technique::DirectHiddenPair => "Direct Hidden Pair".into(),
            Technique::DirectHiddenTriplet => "Direct Hidden Triplet".into(),
            Technique::NakedSingle => "Naked Single".into(),
            Technique::Pointing => "Pointing".into(),
            Technique::Claiming => "Claiming".into(),
            Technique::NakedPair => "Naked Pair".into(),
            Technique::NakedTriplet => "Naked Triplet".into(),
            Technique::NakedQuad => "Naked Quad".into(),
            Technique::HiddenPair => "Hidden Pair".into(),
            Technique::HiddenTriplet => "Hidden Triplet".into(),
            Technique::HiddenQuad => "Hidden Quad".into(),
            Technique::XWing => "X-Wing".into(),
            Technique::Swordfish => "Swordfish".into(),
            Technique::Jellyfish => "Jellyfish".into(),
            Technique::XYWing => "XY-Wing".into(),
            Technique::XYZWing => "XYZ-Wing".into(),
            Technique::UniqueRectangle { cells: 4, kind } => {
                format!("Unique Rectangle type {kind}")
            }
            Technique::UniqueRectangle { cells, kind } => {
                format!("Unique Loop {cells} type {kind}")
            }
            Technique::Bug { kind } => format!("BUG type {kind}"),
            Technique::AlignedPairExclusion => "Aligned Pair Exclusion".into(),
            Technique::AlignedTripletExclusion => "Aligned Triplet Exclusion".into(),
            Technique::Chain(kind) => kind.to_string(),
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A candidate: a cell `0..81` and a digit `1..=9`.
pub type Candidate = (usize, u8);

/// A link between two candidates, drawn when a step is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Link {
    /// Where the link starts.
    pub from: Candidate,
    /// Where it ends.
    pub to: Candidate,
    /// Strong (if `from` is false, `to` is true) or weak (if `from` is
    /// true, `to` is false).
    pub strong: bool,
}

/// One step of a solving path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// Its Sudoku Explainer rating.
    pub rating: Rating,
    /// Digits placed, `(cell, digit)`.
    pub placements: Vec<Candidate>,
    /// Candidates removed, `(cell, digit)`.
    pub eliminations: Vec<Candidate>,
    /// The cells the reasoning rests on (not those eliminated from).
    pub cells: Vec<usize>,
    /// The units the reasoning rests on (numbered as in
    /// [`crate::explain::candidates`]).
    pub units: Vec<usize>,
    /// The candidates the reasoning rests on, to highlight.
    pub highlighted: Vec<Candidate>,
    /// Links between candidates, for chains and wings.
    pub links: Vec<Link>,
    /// A sentence a person can read.
    pub text: String,
}

impl Step {
    /// A step with nothing but its technique, rating and text; the
    /// techniques fill in the rest.
    pub fn new(technique: Technique, rating: u16, text: String) -> Self {
        Step {
            technique,
            rating: Rating(rating),
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            units: Vec::new(),
            highlighted: Vec::new(),
            links: Vec::new(),
            text,
        }
    }

    /// Whether the step places a digit (SE's "hint with a cell", which
    /// ends the EP part of the path).
    pub fn places(&self) -> bool {
        !self.placements.is_empty()
    }

    /// Applies the step: eliminations first, then placements (each removes
    /// its digit from its peers), as SE applies a hint.
    pub fn apply(&self, grid: &mut super::Candidates) {
        for &(cell, digit) in &self.eliminations {
            grid.eliminate(cell, digit);
        }
        for &(cell, digit) in &self.placements {
            grid.place(cell, digit);
        }
    }
}
