//! The `gogen` command: solve a Gogen grid, count its solutions, check a
//! solution. Exit codes (cli-kit's): 0 solved, 1 bad input, 2 usage, 3 no
//! solution, 4 limit reached.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use cli_kit::{Batch, Input};
use gogen::cli::{self, View};
use gogen::{Algo, Options};

const EXIT_CODES: &str = "Exit codes: 0 solved (or counted); 1 bad input or I/O error (the \
message names the file, line and column), or for check a record that fails; 2 usage error; 3 the \
puzzle has no solution; 4 a node or memory limit was reached before an answer.";

#[derive(Parser)]
#[command(name = "gogen", version, about = "Solve Gogen letter grids", after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a puzzle: a puzzle file (five grid lines, a blank line, the
    /// words), or with --letters a words file (the count, then one
    /// word per line).
    #[command(after_help = EXIT_CODES)]
    Solve(SolveArgs),
    /// Check `gogen solve` output on stdin (JSON lines, or the human view)
    /// against the rules: a solution must keep the givens and trace every
    /// word (and its `paths` spell each word through touching cells); an
    /// "unsolvable" claim is confirmed by an exhaustive search when that is
    /// cheap. Every failure is reported; exit 0 when all records pass.
    #[command(after_help = EXIT_CODES)]
    Check {
        /// The puzzle file the records are for.
        puzzle: PathBuf,
        /// The nine standard given letters, when the file is a words file.
        #[arg(long, value_parser = cli::nine_letters)]
        letters: Option<String>,
    },
}

#[derive(clap::Args)]
struct SolveArgs {
    /// Puzzle file, or `-` / nothing for stdin.
    file: Option<PathBuf>,
    /// The nine letters of the standard given cells (corners, edge middles,
    /// centre, row by row); the file is then a words file (the count, then the words).
    #[arg(long, value_parser = cli::nine_letters)]
    letters: Option<String>,
    /// The solver.
    #[arg(long, value_enum, default_value_t = Algo::Csp)]
    algo: Algo,
    /// Count the solutions, up to --limit.
    #[arg(long)]
    count: bool,
    /// The most solutions to count [default: 2].
    #[arg(long, requires = "count", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Stop before the search examines more than this many nodes (status
    /// `limit`, exit 4): for csp the root and one per guess, for dfs the
    /// states generated, the empty grid included.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    /// Memory budget of the search (its stacks, closed set and the
    /// solutions counted), such as 512M or 4G (status `limit`, exit 4)
    /// [default: half the memory available]
    #[arg(long, value_name = "SIZE", value_parser = cli_kit::parse_bytes)]
    memory_limit: Option<usize>,
    /// Print every word highlighted on its own grid, as the course formulation does.
    #[arg(long, conflicts_with = "json")]
    show_words: bool,
    /// Add node counts and time to the human view (JSON always has them).
    #[arg(long, conflicts_with = "json")]
    stats: bool,
    /// One JSON record: status, solution, paths, count when asked, stats.
    #[arg(long)]
    json: bool,
    /// Draw the puzzle as SVG in FILE: the solution with each word's path
    /// in its own colour, or the givens and why there is no solution.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    watch: cli_kit::WatchArgs,
    /// Draw the search tree's first 500 nodes as SVG in FILE (dfs: each
    /// grid with its depth, dead ends marked; csp: the domain-splitting
    /// tree of its decisions), Graphviz DOT beside it (FILE.dot).
    #[arg(long, value_name = "FILE")]
    tree_svg: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli_kit::finish("gogen", run(cli.command))
}

fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Solve(args) => {
            let Input { name, text } = Input::read(args.file.as_deref())?;
            let mut options = Options::new(args.algo)
                .count_up_to(if args.count {
                    args.limit.unwrap_or(2)
                } else {
                    1
                })
                .memory_limit(
                    args.memory_limit
                        .unwrap_or_else(cli_kit::default_memory_budget),
                );
            if let Some(nodes) = args.node_limit {
                options = options.node_limit(nodes);
            }
            let mut view = View {
                json: args.json,
                count: args.count,
                show_words: args.show_words,
                stats: args.stats,
                bold_givens: cli::mark_givens(
                    std::io::stdout().is_terminal(),
                    std::env::var_os("NO_COLOR").as_deref(),
                ),
            };
            let letters = args.letters.as_deref();
            let watch = &args.watch;
            if let Some(misfit) = watch.misfit(args.json, args.stats) {
                cli_kit::usage_error::<Cli>(misfit);
            }
            let watching = watch.trace || watch.events.is_some() || args.tree_svg.is_some();
            if watching && !gogen::watch::watchable(args.algo) {
                cli_kit::usage_error::<Cli>(
                    "--trace, --events and --tree-svg watch --algo dfs and csp",
                );
            }
            if watch.compare && args.tree_svg.is_some() {
                cli_kit::usage_error::<Cli>(
                    "--compare runs every algorithm: draw one tree with --algo instead",
                );
            }
            if watch.compare {
                return cli::run_compare(&text, letters, &options, args.json);
            }
            if watching {
                return solve_watched(&args, &name, &text, &options, &mut view);
            }
            // One puzzle per input: the whole text is the batch's one item.
            Batch::new("gogen", &name).threads(Some(1)).run(
                &[text],
                |text| {
                    let solved = cli::solve(text, letters, &options, !args.count)?;
                    if let Some(target) = &args.svg {
                        let picture = gogen::svg::render_outcome(&solved.puzzle, &solved.outcome);
                        std::fs::write(target, picture)
                            .map_err(|error| format!("writing {}: {error}", target.display()))?;
                    }
                    Ok(solved)
                },
                &mut view,
            )
        }
        Command::Check { puzzle, letters } => {
            let input = Input::read(Some(&puzzle))?;
            let puzzle = cli::read_puzzle(&input.text, letters.as_deref())
                .map_err(|error| cli::with_hint(error, &input.text, letters.as_deref()))
                .map_err(anyhow::Error::msg)
                .with_context(|| input.name.clone())?;
            let claims = cli::claims(&Input::stdin()?.text);
            cli_kit::run_check("gogen", claims, |record| cli::check_record(&puzzle, record))
        }
    }
}

/// `solve` with `--trace`, `--events FILE` or `--tree-svg FILE`.
fn solve_watched(
    args: &SolveArgs,
    name: &str,
    text: &str,
    options: &Options,
    view: &mut View,
) -> anyhow::Result<ExitCode> {
    let events = std::sync::Mutex::new(args.watch.open_events()?);
    let tree = std::sync::Mutex::new(args.tree_svg.as_ref().map(|_| svg_kit::SearchTree::new("")));
    let limit = args
        .watch
        .events_limit
        .unwrap_or(cli_kit::DEFAULT_EVENTS_LIMIT);
    let solve = |text: &String| {
        let mut events = events.lock().unwrap_or_else(|poison| poison.into_inner());
        let mut tree = tree.lock().unwrap_or_else(|poison| poison.into_inner());
        let mut stdout = std::io::stdout();
        let mut trace = args
            .watch
            .trace
            .then(|| cli_kit::Trace::new(&mut stdout, limit));
        let watch = gogen::watch::Watch {
            sinks: cli_kit::Sinks {
                events: events.as_mut(),
                trace: trace.as_mut(),
            },
            tree: tree.as_mut(),
        };
        // A trace that could not be written (a closed pipe) is told by the
        // answer's write to the same stdout, which ends the run.
        cli::solve_watched(text, args.letters.as_deref(), options, !args.count, watch)
    };
    let batch = Batch::new("gogen", name).threads(Some(1));
    let items = [text.to_owned()];
    let exit = if args.watch.events_to_stdout() {
        // The events take the human view's place on stdout.
        batch
            .run_to(&mut std::io::sink(), &items, solve, view)?
            .exit()
    } else {
        batch.run(&items, solve, view)?
    };
    if let Some(events) = events
        .into_inner()
        .unwrap_or_else(|poison| poison.into_inner())
    {
        events
            .finish()
            .map_err(|error| anyhow::Error::new(error).context("cannot write the events"))?;
    }
    let tree = tree
        .into_inner()
        .unwrap_or_else(|poison| poison.into_inner());
    if let (Some(path), Some(tree)) = (&args.tree_svg, tree) {
        cli_kit::write_tree(path, &tree)?;
    }
    Ok(exit)
}
