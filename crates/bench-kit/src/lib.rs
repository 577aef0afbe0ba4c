//! Interleaved side-by-side timing of our solvers against the peer a user
//! would otherwise pick, shared by every crate's `benches/bench.rs`.
//!
//! A bench binary lists its workloads and hands them to [`run`]. Each
//! workload has our side and, where one exists, a peer side; both are
//! closures that do the whole job once and return an *answer digest* (a count,
//! a solution, a checksum). The runs alternate ours, peer, ours, peer, ... so
//! that drift in the machine's speed hits both sides alike, the medians are
//! compared, and the digests must agree or the row is flagged.
//!
//! Each side's job is called once untimed first (page faults, scratch memory,
//! lazy tables), then once more to see how long it takes. A job that takes
//! less than [`SHORT_JOB`] is timed over several calls per run, as many as
//! fill that time, and its time per call is reported: a single
//! sub-millisecond call measures mostly the clock, the scheduler and whatever
//! the other side left in the caches. Each side gets its own count
//! ([`Row::ours_calls`]); a longer job is timed one call per run, the second
//! call being the first run.
//!
//! The binary prints one JSON object per workload on stdout ([`Row`]);
//! `cargo xtask bench` turns those rows into the Markdown table and
//! `target/bench/<crate>.json`.
//!
//! ```no_run
//! use bench_kit::{Workload, run};
//!
//! fn main() {
//!     run(vec![
//!         Workload::new("sum 1..10^6", || (1..=1_000_000u64).sum::<u64>().to_string())
//!             .peer("iterator fold", || (1..=1_000_000u64).fold(0, |a, b| a + b).to_string()),
//!     ]);
//! }
//! ```
#![deny(missing_docs)]

pub mod data;

use std::time::{Duration, Instant};

use serde::Serialize;

type Job<'a> = Box<dyn FnMut() -> String + 'a>;

/// One timed task: our side, and optionally the peer's side of the same task.
pub struct Workload<'a> {
    name: String,
    ours: Job<'a>,
    peer: Option<(String, Job<'a>)>,
    items: Option<u64>,
    note: Option<String>,
    guesses: (Option<f64>, Option<f64>),
}

impl std::fmt::Debug for Workload<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workload")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl<'a> Workload<'a> {
    /// A workload named `name` whose our-side job is `ours`.
    pub fn new(name: impl Into<String>, ours: impl FnMut() -> String + 'a) -> Self {
        Workload {
            name: name.into(),
            ours: Box::new(ours),
            peer: None,
            items: None,
            note: None,
            guesses: (None, None),
        }
    }

    /// The same task done by the peer `peer_name`.
    pub fn peer(mut self, peer_name: impl Into<String>, peer: impl FnMut() -> String + 'a) -> Self {
        self.peer = Some((peer_name.into(), Box::new(peer)));
        self
    }

    /// How many items (puzzles, instances) one call handles, so the table can
    /// show a rate beside the time.
    pub fn items(mut self, items: u64) -> Self {
        self.items = Some(items);
        self
    }

    /// Guesses per item of our side and of the peer's (where the peer
    /// reports them), counted outside the timing, so that a change trading
    /// guesses for speed shows in the row.
    pub fn guesses(mut self, ours: f64, peer: Option<f64>) -> Self {
        self.guesses = (Some(ours), peer);
        self
    }

    /// A remark printed with the row (why a peer is missing, what is measured).
    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }
}

/// Below this, a job is called several times per timed run.
pub const SHORT_JOB: Duration = Duration::from_millis(20);

/// The measured result of one workload, one JSON line on stdout.
#[derive(Debug, Serialize)]
pub struct Row {
    /// Workload name.
    pub workload: String,
    /// Median seconds of one call of our side.
    pub ours_s: f64,
    /// Every run of our side, in seconds per call.
    pub ours_runs: Vec<f64>,
    /// Calls of our job in each timed run (more than one for a short job).
    pub ours_calls: u32,
    /// The peer's name, if the workload has a peer.
    pub peer: Option<String>,
    /// Median seconds of one call of the peer's side.
    pub peer_s: Option<f64>,
    /// Every run of the peer's side, in seconds per call.
    pub peer_runs: Vec<f64>,
    /// Calls of the peer's job in each timed run.
    pub peer_calls: u32,
    /// Peer median over our median: above 1.0 means we are faster.
    pub ratio: Option<f64>,
    /// Items handled per call, if given.
    pub items: Option<u64>,
    /// Whether our answer digest equals the peer's (always true without a peer).
    pub agree: bool,
    /// Our answer digest, shortened for display.
    pub answer: String,
    /// Remark attached to the workload.
    pub note: Option<String>,
    /// Guesses per item of our side, where the bench counts them (a search
    /// solver's branches); absent for the other benches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ours_guesses: Option<f64>,
    /// Guesses per item of the peer, where it reports them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peer_guesses: Option<f64>,
}

/// Options read from the command line of the bench binary.
#[derive(Debug, Clone)]
struct Options {
    runs: usize,
    filter: Option<String>,
}

impl Options {
    /// `--runs N` (default 5) and an optional substring filter on workload
    /// names; cargo's own `--bench` flag is accepted and ignored.
    fn from_args() -> Result<Self, String> {
        let mut options = Options {
            runs: 5,
            filter: None,
        };
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--runs" => {
                    let value = args.next().ok_or("--runs needs a number")?;
                    options.runs = value.parse().ok().filter(|&runs| runs > 0).ok_or(format!(
                        "--runs: expected a positive number, found '{value}'"
                    ))?;
                }
                "--bench" => {}
                other if other.starts_with('-') => return Err(format!("unknown flag '{other}'")),
                other => options.filter = Some(other.to_owned()),
            }
        }
        Ok(options)
    }
}

/// Runs every workload (or those whose name contains the filter argument),
/// interleaving our runs with the peer's, and prints one [`Row`] per workload
/// as a JSON line. Exits with status 1 if any answers disagree.
pub fn run(workloads: Vec<Workload<'_>>) {
    let options = match Options::from_args() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("bench: {message}");
            std::process::exit(2);
        }
    };
    let mut disagreements = 0;
    for mut workload in workloads {
        if options
            .filter
            .as_ref()
            .is_some_and(|filter| !workload.name.contains(filter.as_str()))
        {
            continue;
        }
        eprintln!("bench: {} ({} runs)", workload.name, options.runs);
        let row = measure(&mut workload, options.runs);
        if !row.agree {
            disagreements += 1;
        }
        println!(
            "{}",
            serde_json::to_string(&row).expect("a row always serialises")
        );
    }
    if disagreements > 0 {
        eprintln!("bench: {disagreements} workload(s) where our answer differs from the peer's");
        std::process::exit(1);
    }
}

fn measure(workload: &mut Workload<'_>, runs: usize) -> Row {
    let mut ours_runs = Vec::with_capacity(runs);
    let mut peer_runs = Vec::with_capacity(runs);
    let mut ours = Timer::new(&mut workload.ours, &mut ours_runs);
    let mut peer = workload
        .peer
        .as_mut()
        .map(|(_, job)| Timer::new(job, &mut peer_runs));
    for _ in 0..runs {
        ours.run();
        if let Some(peer) = peer.as_mut() {
            peer.run();
        }
    }
    let (ours_calls, answer) = (ours.calls, ours.answer);
    let (peer_calls, peer_answer) = peer.map_or((0, None), |peer| (peer.calls, Some(peer.answer)));
    let ours_s = median(&ours_runs);
    let peer_s = (!peer_runs.is_empty()).then(|| median(&peer_runs));
    let agree = peer_answer.as_ref().is_none_or(|peer| *peer == answer);
    let mut note = workload.note.clone();
    if !agree {
        let peer = peer_answer.unwrap_or_default();
        let mismatch = format!(
            "answers differ: ours {} peer {}",
            shorten(&answer),
            shorten(&peer)
        );
        note = Some(match note {
            Some(note) => format!("{note}; {mismatch}"),
            None => mismatch,
        });
    }
    Row {
        workload: workload.name.clone(),
        ours_s,
        ours_runs,
        ours_calls,
        peer: workload.peer.as_ref().map(|(name, _)| name.clone()),
        peer_s,
        peer_runs,
        peer_calls,
        ratio: peer_s.map(|peer_s| peer_s / ours_s.max(1e-9)),
        items: workload.items,
        agree,
        answer: shorten(&answer),
        note,
        ours_guesses: workload.guesses.0,
        peer_guesses: workload.guesses.1,
    }
}

/// Times one side's job: a first call warms it up, a second decides how
/// many calls a timed run makes and is kept as the first run when that is
/// one call.
struct Timer<'j, 'a> {
    job: &'j mut Job<'a>,
    runs: &'j mut Vec<f64>,
    /// Calls per timed run; 0 until the first call.
    calls: u32,
    answer: String,
}

impl<'j, 'a> Timer<'j, 'a> {
    fn new(job: &'j mut Job<'a>, runs: &'j mut Vec<f64>) -> Self {
        Timer {
            job,
            runs,
            calls: 0,
            answer: String::new(),
        }
    }

    /// One timed run: `calls` calls, recorded as seconds per call.
    fn run(&mut self) {
        if self.calls == 0 {
            std::hint::black_box((self.job)());
            let (seconds, answer) = time(self.job, 1);
            self.answer = answer;
            self.calls = calls_for(seconds);
            if self.calls == 1 {
                self.runs.push(seconds);
                return;
            }
        }
        let (seconds, answer) = time(self.job, self.calls);
        self.answer = answer;
        self.runs.push(seconds);
    }
}

/// How many calls of a job that took `seconds` fill [`SHORT_JOB`].
fn calls_for(seconds: f64) -> u32 {
    let wanted = SHORT_JOB.as_secs_f64() / seconds.max(1e-9);
    wanted.ceil().clamp(1.0, 1e6) as u32
}

/// Seconds per call over `calls` calls, and the last call's answer.
fn time(job: &mut Job<'_>, calls: u32) -> (f64, String) {
    let start = Instant::now();
    let mut digest = String::new();
    for _ in 0..calls {
        digest = std::hint::black_box(job());
    }
    (duration_seconds(start.elapsed()) / f64::from(calls), digest)
}

fn duration_seconds(duration: Duration) -> f64 {
    duration.as_secs_f64()
}

fn median(samples: &[f64]) -> f64 {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    if sorted.len() % 2 == 1 {
        sorted[middle]
    } else {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    }
}

fn shorten(answer: &str) -> String {
    const MAX: usize = 40;
    match answer.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}...", &answer[..cut]),
        None => answer.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_samples() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
    }

    #[test]
    fn disagreeing_answers_are_flagged() {
        let mut workload = Workload::new("w", || "1".to_owned()).peer("p", || "2".to_owned());
        let row = measure(&mut workload, 3);
        assert!(!row.agree);
        assert_eq!(row.ours_runs.len(), 3);
        assert_eq!(row.peer_runs.len(), 3);
        assert!(row.note.unwrap().contains("answers differ"));
    }

    #[test]
    fn agreeing_answers_give_a_ratio() {
        let mut workload = Workload::new("w", || "42".to_owned()).peer("p", || "42".to_owned());
        let row = measure(&mut workload, 1);
        assert!(row.agree);
        assert!(row.ratio.is_some());
        assert_eq!(row.answer, "42");
        assert_eq!((row.ours_guesses, row.peer_guesses), (None, None));
        let json = serde_json::to_string(&row).expect("a row serialises");
        assert!(!json.contains("guesses"), "{json}");
    }

    #[test]
    fn guesses_reach_the_row() {
        let mut workload = Workload::new("w", || "42".to_owned())
            .peer("p", || "42".to_owned())
            .guesses(1.5, Some(0.5));
        let row = measure(&mut workload, 1);
        assert_eq!((row.ours_guesses, row.peer_guesses), (Some(1.5), Some(0.5)));
        let json = serde_json::to_string(&row).expect("a row serialises");
        assert!(
            json.contains(r#""ours_guesses":1.5,"peer_guesses":0.5"#),
            "{json}"
        );
    }

    #[test]
    fn short_jobs_are_called_until_a_run_lasts_long_enough() {
        assert_eq!(calls_for(1.0), 1);
        assert_eq!(calls_for(SHORT_JOB.as_secs_f64()), 1);
        assert_eq!(calls_for(SHORT_JOB.as_secs_f64() / 4.0), 4);
        assert_eq!(calls_for(0.0), 1_000_000);
        let sleeper = |millis: u64, calls: &mut u32| {
            *calls += 1;
            std::thread::sleep(Duration::from_millis(millis));
            "slept".to_owned()
        };
        // A 1 ms job (sleeping can only take longer, never less): several
        // calls per run, and each run's time is per call.
        let (mut short, mut long) = (0, 0);
        let mut workload = Workload::new("short", || sleeper(1, &mut short))
            .peer("long", || sleeper(25, &mut long));
        let row = measure(&mut workload, 3);
        drop(workload);
        assert!(row.ours_calls > 1, "a 1 ms job is repeated");
        assert_eq!(row.ours_runs.len(), 3);
        for &seconds in &row.ours_runs {
            assert!(
                seconds >= 0.001 && seconds < SHORT_JOB.as_secs_f64(),
                "{seconds}"
            );
        }
        // Warm-up, calibration, then the runs.
        assert_eq!(short, 2 + 3 * row.ours_calls);
        // A 25 ms job: one call per run, the calibrating call being run 1.
        assert_eq!(row.peer_calls, 1);
        assert_eq!(long, 1 + 3);
        assert!(row.peer_runs.iter().all(|&seconds| seconds >= 0.025));
    }

    #[test]
    fn long_answers_are_shortened_on_a_char_boundary() {
        let long = "é".repeat(50);
        assert_eq!(shorten(&long).chars().count(), 43);
    }
}
