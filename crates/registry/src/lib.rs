//! The registry of puzzles: every puzzle crate listed once, in the order
//! the explorer's index and the Python package show them. A front end that
//! shows every puzzle (the explorer, the Python package) implements a
//! [`Visitor`] and is called with each puzzle type; xtask reads the names
//! from this crate's `Cargo.toml` (a dependency given by `path` is a
//! puzzle), without building it.
//!
//! A new puzzle is its crate, its fixtures folder and two lines here: its
//! dependency in `Cargo.toml` and its type in the list below (`cargo
//! xtask new-puzzle NAME` writes all three).
//!
//! ```
//! struct Names(Vec<&'static str>);
//! impl registry::Visitor for Names {
//!     fn visit<P: registry::Front>(&mut self) {
//!         self.0.push(P::TITLE);
//!     }
//! }
//! let mut names = Names(Vec::new());
//! registry::visit(&mut names);
//! assert_eq!(names.0.len(), registry::NAMES.len());
//! ```
#![deny(missing_docs)]

pub use cli_kit::Front;

/// What a front end does with each registered puzzle: called once per
/// puzzle type, in the registry's order.
pub trait Visitor {
    /// Takes the puzzle type `P`.
    fn visit<P: Front>(&mut self);
}

/// The list's two readings: the names, and the visit.
macro_rules! puzzles {
    ($($puzzle:ty),* $(,)?) => {
        /// Every registered puzzle's name (its crate's and its binary's,
        /// [`puzzle_kit::Puzzle::NAME`]), in the registry's order.
        pub const NAMES: &[&str] = &[$(<$puzzle as puzzle_kit::Puzzle>::NAME),*];

        /// Calls `visitor` with every registered puzzle type, in order.
        pub fn visit(visitor: &mut impl Visitor) {
            $(visitor.visit::<$puzzle>();)*
        }
    };
}

// The list: one line per puzzle.
puzzles! {
    eight_puzzle::Board,
    crossword::Grid,
    sudoku::Sudoku,
    nqueens::Queens,
    ripple::Puzzle,
    gogen::Puzzle,
    akari::Akari,
}

/// The Python submodule of the puzzle `name`: `eight-puzzle` is
/// `eight_puzzle`.
pub fn module_name(name: &str) -> String {
    name.replace('-', "_")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The puzzles of `Cargo.toml`: its dependencies given by path.
    fn manifest_puzzles() -> Vec<String> {
        let manifest: toml::Table = include_str!("../Cargo.toml").parse().expect("Cargo.toml");
        let dependencies = manifest["dependencies"].as_table().expect("[dependencies]");
        dependencies
            .iter()
            .filter(|(_, spec)| spec.get("path").is_some())
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// Each puzzle's example reads with the default options, and solves.
    #[test]
    fn every_example_reads_and_solves() {
        struct Solve(Vec<String>);
        impl Visitor for Solve {
            fn visit<P: Front>(&mut self) {
                use puzzle_kit::Configure;
                let mut options = P::Options::new(Default::default());
                match P::prepare(P::EXAMPLE, &[], &mut options) {
                    Ok(puzzle) => {
                        let outcome = puzzle_kit::Puzzle::solve(&puzzle, &options);
                        let solution = outcome
                            .solution
                            .as_ref()
                            .filter(|_| outcome.status.is_solved());
                        match solution.map(|solution| puzzle_kit::Puzzle::check(&puzzle, solution))
                        {
                            Some(Ok(())) => {}
                            Some(Err(violation)) => {
                                self.0.push(format!("{}: {violation}", P::NAME))
                            }
                            None => self.0.push(format!("{}: {}", P::NAME, outcome.status)),
                        }
                    }
                    Err(refusal) => self.0.push(format!("{}: {refusal}", P::NAME)),
                }
            }
        }
        let mut solve = Solve(Vec::new());
        visit(&mut solve);
        assert!(solve.0.is_empty(), "{:?}", solve.0);
    }

    /// Every puzzle refuses a setting it does not have, naming it and the
    /// ones it has, and a text that is not a puzzle as a puzzle.
    #[test]
    fn every_puzzle_refuses_an_unknown_setting_and_a_bad_text() {
        struct Refuse(Vec<String>);
        impl Visitor for Refuse {
            fn visit<P: Front>(&mut self) {
                use cli_kit::Refusal;
                use puzzle_kit::Configure;
                let mut options = P::Options::new(Default::default());
                let own = [("no_such_setting".to_owned(), "1".to_owned())];
                match P::prepare(P::EXAMPLE, &own, &mut options) {
                    Err(Refusal::Setting { name, message })
                        if name == "no_such_setting"
                            && P::SETTINGS
                                .iter()
                                .all(|setting| message.contains(setting.name)) => {}
                    other => {
                        self.0
                            .push(format!("{}: unknown setting: {:?}", P::NAME, other.err()))
                    }
                }
                match P::prepare("\u{1}not a puzzle\u{1}", &[], &mut options) {
                    Err(Refusal::Puzzle(message)) if !message.is_empty() => {}
                    other => self
                        .0
                        .push(format!("{}: bad text: {:?}", P::NAME, other.err())),
                }
            }
        }
        let mut refuse = Refuse(Vec::new());
        visit(&mut refuse);
        assert!(refuse.0.is_empty(), "{:#?}", refuse.0);
    }

    /// A shared option the command line refuses with an algorithm is
    /// refused with the command line's message, under the front end's name.
    #[test]
    fn a_shared_option_that_does_not_apply_is_refused_as_the_binary_refuses_it() {
        use cli_kit::app::Flag;
        let options = nqueens::Options::new(nqueens::Algo::Construct);
        let refusal = cli_kit::front::refuse_misfit::<nqueens::Queens>(
            &options,
            &[("count_up_to", Flag::Count)],
        );
        match refusal {
            Err(cli_kit::Refusal::Setting { name, message }) => {
                assert_eq!(name, "count_up_to");
                assert!(
                    message.starts_with("--count does not apply to --algo construct"),
                    "{message}"
                );
            }
            other => panic!("{other:?}"),
        }
        // The construction searches no node: the node limit is refused
        // too, the first misfit in the order given named.
        let refusal = cli_kit::front::refuse_misfit::<nqueens::Queens>(
            &options,
            &[
                ("node_limit", Flag::NodeLimit),
                ("count_up_to", Flag::Count),
            ],
        );
        assert!(
            matches!(refusal, Err(cli_kit::Refusal::Setting { name, .. }) if name == "node_limit")
        );
        let options = nqueens::Options::new(nqueens::Algo::Csp);
        assert_eq!(
            cli_kit::front::refuse_misfit::<nqueens::Queens>(
                &options,
                &[("count_up_to", Flag::Count)]
            ),
            Ok(())
        );
    }

    #[test]
    fn the_list_and_the_manifest_name_the_same_puzzles() {
        let mut listed: Vec<String> = NAMES.iter().map(|&name| name.to_owned()).collect();
        let mut manifest = manifest_puzzles();
        listed.sort();
        manifest.sort();
        assert_eq!(listed, manifest);
    }

    #[test]
    fn every_puzzle_has_a_fixtures_folder_a_title_and_distinct_names() {
        let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        struct Check(Vec<(&'static str, &'static str)>);
        impl Visitor for Check {
            fn visit<P: Front>(&mut self) {
                self.0.push((P::NAME, P::TITLE));
            }
        }
        let mut check = Check(Vec::new());
        visit(&mut check);
        assert_eq!(check.0.len(), NAMES.len());
        for (index, &(name, title)) in check.0.iter().enumerate() {
            assert_eq!(name, NAMES[index], "visit and NAMES keep one order");
            assert!(!title.is_empty(), "{name} has no title");
            assert!(fixtures.join(name).is_dir(), "fixtures/{name} is missing");
            assert_eq!(
                NAMES
                    .iter()
                    .filter(|&&other| module_name(other) == module_name(name))
                    .count(),
                1,
                "{name}'s Python module name is taken twice"
            );
        }
    }
}
