//! The handles a model gives out: its variables and the trailed integers
//! of propagator state. A leaf module, so that the model and every
//! propagator name them without depending on each other.

use std::fmt;

/// A variable of a [`Model`](crate::Model), a small copyable handle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(pub(crate) u32);

impl Var {
    /// The variable's position in creation order (0, 1, 2, ...).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The variable created in position `index` (the inverse of [`Var::index`]).
    pub fn from_index(index: usize) -> Var {
        Var(index as u32)
    }
}

/// A trailed integer of propagator state, from [`Model::new_state`](crate::Model::new_state).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State(pub(crate) u32);

impl State {
    /// Its index among the model's states, in creation order.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.0)
    }
}
