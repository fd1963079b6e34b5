//! The JSON API: each handler reads one JSON object, works on a blocking thread under the
//! request's time limit, and answers one JSON object. Errors are `{"error": …}` with a 4xx
//! or 5xx status (and `line`/`col` for input that does not parse). See `docs/api.md`.

use super::Limits;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request, State};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Map, Value};
use std::sync::Arc;
use sudoku::format::{self, Alphabet, Format, Puzzle};
use sudoku::generate::{GenerateError, Generator, Symmetry};
use sudoku::logic::{
    mistake_text, HintLevel, Level, LogicSolver, Mistake, Notation, Order, Position, Problem, Step,
    StepRecord,
};
use sudoku::rate::{Rater, Scales, Target, SE_SCALE};
use sudoku::solve::{self, Outcome, OutcomeRecord};
use sudoku::{Board, Grid, Shape, Stop};

/// Largest grid side the API works on (the page draws up to 25x25).
pub const MAX_SIDE: usize = 25;
/// Largest request body (a 25x25 grid with every pencil mark is about 40 KB as JSON).
pub const MAX_BODY: usize = 256 * 1024;

type Shared = State<Arc<Limits>>;

/// An answer that is not a success.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: Value,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: json!({ "error": message.into() }),
        }
    }
    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
    fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }
    fn timeout(limits: &Limits) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "time limit: this took longer than the server's {} s",
                limits.time.as_secs_f64()
            ),
        )
    }
    /// A body past the server's limit of `max` bytes: 413, whether it was announced
    /// ([`refusal`]) or found while reading ([`Body`]).
    fn too_large(max: usize) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is over this server's limit of {} KiB", max / 1024),
        )
    }
    fn with(mut self, key: &str, value: Value) -> ApiError {
        self.body[key] = value;
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(self.body)).into_response()
    }
}

type Answer = Result<axum::Json<Value>, ApiError>;

/// A request's body, read whole. A body past the limit, or one that breaks off, is
/// answered as every other error is, `{"error": …}`, where axum's own rejection was plain
/// text.
pub struct Body(pub Bytes);

impl FromRequest<Arc<Limits>> for Body {
    type Rejection = ApiError;

    async fn from_request(req: Request, limits: &Arc<Limits>) -> Result<Body, ApiError> {
        let max = limits.max_body;
        Bytes::from_request(req, limits)
            .await
            .map(Body)
            .map_err(|e| match e.status() {
                StatusCode::PAYLOAD_TOO_LARGE => ApiError::too_large(max),
                status => ApiError::new(status, e.body_text()),
            })
    }
}

/// What every request passes before its endpoint: a body announced past the limit is
/// answered 413 at once (it was waited for); a request from another site's page (its
/// `Origin` not this server) is refused, as is one that names another host while the
/// server listens on this machine only (a page that rebinds its name to 127.0.0.1).
pub async fn guard(
    State(limits): State<Arc<Limits>>,
    req: Request,
    next: axum::middleware::Next,
) -> Response {
    match refusal(&req, &limits) {
        Some(e) => e.into_response(),
        None => next.run(req).await,
    }
}

/// Why [`guard`] refuses `req`, if it does.
fn refusal(req: &Request, limits: &Limits) -> Option<ApiError> {
    use axum::http::header::{CONTENT_LENGTH, HOST, ORIGIN};
    let header = |name| {
        req.headers()
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    let announced = header(CONTENT_LENGTH).and_then(|v| v.trim().parse::<u64>().ok());
    if announced.is_some_and(|n| n > limits.max_body as u64) {
        return Some(ApiError::too_large(limits.max_body));
    }
    let host = header(HOST).or(req.uri().authority().map(|a| a.as_str()));
    if let Some(origin) = header(ORIGIN) {
        let same = host.is_some_and(|h| origin.strip_prefix("http://") == Some(h));
        if !same {
            return Some(ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "a page from {origin} may not use this server: open it from its own address"
                ),
            ));
        }
    }
    if limits.local_only && !host.is_some_and(names_this_machine) {
        return Some(ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "this server answers requests for this machine (localhost, 127.0.0.1), not {}",
                host.unwrap_or("a request without a host")
            ),
        ));
    }
    None
}

/// Whether a `Host` header (`name:port`) names this machine: `localhost` or a loopback
/// address.
fn names_this_machine(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        // `[::1]:8717`
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// A method an endpoint does not take (`GET /api/solve`): 405 as JSON under `/api/`, with
/// the methods it does take, plain text elsewhere (with `Allow: GET`: the page's files).
pub async fn wrong_method(method: Method, uri: axum::http::Uri) -> Response {
    if uri.path().starts_with("/api/") {
        let takes = if uri.path() == "/api/formats" {
            "GET"
        } else {
            "POST"
        };
        let mut r = ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            format!("{method} is not taken by {}: use {takes}", uri.path()),
        )
        .into_response();
        r.headers_mut()
            .insert(axum::http::header::ALLOW, HeaderValue::from_static(takes));
        r
    } else {
        let mut r = (
            StatusCode::METHOD_NOT_ALLOWED,
            "method not allowed: use GET\n",
        )
            .into_response();
        r.headers_mut()
            .insert(axum::http::header::ALLOW, HeaderValue::from_static("GET"));
        r
    }
}

/// The request body as a JSON object.
fn object(body: &Bytes) -> Result<Map<String, Value>, ApiError> {
    let value: Value = serde_json::from_slice(body).map_err(|e| {
        ApiError::bad(format!("the body is not JSON: {e}"))
            .with("line", json!(e.line()))
            .with("col", json!(e.column()))
    })?;
    match value {
        Value::Object(m) => Ok(m),
        _ => Err(ApiError::bad("the body must be a JSON object")),
    }
}

/// An optional string field.
fn string<'a>(req: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, ApiError> {
    match req.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(ApiError::bad(format!("`{key}` must be a string"))),
    }
}

/// An optional unsigned integer field.
fn unsigned(req: &Map<String, Value>, key: &str) -> Result<Option<u64>, ApiError> {
    match req.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| ApiError::bad(format!("`{key}` must be a non-negative integer"))),
    }
}

/// Reads `text` (any format we read, or `format` when named) into a puzzle, refusing grids
/// past the size limit.
fn parse_text(text: &str, format: Option<Format>, limits: &Limits) -> Result<Puzzle, ApiError> {
    let opts = format::ReadOptions {
        format,
        ..Default::default()
    };
    parse_with(text, opts, limits)
}

/// [`parse_text`] with every reading option.
fn parse_with(text: &str, opts: format::ReadOptions, limits: &Limits) -> Result<Puzzle, ApiError> {
    let puzzle = format::parse_first(text, opts).map_err(|e| {
        ApiError::unprocessable(e.message())
            .with("line", json!(e.line))
            .with("col", json!(e.col))
    })?;
    let n = puzzle.shape().side();
    if n > limits.max_side {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "a {n}x{n} grid is past this server's limit of {m}x{m}",
                m = limits.max_side
            ),
        ));
    }
    Ok(puzzle)
}

/// The `puzzle` field: text in any format, or a JSON puzzle object (`--json` records too).
fn puzzle_field(req: &Map<String, Value>, limits: &Limits) -> Result<Puzzle, ApiError> {
    match req.get("puzzle") {
        Some(Value::String(text)) => parse_text(text, None, limits),
        Some(obj @ Value::Object(_)) => parse_text(&obj.to_string(), Some(Format::Json), limits),
        Some(_) => Err(ApiError::bad(
            "`puzzle` must be text in a format we read or a JSON puzzle object",
        )),
        None => Err(ApiError::bad("no `puzzle` in the request")),
    }
}

/// A puzzle as the JSON format writes it (so the answer is input to every command).
fn puzzle_json(p: &Puzzle) -> Value {
    serde_json::from_str(&format::json::write(p)).unwrap_or(Value::Null)
}

/// Rows of a grid, 0 for empty.
fn rows(g: &Grid) -> Value {
    json!(g.rows())
}

/// Runs `work` on a blocking thread with the request's stop; a panic becomes a 500.
async fn blocking<T: Send + 'static>(
    limits: &Limits,
    work: impl FnOnce(Stop) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let stop = Stop::after(limits.time);
    match tokio::task::spawn_blocking(move || work(stop)).await {
        Ok(r) => r,
        Err(_) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: the work failed (the server goes on)",
        )),
    }
}

/// The four outcomes as JSON: the library's record with `status`, `message`, and what goes
/// with each.
fn outcome_json(outcome: &Outcome, n: Notation) -> Value {
    serde_json::to_value(OutcomeRecord::described(outcome, n)).unwrap_or(Value::Null)
}

/// Solves the puzzle of `p` ([`sudoku::Grid::unplayed`]: its givens, inside its marks when
/// none was placed).
fn solve_puzzle(p: &Puzzle, stop: &Stop, limits: &Limits) -> Result<Outcome, ApiError> {
    let (grid, marks) = p.grid.unplayed(p.marks.as_ref());
    solve::solve_until(&grid, marks, stop).map_err(|_| ApiError::timeout(limits))
}

/// The symbols the page shows for digits 1 to n: the puzzle's own alphabet (hex `0-F`,
/// letters `A-Y`), as every answer about it writes them.
fn symbols(p: &Puzzle) -> Value {
    let notation = Notation::new(p.shape(), p.alphabet);
    json!((1..=p.shape().side())
        .map(|d| notation.digit(sudoku::Digit::new(d)))
        .collect::<Vec<_>>())
}

/// `POST /api/parse` `{"text", "format"?, "alphabet"?}`: the first puzzle, the format it was
/// read in and the symbols to show it in.
pub async fn parse(State(limits): Shared, Body(body): Body) -> Answer {
    let req = object(&body)?;
    let text = string(&req, "text")?
        .ok_or_else(|| ApiError::bad("no `text` in the request"))?
        .to_string();
    let forced = match string(&req, "format")? {
        None => None,
        Some(name) => Some(
            Format::from_name(name)
                .ok_or_else(|| ApiError::bad(format!("no format called `{name}`")))?,
        ),
    };
    let alphabet = match string(&req, "alphabet")? {
        None => None,
        Some(name) => Some(
            Alphabet::from_name(name)
                .ok_or_else(|| ApiError::bad(format!("no alphabet called `{name}`")))?,
        ),
    };
    let detected = forced.or_else(|| format::detect(&text));
    let opts = format::ReadOptions {
        format: forced,
        alphabet,
        ..Default::default()
    };
    let puzzle = parse_with(&text, opts, &limits)?;
    Ok(axum::Json(json!({
        "format": detected.map(Format::name),
        "puzzle": puzzle_json(&puzzle),
        "symbols": symbols(&puzzle),
        "line": puzzle.line,
    })))
}

/// `GET /api/formats`: the formats we write, for the page's export menu.
pub async fn formats() -> axum::Json<Value> {
    axum::Json(json!(Format::ALL
        .iter()
        .map(|f| json!({ "name": f.name(), "description": f.description() }))
        .collect::<Vec<_>>()))
}

/// `POST /api/solve` `{"puzzle"}`: the outcome, with the solution when unique; `export`
/// names a format to write the puzzle in as well (422 with the `outcome` when the format
/// can't hold the puzzle).
pub async fn solve(State(limits): Shared, Body(body): Body) -> Answer {
    let req = object(&body)?;
    let puzzle = puzzle_field(&req, &limits)?;
    let export = match string(&req, "export")? {
        None => None,
        Some(name) => Some(
            Format::from_name(name)
                .ok_or_else(|| ApiError::bad(format!("no format called `{name}`")))?,
        ),
    };
    let l = limits.clone();
    blocking(&limits, move |stop| {
        let outcome = solve_puzzle(&puzzle, &stop, &l)?;
        let mut out = outcome_json(&outcome, puzzle.notation());
        if let Some(f) = export {
            // The outcome goes with the refusal (as `outcome` of every 422 on a puzzle):
            // the puzzle was solved, only the export failed.
            out["text"] = match format::write(&puzzle, f) {
                Ok(t) => json!(t),
                Err(e) => return Err(ApiError::unprocessable(e.to_string()).with("outcome", out)),
            };
        }
        Ok(axum::Json(out))
    })
    .await
}

/// `POST /api/convert` `{"puzzle", "format"}`: the puzzle (its placed digits and pencil
/// marks too, where the format holds them) written in `format`.
pub async fn convert(State(limits): Shared, Body(body): Body) -> Answer {
    let req = object(&body)?;
    let puzzle = puzzle_field(&req, &limits)?;
    let name =
        string(&req, "format")?.ok_or_else(|| ApiError::bad("no `format` in the request"))?;
    let f = Format::from_name(name)
        .ok_or_else(|| ApiError::bad(format!("no format called `{name}`")))?;
    let text = format::write(&puzzle, f).map_err(|e| ApiError::unprocessable(e.to_string()))?;
    Ok(axum::Json(json!({ "format": f.name(), "text": text })))
}

/// The givens' ratings as `rate --json` writes them: `status` (`unique`) beside the
/// library's `RatingRecord` (SE's ER/EP/ED, HoDoKu's level and score), one body for both
/// faces (`verdict::Unique`); 422 when the puzzle has no single solution.
fn rating_json(givens: &Grid, stop: &Stop, limits: &Limits) -> Result<Value, ApiError> {
    let position = Position::new(givens, None);
    let rating = Rater::new()
        .rate_position(&position, Scales::Both, stop)
        .map_err(|p| problem_error(p, limits, "only a puzzle with one solution is rated"))?;
    let record = rating.record();
    if record.timed_out {
        return Err(ApiError::timeout(limits));
    }
    serde_json::to_value(crate::cmd::verdict::Unique::new(record))
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
}

/// A [`Problem`] as an answer: 503 for a time-out, else 422 with `why` and the outcome.
fn problem_error(p: Problem, limits: &Limits, why: &str) -> ApiError {
    if p.is_timeout() {
        return ApiError::timeout(limits);
    }
    ApiError::unprocessable(why).with(
        "outcome",
        json!({ "status": p.status, "message": p.message }),
    )
}

/// What `hint` and `explain` read: the puzzle, the order and the faces' solver for it.
fn logic_request(body: &Bytes, limits: &Limits) -> Result<(Puzzle, Order, LogicSolver), ApiError> {
    let req = object(body)?;
    let puzzle = puzzle_field(&req, limits)?;
    let order = order_field(&req)?;
    let solver = face_solver(order)?.with_threads(limits.threads);
    Ok((puzzle, order, solver))
}

/// The position of `p` and its mistakes against the unique solution of its givens, within
/// the request's time; `why` says what needs one solution when there is not.
fn checked_position(
    p: &Puzzle,
    stop: &Stop,
    limits: &Limits,
    why: &str,
) -> Result<(Position, Vec<Mistake>), ApiError> {
    let position = Position::from_puzzle(p);
    let solution = position
        .solution_until(stop)
        .map_err(|problem| problem_error(problem, limits, why))?;
    let mistakes = position.mistakes(&solution);
    Ok((position, mistakes))
}

/// A step as the page reads it: the library's full record with its drawing on `board`, its
/// text in notation `n` (the puzzle's symbols).
fn step_json(n: Notation, board: &Board, step: &Step) -> Value {
    serde_json::to_value(StepRecord::drawn_in(n, board, step)).unwrap_or(Value::Null)
}

/// `POST /api/rate` `{"puzzle"}`: SE's ER/EP/ED and HoDoKu's level and score of the givens.
pub async fn rate(State(limits): Shared, Body(body): Body) -> Answer {
    let req = object(&body)?;
    let puzzle = puzzle_field(&req, &limits)?;
    let l = limits.clone();
    blocking(&limits, move |stop| {
        Ok(axum::Json(rating_json(&puzzle.grid.givens(), &stop, &l)?))
    })
    .await
}

/// The order of the `order` field: `hodoku` (default) or `explainer`.
fn order_field(req: &Map<String, Value>) -> Result<Order, ApiError> {
    match string(req, "order")? {
        None => Ok(Order::Hodoku),
        Some(s) => Order::parse(s).map_err(|e| ApiError::bad(format!("`order`: {e}"))),
    }
}

/// The solver of the faces (the order's techniques and the CLI's extras), with brute force
/// as the last, labelled resort.
fn face_solver(order: Order) -> Result<LogicSolver, ApiError> {
    LogicSolver::for_faces(order, None, true)
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e))
}

/// `POST /api/hint` `{"puzzle", "order"?}`: the next step at every grade, from the technique's
/// name (`vague`) to where to look (`concrete`) to the step itself (`step`, with what to
/// draw). Wrong digits and pencil marks that exclude the solution come first, as `mistakes`.
pub async fn hint(State(limits): Shared, Body(body): Body) -> Answer {
    let (puzzle, _, solver) = logic_request(&body, &limits)?;
    let l = limits.clone();
    blocking(&limits, move |stop| {
        let hint = Position::from_puzzle(&puzzle)
            .graded_hint_until(&solver, &stop)
            .map_err(|p| problem_error(p, &l, "hints need a puzzle with one solution"))?;
        let answer = serde_json::to_value(hint)
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        Ok(axum::Json(answer))
    })
    .await
}

/// `POST /api/explain` `{"puzzle", "order"?}`: the whole path from the position, each step
/// with its text and drawing, and the position before it.
pub async fn explain(State(limits): Shared, Body(body): Body) -> Answer {
    let (puzzle, order, solver) = logic_request(&body, &limits)?;
    let l = limits.clone();
    blocking(&limits, move |stop| {
        let shape = puzzle.shape();
        let (position, mistakes) = checked_position(
            &puzzle,
            &stop,
            &l,
            "only a puzzle with one solution is explained",
        )?;
        if !mistakes.is_empty() {
            let records: Vec<_> = mistakes.iter().map(|m| m.record(shape)).collect();
            return Err(ApiError::unprocessable(mistake_text(
                &position,
                &mistakes,
                HintLevel::Full,
            ))
            .with("mistakes", json!(records)));
        }
        let n = position.notation();
        let mut board = position.into_board();
        let path = solver.solve_board_until(board.clone(), stop.deadline());
        if path.timed_out {
            return Err(ApiError::timeout(&l));
        }
        let mut out = Vec::with_capacity(path.steps.len());
        for step in &path.steps {
            let mut s = step_json(n, &board, step);
            s["grid"] = rows(board.grid());
            out.push(s);
            sudoku::logic::apply(&mut board, step);
        }
        Ok(axum::Json(json!({
            "order": order.name(),
            "summary": path.summary(n, true),
            "score": path.hodoku_score(),
            "solved": board.is_solved(),
            "steps": out,
        })))
    })
    .await
}

/// `POST /api/generate` `{"size"?, "box"?, "symmetry"?, "level"?, "se"?, "seed"?}`: a new
/// puzzle with one solution, its seed and (9x9, or made to a level or SE range) its rating.
pub async fn generate(State(limits): Shared, Body(body): Body) -> Answer {
    let req = object(&body)?;
    let shape = match (req.get("box"), unsigned(&req, "size")?) {
        (Some(Value::Array(b)), size) if b.len() == 2 => {
            let side = |v: &Value| v.as_u64().and_then(|x| usize::try_from(x).ok());
            let shape = match (side(&b[0]), side(&b[1])) {
                (Some(r), Some(c)) => Shape::new(r, c).map_err(|e| ApiError::bad(e.to_string()))?,
                _ => return Err(ApiError::bad("`box` is [rows, cols]")),
            };
            // As `generate --box 3x2 --size 9` is refused: neither is taken quietly.
            match size {
                Some(n) if n != shape.side() as u64 => {
                    return Err(ApiError::bad(format!(
                        "`box` [{}, {}] makes a {m}x{m} grid, not `size` {n}",
                        shape.box_rows(),
                        shape.box_cols(),
                        m = shape.side()
                    )))
                }
                _ => shape,
            }
        }
        (Some(_), _) => return Err(ApiError::bad("`box` is [rows, cols]")),
        (None, Some(n)) => Shape::from_side(usize::try_from(n).unwrap_or(usize::MAX))
            .map_err(|e| ApiError::bad(e.to_string()))?,
        (None, None) => Shape::NINE,
    };
    if shape.side() > limits.max_side {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("this server makes grids up to {m}x{m}", m = limits.max_side),
        ));
    }
    let symmetry = match string(&req, "symmetry")? {
        None => Symmetry::None,
        Some(s) => s
            .parse::<Symmetry>()
            .map_err(|e| ApiError::bad(format!("symmetry: {e}")))?,
    };
    let level = match string(&req, "level")? {
        None | Some("") => None,
        Some(s) => Some(
            Level::from_name(s)
                .ok_or_else(|| ApiError::bad(format!("no HoDoKu level called `{s}`")))?,
        ),
    };
    let se = match req.get("se") {
        None | Some(Value::Null) => None,
        Some(Value::Array(r)) if r.len() == 2 => match (r[0].as_f64(), r[1].as_f64()) {
            (Some(lo), Some(hi))
                if (f64::from(SE_SCALE.0)..=f64::from(SE_SCALE.1)).contains(&hi)
                    && (0.0..=hi).contains(&lo) =>
            {
                Some((lo as f32, hi as f32))
            }
            _ => {
                return Err(ApiError::bad(format!(
                    "`se` is [low, high], low at most high, high between {} and {}",
                    SE_SCALE.0, SE_SCALE.1
                )))
            }
        },
        Some(_) => return Err(ApiError::bad("`se` is [low, high]")),
    };
    // Below 2^53, as docs/api.md says: the page and every JavaScript client hold a seed as
    // a double, so a bigger one comes back from a share link as another seed.
    let seed = match unsigned(&req, "seed")? {
        Some(s) if s >= 1 << 53 => {
            return Err(ApiError::bad(
                "`seed` must be below 2^53 (9007199254740992): a JavaScript number holds no \
                 more exactly",
            ))
        }
        Some(s) => s,
        None => sudoku::generate::random_seed(),
    };
    let target = Target {
        level,
        se,
        require: Vec::new(),
    };
    // A 9x9 puzzle comes with its rating, and so does one made to a target.
    let rated = shape == Shape::NINE || !target.is_empty();
    let gen = Generator::new(shape)
        .symmetry(symmetry)
        .seed(seed)
        .difficulty(target);
    gen.check().map_err(|e| match e {
        e @ (GenerateError::TargetTooBig { .. } | GenerateError::TargetUnreachable { .. }) => {
            ApiError::unprocessable(e.to_string())
        }
        e => ApiError::bad(e.to_string()),
    })?;
    let l = limits.clone();
    blocking(&limits, move |stop| {
        let made = gen.generate_until(0, &stop).map_err(|e| match e {
            GenerateError::Stopped { .. } => ApiError::timeout(&l),
            other => ApiError::unprocessable(other.to_string()),
        })?;
        let mut out = json!({
            "puzzle": puzzle_json(&Puzzle::new(made.puzzle.clone())),
            "solution": rows(&made.solution),
            "seed": seed,
            "givens": made.puzzle.given_count(),
            "symmetries": made.symmetries.iter().map(|s| s.name()).collect::<Vec<_>>(),
        });
        if rated {
            out["rating"] = rating_json(&made.puzzle, &stop, &l)?;
        }
        Ok(axum::Json(out))
    })
    .await
}

/// Anything else: 404 as JSON under `/api/`, plain text elsewhere.
pub async fn not_found(uri: axum::http::Uri) -> Response {
    if uri.path().starts_with("/api/") {
        ApiError::new(StatusCode::NOT_FOUND, format!("no endpoint {}", uri.path())).into_response()
    } else {
        (StatusCode::NOT_FOUND, "not found\n").into_response()
    }
}
