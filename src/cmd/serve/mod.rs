//! `sudoku serve`: the browser app. A small axum server on 127.0.0.1 that hands out the page
//! (plain files from `web/`, embedded in the binary) and a JSON API over the library
//! (`api.rs`; documented in `docs/api.md`). Work that can take long (solving, rating,
//! generating, explaining) runs on tokio's blocking threads under a [`sudoku::Stop`] so a
//! hard request answers 503 and the server stays up.

mod api;
mod assets;

use anyhow::Context;
use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get, post};
use axum::Router;
use clap::Args;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// Options of `sudoku serve`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Port to listen on; 0 picks a free one (the first line printed says which).
    #[arg(long, default_value_t = 8717)]
    pub port: u16,
    /// Address to listen on. The default keeps the app on this machine.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Open the page in the default browser once the server listens.
    #[arg(long)]
    pub open: bool,
    /// Seconds one API request may work (solve, rate, hint, explain, generate) before it
    /// answers 503.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub max_time: f64,
}

/// Limits every request is held to.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Work time per request.
    pub time: Duration,
    /// Largest grid side the API works on.
    pub max_side: usize,
    /// Largest request body, in bytes (larger: 413).
    pub max_body: usize,
    /// Listening on a loopback address: requests must name this machine as their host.
    pub local_only: bool,
    /// Threads one hint or explanation may run its nested forcing chains on (past 9x9:
    /// `LogicSolver::with_threads`, the same steps): the machine's cores, since a player
    /// waits on one request at a time.
    pub threads: usize,
}

/// Builds the app: the page, its assets and the API.
pub fn router(limits: Limits) -> Router {
    let body = limits.max_body;
    let state = Arc::new(limits);
    Router::new()
        .route("/", get(assets::index))
        .route("/{*file}", get(assets::file))
        .route("/api/parse", post(api::parse))
        .route("/api/solve", post(api::solve))
        .route("/api/rate", post(api::rate))
        .route("/api/hint", post(api::hint))
        .route("/api/explain", post(api::explain))
        .route("/api/generate", post(api::generate))
        .route("/api/convert", post(api::convert))
        .route("/api/formats", get(api::formats))
        .route("/api/{*rest}", any(api::not_found))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::wrong_method)
        .layer(DefaultBodyLimit::max(body))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            api::guard,
        ))
        .with_state(state)
}

/// Serves until SIGTERM or Ctrl-C.
pub fn run(args: &ServeArgs) -> anyhow::Result<ExitCode> {
    if !(args.max_time.is_finite() && args.max_time > 0.0 && args.max_time <= 86_400.0) {
        anyhow::bail!("--max-time must be between 0 and 86400 seconds");
    }
    let limits = Limits {
        time: Duration::from_secs_f64(args.max_time),
        max_side: api::MAX_SIDE,
        max_body: api::MAX_BODY,
        local_only: args.bind.is_loopback(),
        threads: crate::limits::jobs(0),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(8)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async move {
        let addr = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let local = listener.local_addr()?;
        let url = match local.ip() {
            IpAddr::V6(ip) => format!("http://[{ip}]:{}/", local.port()),
            IpAddr::V4(ip) => format!("http://{ip}:{}/", local.port()),
        };
        let mut out = std::io::stdout().lock();
        writeln!(out, "{url}")?;
        out.flush()?;
        drop(out);
        if args.open {
            open_browser(&url);
        }
        axum::serve(listener, router(limits))
            .with_graceful_shutdown(shutdown())
            .await
            .context("the server failed")?;
        anyhow::Ok(())
    })?;
    // Requests still working on blocking threads are not waited for.
    runtime.shutdown_timeout(Duration::from_millis(100));
    Ok(ExitCode::SUCCESS)
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}

/// Asks the desktop to open `url`; says so on stderr when it can't.
fn open_browser(url: &str) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let spawned = std::process::Command::new(program)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if spawned.is_err() {
        warn!("sudoku: could not run {program}; open {url} yourself");
    }
}
