//! How a puzzle run ended, and how the ends of a batch make one exit code.

use std::fmt;
use std::process::ExitCode;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How one puzzle ended: the `status` of every JSON record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A solution was found (or, when counting, every solution up to the
    /// limit was counted and there is at least one).
    Solved,
    /// The search finished and proved there is no solution.
    Unsolvable,
    /// A node, time, memory or step limit stopped the search before it could
    /// answer; any count reported with it is a lower bound.
    Limit,
    /// The input could not be read as a puzzle.
    Invalid,
}

impl Status {
    /// Every status, in the order the JSON contract lists them.
    pub const ALL: [Status; 4] = [
        Status::Solved,
        Status::Unsolvable,
        Status::Limit,
        Status::Invalid,
    ];

    /// The name written in JSON and read back by the checkers.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Limit => "limit",
            Status::Invalid => "invalid",
        }
    }

    /// The exit code of a run that ended this way alone: 0, 3, 4 or 1.
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Solved => 0,
            Status::Invalid => 1,
            Status::Unsolvable => 3,
            Status::Limit => 4,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Status {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Status::ALL
            .into_iter()
            .find(|status| status.name() == name)
            .ok_or_else(|| {
                format!("unknown status '{name}', expected solved, unsolvable, limit or invalid")
            })
    }
}

/// A library's [`puzzle_kit::Status`] as the record's status; the limit it
/// names goes to [`crate::Record::limit`] (see [`crate::Record::ended`]).
impl From<puzzle_kit::Status> for Status {
    fn from(status: puzzle_kit::Status) -> Self {
        match status {
            puzzle_kit::Status::Solved => Status::Solved,
            puzzle_kit::Status::Unsolvable => Status::Unsolvable,
            puzzle_kit::Status::Limit(_) => Status::Limit,
        }
    }
}

/// How many puzzles of a batch ended each way, and the one exit code that
/// says so: 1 if any was invalid, else 4 if any hit a limit, else 3 if any
/// was proved unsolvable, else 0. A bad line outranks everything because
/// its answer is missing altogether; a limit outranks "unsolvable" because
/// that puzzle's answer is still unknown.
///
/// ```
/// use cli_kit::{Status, Tally};
///
/// let mut tally = Tally::default();
/// tally.add(Status::Unsolvable);
/// tally.add(Status::Limit);
/// assert_eq!(tally.exit_code(), 4);
/// tally.add(Status::Invalid);
/// assert_eq!(tally.exit_code(), 1);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Puzzles solved (or counted with at least one solution).
    pub solved: u64,
    /// Puzzles proved to have no solution.
    pub unsolvable: u64,
    /// Puzzles stopped by a limit.
    pub limit: u64,
    /// Puzzles that could not be read.
    pub invalid: u64,
}

impl Tally {
    /// Counts one more puzzle that ended with `status`.
    pub fn add(&mut self, status: Status) {
        match status {
            Status::Solved => self.solved += 1,
            Status::Unsolvable => self.unsolvable += 1,
            Status::Limit => self.limit += 1,
            Status::Invalid => self.invalid += 1,
        }
    }

    /// Every puzzle counted.
    pub fn total(&self) -> u64 {
        self.solved + self.unsolvable + self.limit + self.invalid
    }

    /// The status that decides the exit code (see [`Tally`]).
    pub fn worst(&self) -> Status {
        if self.invalid > 0 {
            Status::Invalid
        } else if self.limit > 0 {
            Status::Limit
        } else if self.unsolvable > 0 {
            Status::Unsolvable
        } else {
            Status::Solved
        }
    }

    /// The exit code of the whole batch (see [`Tally`]).
    pub fn exit_code(&self) -> u8 {
        self.worst().exit_code()
    }

    /// [`Tally::exit_code`] as the value `main` returns.
    pub fn exit(&self) -> ExitCode {
        ExitCode::from(self.exit_code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally_of(statuses: &[Status]) -> Tally {
        let mut tally = Tally::default();
        for &status in statuses {
            tally.add(status);
        }
        tally
    }

    #[test]
    fn one_precedence_invalid_then_limit_then_unsolvable() {
        use Status::*;
        let cases: [(&[Status], u8); 9] = [
            (&[], 0),
            (&[Solved], 0),
            (&[Solved, Unsolvable], 3),
            (&[Unsolvable, Solved, Limit], 4),
            (&[Limit, Unsolvable], 4),
            (&[Invalid, Unsolvable, Limit], 1),
            (&[Limit, Invalid], 1),
            (&[Unsolvable, Invalid], 1),
            (&[Solved, Solved, Limit], 4),
        ];
        for (statuses, code) in cases {
            assert_eq!(tally_of(statuses).exit_code(), code, "{statuses:?}");
        }
    }

    #[test]
    fn a_single_status_exits_with_its_own_code() {
        for status in Status::ALL {
            assert_eq!(tally_of(&[status]).exit_code(), status.exit_code());
        }
        assert_eq!(tally_of(&[Status::Limit; 3]).total(), 3);
    }

    #[test]
    fn names_round_trip_through_text_and_json() {
        for status in Status::ALL {
            assert_eq!(status.name().parse::<Status>(), Ok(status));
            let json = serde_json::to_string(&status).unwrap();
            assert_eq!(json, format!("\"{status}\""));
            assert_eq!(serde_json::from_str::<Status>(&json).unwrap(), status);
        }
        assert!("Solved".parse::<Status>().is_err());
    }
}
