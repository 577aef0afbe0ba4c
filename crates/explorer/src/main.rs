//! The `explorer` command: serves the web app on 127.0.0.1 (or the
//! address `--bind` gives) and prints where.
//!
//! Exit codes: 0 stopped by Ctrl-C, 1 the address could not be had,
//! 2 usage error.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use explorer::{Limits, app};

/// A web app to step through the searches of the puzzle crates. Open the
/// address it prints in a browser; Ctrl-C stops it.
#[derive(Parser, Debug)]
#[command(name = "explorer", version)]
struct Cli {
    /// The port (0: any free one, printed).
    #[arg(long, default_value_t = 7878)]
    port: u16,
    /// The address to listen on. Anything but a loopback address lets other
    /// machines in (a classroom's network): a warning says so.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Start the system's browser on the address.
    #[arg(long)]
    open: bool,
    /// States one search may generate.
    #[arg(long, value_name = "N", default_value_t = Limits::default().nodes)]
    node_limit: u64,
    /// Seconds one search may take.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().time.as_secs())]
    time_limit: u64,
    /// Solves running at once (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    concurrent_solves: Option<u16>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut limits = Limits {
        nodes: cli.node_limit,
        time: Duration::from_secs(cli.time_limit),
        ..Limits::default()
    };
    if let Some(count) = cli.concurrent_solves {
        limits.concurrent_solves = usize::from(count);
    }
    // The solves run on the blocking pool, as many at once as the limits
    // let run: a few threads more would only hold memory.
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(limits.concurrent_solves + 2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("explorer: cannot start the server's runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(&cli, limits)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("explorer: {error:#}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(cli: &Cli, limits: Limits) -> anyhow::Result<()> {
    use anyhow::Context;

    let wanted = SocketAddr::new(cli.bind, cli.port);
    let listener = tokio::net::TcpListener::bind(wanted)
        .await
        .with_context(|| format!("cannot listen on {wanted}"))?;
    let address = listener.local_addr().context("no local address")?;
    if !cli.bind.is_loopback() {
        eprintln!(
            "explorer: warning: listening on {address}, not a loopback address: \
             other machines on the network can use this server"
        );
    }
    let url = match address.ip() {
        ip if ip.is_unspecified() => format!("http://127.0.0.1:{}/", address.port()),
        IpAddr::V6(ip) => format!("http://[{ip}]:{}/", address.port()),
        IpAddr::V4(ip) => format!("http://{ip}:{}/", address.port()),
    };
    println!("explorer: serving on {url} (Ctrl-C stops it)");
    if cli.open {
        open_browser(&url);
    }
    axum::serve(listener, app(limits))
        .with_graceful_shutdown(async {
            // Without a signal handler the server runs until killed.
            let _ = tokio::signal::ctrl_c().await;
            eprintln!("explorer: stopping");
        })
        .await
        .context("the server stopped")
}

/// Starts the system's browser on `url`; a failure is only a warning.
fn open_browser(url: &str) {
    let mut command = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut command = std::process::Command::new("cmd");
        command.args(["/C", "start", ""]);
        command
    } else {
        std::process::Command::new("xdg-open")
    };
    if let Err(error) = command.arg(url).spawn() {
        eprintln!("explorer: warning: could not start a browser ({error}): open {url} yourself");
    }
}
