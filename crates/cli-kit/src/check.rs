//! The driver of every `check` subcommand: reads the records `solve` wrote,
//! tests each envelope, hands each record to the crate's independent
//! checker, reports every failure (not just the first) in one format on
//! stderr, and exits 1 on any.

use std::io::Write;
use std::process::ExitCode;

use serde::de::DeserializeOwned;

use crate::Record;

/// What a checker found true of one record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verified {
    /// The solution keeps every rule (and the puzzle's givens).
    Solution,
    /// The claim that there is no solution was confirmed independently.
    NoSolution,
    /// Nothing to verify: a limit, an invalid puzzle, or an "unsolvable"
    /// claim too costly to confirm independently.
    Nothing,
}

impl Verified {
    /// The verdict on a record that says "unsolvable", from what the
    /// checker's own search `found`: confirmed, nothing known when it ran
    /// out of budget, or wrong, naming the solution it found as `show`
    /// writes it.
    ///
    /// # Errors
    ///
    /// The search found a solution.
    pub fn of_unsolvable<S>(
        found: puzzle_kit::Exhaustive<S>,
        show: impl FnOnce(&S) -> String,
    ) -> Result<Verified, String> {
        match found {
            puzzle_kit::Exhaustive::NoSolution => Ok(Verified::NoSolution),
            puzzle_kit::Exhaustive::OverBudget => Ok(Verified::Nothing),
            puzzle_kit::Exhaustive::Solution(solution) => Err(format!(
                "status \"unsolvable\", but {} solves the puzzle",
                show(&solution)
            )),
        }
    }
}

/// How many records of each kind were checked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CheckTally {
    /// Records read.
    pub records: u64,
    /// Records that failed.
    pub failed: u64,
    /// Solutions verified.
    pub solutions: u64,
    /// "unsolvable" claims confirmed.
    pub no_solution: u64,
    /// Records with nothing to verify.
    pub nothing: u64,
}

impl CheckTally {
    /// The summary line: `ok: 3 records checked: 2 solutions valid, 1 with
    /// nothing to check (limit or invalid)` when all passed, else
    /// `1 of 3 records failed`.
    pub fn summary(&self) -> String {
        if self.failed > 0 {
            return format!("{} of {} records failed", self.failed, self.records);
        }
        let mut parts = vec![format!(
            "{} {} valid",
            self.solutions,
            plural(self.solutions, "solution")
        )];
        if self.no_solution > 0 {
            parts.push(format!(
                "{} unsolvable {} confirmed",
                self.no_solution,
                plural(self.no_solution, "claim")
            ));
        }
        if self.nothing > 0 {
            parts.push(format!("{} with nothing to check", self.nothing));
        }
        format!(
            "ok: {} {} checked: {}",
            self.records,
            plural(self.records, "record"),
            parts.join(", ")
        )
    }
}

fn plural(count: u64, noun: &str) -> String {
    if count == 1 {
        noun.to_owned()
    } else {
        format!("{noun}s")
    }
}

/// The records of a `check` input, each with the 1-based line it starts
/// on: the JSON lines of `solve --json`, each read or why not.
pub type Claims<F, S, X> = Vec<(usize, Result<Record<F, S, X>, String>)>;

/// Every JSON line of `text` as a record (blank lines skipped); a line that
/// is not a record is an error of its own and the others are still read.
pub fn json_records<F, S, X>(text: &str) -> Claims<F, S, X>
where
    Record<F, S, X>: DeserializeOwned,
{
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let record = serde_json::from_str(line).map_err(|error| {
                if line.trim_start().starts_with('{') {
                    format!("not a solve record: {error}")
                } else {
                    "not a solve record: check reads the JSON records of `solve --json`, one per line"
                        .to_owned()
                }
            });
            (index + 1, record)
        })
        .collect()
}

/// Checks every claim with `check` after the envelope
/// ([`Record::consistent`]), as [`check_claims`] does, but stops at the
/// first failure and returns it with its line instead of reporting it: the
/// body of [`crate::app::check_text`]. No claim at all is a failure.
///
/// # Errors
///
/// The first claim that could not be read or is wrong, with its line.
pub fn verify_claims<F, S, X>(
    claims: Claims<F, S, X>,
    mut check: impl FnMut(Record<F, S, X>) -> Result<Verified, String>,
) -> Result<Vec<Verified>, (usize, String)> {
    if claims.is_empty() {
        return Err((1, "no solution to check".to_owned()));
    }
    claims
        .into_iter()
        .map(|(line, claim)| {
            claim
                .and_then(|record| {
                    record.consistent()?;
                    check(record)
                })
                .map_err(|message| (line, message))
        })
        .collect()
}

/// Checks every claim with `check` and reports, as `check` subcommands do:
/// each failure as `program check: line N: message` on `errors`, then the
/// summary ([`CheckTally::summary`]) on `out` when all passed, on `errors`
/// when not. The envelope ([`Record::consistent`]) is tested before
/// `check` sees a record.
pub fn check_claims<F, S, X>(
    program: &str,
    claims: Claims<F, S, X>,
    mut check: impl FnMut(&Record<F, S, X>) -> Result<Verified, String>,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> std::io::Result<CheckTally> {
    let mut tally = CheckTally::default();
    for (line, claim) in claims {
        tally.records += 1;
        let verdict = claim.and_then(|record| {
            record.consistent()?;
            check(&record)
        });
        match verdict {
            Ok(Verified::Solution) => tally.solutions += 1,
            Ok(Verified::NoSolution) => tally.no_solution += 1,
            Ok(Verified::Nothing) => tally.nothing += 1,
            Err(message) => {
                tally.failed += 1;
                writeln!(
                    errors,
                    "{program} check: line {line}: {}",
                    shorten(&message)
                )?;
            }
        }
    }
    if tally.records == 0 {
        writeln!(errors, "{program} check: no records on the input")?;
    } else if tally.failed > 0 {
        writeln!(errors, "{program} check: {}", tally.summary())?;
    } else {
        writeln!(out, "{}", tally.summary())?;
    }
    Ok(tally)
}

/// [`check_claims`] on stdout and stderr; the exit code is 0 when every
/// record passed and there was at least one, else 1.
pub fn run_check<F, S, X>(
    program: &str,
    claims: Claims<F, S, X>,
    check: impl FnMut(&Record<F, S, X>) -> Result<Verified, String>,
) -> anyhow::Result<ExitCode> {
    let tally = check_claims(
        program,
        claims,
        check,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    )?;
    let passed = tally.records > 0 && tally.failed == 0;
    Ok(ExitCode::from(if passed { 0 } else { 1 }))
}

/// `text` cut to its first 200 characters, so that a message quoting a
/// huge record stays readable.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(200) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NoFields, Status};

    /// The solution must be the text "ok"; an unsolvable claim is confirmed.
    fn check(record: &Record) -> Result<Verified, String> {
        match record.status {
            Status::Solved if record.solution.as_deref() == Some("ok") => Ok(Verified::Solution),
            Status::Solved => Err("solution is not ok".into()),
            Status::Unsolvable => Ok(Verified::NoSolution),
            _ => Ok(Verified::Nothing),
        }
    }

    fn run(text: &str) -> (String, String, CheckTally) {
        let (mut out, mut errors) = (Vec::new(), Vec::new());
        let claims = json_records::<NoFields, String, NoFields>(text);
        let tally = check_claims("t", claims, check, &mut out, &mut errors).unwrap();
        let text = |bytes| String::from_utf8(bytes).unwrap();
        (text(out), text(errors), tally)
    }

    const STATS: &str = r#""stats":{"nodes":1,"micros":1}"#;

    #[test]
    fn every_failure_is_reported_with_its_line() {
        let text = [
            format!(r#"{{"status":"solved","solution":"ok",{STATS}}}"#),
            String::new(),
            format!(r#"{{"status":"solved","solution":"no",{STATS}}}"#),
            "not json".to_owned(),
            format!(r#"{{"status":"limit","solution":"ok",{STATS}}}"#),
            format!(r#"{{"status":"unsolvable",{STATS}}}"#),
        ]
        .join("\n");
        let (out, errors, tally) = run(&text);
        assert_eq!(out, "");
        let lines: Vec<&str> = errors.lines().collect();
        assert_eq!(lines.len(), 4, "{errors}");
        assert_eq!(lines[0], "t check: line 3: solution is not ok");
        assert!(lines[1].starts_with("t check: line 4: not a solve record: "));
        assert_eq!(
            lines[2],
            "t check: line 5: status \"limit\" with a solution"
        );
        assert_eq!(lines[3], "t check: 3 of 5 records failed");
        assert_eq!(
            (tally.solutions, tally.no_solution, tally.failed),
            (1, 1, 3)
        );
    }

    #[test]
    fn all_valid_is_summed_up_on_stdout() {
        let text = format!(
            "{{\"status\":\"solved\",\"solution\":\"ok\",{STATS}}}\n{{\"status\":\"limit\",\"limit\":\"time\",{STATS}}}\n"
        );
        let (out, errors, _) = run(&text);
        assert_eq!(errors, "");
        assert_eq!(
            out,
            "ok: 2 records checked: 1 solution valid, 1 with nothing to check\n"
        );
    }

    #[test]
    fn no_records_is_a_failure() {
        let (out, errors, tally) = run("\n\n");
        assert_eq!((out.as_str(), tally.records), ("", 0));
        assert_eq!(errors, "t check: no records on the input\n");
    }
}
