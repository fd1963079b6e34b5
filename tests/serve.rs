//! `sudoku serve` through the real binary on a free port: the API's answers, its limits, and
//! that no body makes it fall over. A tiny HTTP/1.1 client over `TcpStream` is enough here.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use sudoku::format::parse_str;

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A server started on port 0, stopped (SIGTERM, then kill) when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start sudoku serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .expect("read the URL");
        let addr = line
            .trim()
            .strip_prefix("http://")
            .and_then(|s| s.strip_suffix('/'))
            .unwrap_or_else(|| panic!("first line is not a URL: {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// Sends one request; the status and the body.
    fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        let head = format!("Host: {}\r\nContent-Length: {}\r\n", self.addr, body.len());
        self.request_with(method, path, &head, body)
    }

    /// Sends one request with the header lines `head` (each ending in CRLF) besides the
    /// content type; the status and the body.
    fn request_with(&self, method: &str, path: &str, head: &str, body: &[u8]) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let head = format!(
            "{method} {path} HTTP/1.1\r\n{head}Content-Type: application/json\r\n\
             Connection: close\r\n\r\n"
        );
        s.write_all(head.as_bytes()).unwrap();
        // The server may answer (413) before reading the whole body and close.
        let _ = s.write_all(body);
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        let text = String::from_utf8_lossy(&raw).to_string();
        let status = text
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("no status line in {text:?}"));
        let body = text
            .split_once("\r\n\r\n")
            .map_or("", |(_, b)| b)
            .to_string();
        (status, body)
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, text) = self.request("POST", path, body.to_string().as_bytes());
        let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        (status, v)
    }

    fn stop(mut self) -> std::process::ExitStatus {
        terminate(&self.child);
        let status = wait(&mut self.child);
        std::mem::forget(self);
        status
    }
}

fn terminate(child: &Child) {
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
}

fn wait(child: &mut Child) -> std::process::ExitStatus {
    for _ in 0..100 {
        if let Some(s) = child.try_wait().unwrap() {
            return s;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    panic!("the server did not stop within 5 s of SIGTERM");
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A grid from the API's rows.
fn grid_of(rows: &Value) -> sudoku::Grid {
    let rows = rows.as_array().expect("rows");
    let n = rows.len();
    let values: Vec<usize> = rows
        .iter()
        .flat_map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap() as usize)
        })
        .collect();
    sudoku::Grid::from_values(sudoku::Shape::from_side(n).unwrap(), &values).unwrap()
}

#[test]
fn prints_its_url_first_and_stops_cleanly_on_sigterm() {
    let server = Server::start(&[]);
    assert!(server.addr.starts_with("127.0.0.1:"), "{}", server.addr);
    let (status, page) = server.request("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<html"), "{page}");
    let (status, js) = server.request("GET", "/app.js", b"");
    assert_eq!(status, 200);
    assert!(!js.is_empty());
    assert_eq!(server.request("GET", "/nothing.here", b"").0, 404);
    let status = server.stop();
    assert!(status.success(), "{status:?}");
}

#[test]
fn solve_answers_the_four_outcomes() {
    let server = Server::start(&[]);
    let (status, v) = server.post("/api/solve", &json!({ "puzzle": CLASSIC }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["status"], "unique");
    let puzzle = parse_str(CLASSIC, None).unwrap().grid;
    let solution = grid_of(&v["solution"]);
    assert!(solution.is_solution());
    assert!(sudoku::Cell::all(puzzle.shape())
        .all(|c| puzzle.get(c).is_none() || puzzle.get(c) == solution.get(c)));

    let multiple = format!("{}{}", &CLASSIC[..80], ".");
    let multiple = multiple.replacen('5', ".", 1).replacen('3', ".", 1);
    let (_, v) = server.post("/api/solve", &json!({ "puzzle": multiple }));
    assert_eq!(v["status"], "multiple", "{v}");
    assert_eq!(v["solutions"].as_array().unwrap().len(), 2);

    let invalid = format!("55{}", &CLASSIC[2..]);
    let (status, v) = server.post("/api/solve", &json!({ "puzzle": invalid }));
    assert_eq!(status, 200);
    assert_eq!(v["status"], "invalid", "{v}");
    assert!(v["conflicts"][0]["cells"]
        .as_array()
        .unwrap()
        .contains(&json!([1, 1])));

    // No two givens clash, but r1c9 has no digit left.
    let none = format!("12345678.........9{}", ".".repeat(63));
    let (_, v) = server.post("/api/solve", &json!({ "puzzle": none }));
    assert_eq!(v["status"], "none", "{v}");
}

#[test]
fn an_export_the_format_cannot_hold_says_the_outcome_too() {
    // The 422 was `{"error"}` alone: the outcome, found before the export failed, was lost.
    let server = Server::start(&[]);
    let empty16 = ".".repeat(256);
    let (status, v) = server.post(
        "/api/solve",
        &json!({ "puzzle": empty16, "export": "opensudoku" }),
    );
    assert_eq!(status, 422, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("grids other than 9x9"),
        "{v}"
    );
    assert_eq!(v["outcome"]["status"], "multiple", "{v}");
    assert_eq!(v["outcome"]["message"], "multiple solutions", "{v}");
    assert!(v.get("text").is_none(), "{v}");
    let clash = format!("11{}", ".".repeat(14));
    let (status, v) = server.post(
        "/api/solve",
        &json!({ "puzzle": clash, "export": "opensudoku" }),
    );
    assert_eq!(status, 422, "{v}");
    assert!(v["error"].as_str().unwrap().contains("9x9"), "{v}");
    assert_eq!(v["outcome"]["status"], "invalid", "{v}");
    assert!(
        v["outcome"]["message"]
            .as_str()
            .unwrap()
            .starts_with("invalid givens"),
        "{v}"
    );
    // An export that works is unchanged.
    let (status, v) = server.post("/api/solve", &json!({ "puzzle": CLASSIC, "export": "sdk" }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["status"], "unique");
    assert!(
        v["text"].as_str().unwrap().starts_with(&CLASSIC[..9]),
        "{v}"
    );
}

#[test]
fn any_format_and_json_objects_are_read_and_shapes_survive() {
    let server = Server::start(&[]);
    let sdk = "#Aauthor\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    let (status, v) = server.post("/api/parse", &json!({ "text": sdk }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["format"], "sdk");
    assert_eq!(v["puzzle"]["size"], 9);
    // The answer is input again: a 6x6 in 3x2 boxes keeps its boxes through parse and solve.
    let six = json!({"size":6,"box":[3,2],"grid":[[1,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0]]});
    let (status, v) = server.post("/api/parse", &json!({ "text": six.to_string() }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["puzzle"]["box"], json!([3, 2]));
    let (status, v) = server.post("/api/solve", &json!({ "puzzle": v["puzzle"] }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["status"], "multiple");
    let a = grid_of(&v["solutions"][0]);
    assert_eq!(a.shape().side(), 6);
}

/// A puzzle read in hex or letters comes back with its symbols and its alphabet, which the
/// page shows and sends back; a line with no `0` is read in hex when the request says so.
#[test]
fn parse_answers_the_symbols_a_puzzle_was_read_in() {
    let server = Server::start(&[]);
    let sixteen = std::fs::read_to_string("testdata/large/rkkautsar-sudoku-16-1.txt")
        .expect("the 16x16 sample");
    let puzzle = sudoku::format::parse_str(&sixteen, None).expect("a puzzle");
    let hex = |v: usize| std::char::from_digit(v as u32 - 1, 16).map(|c| c.to_ascii_uppercase());
    let line: String = puzzle
        .grid
        .values()
        .iter()
        .map(|&v| {
            if v == 0 {
                '.'
            } else {
                hex(v as usize).expect("a hex digit")
            }
        })
        .collect();
    let (status, v) = server.post("/api/parse", &json!({ "text": line }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["puzzle"]["alphabet"], "hex");
    let want: Vec<String> = (1..=16)
        .map(|d| hex(d).expect("a hex digit").to_string())
        .collect();
    assert_eq!(v["symbols"], json!(want));
    assert_eq!(grid_of(&v["puzzle"]["grid"]).values(), puzzle.grid.values());
    // Without its 0s the line reads in standard symbols, unless the request names hex.
    let no_zero: String = line
        .chars()
        .map(|c| if c == '0' { '.' } else { c })
        .collect();
    let (_, standard) = server.post("/api/parse", &json!({ "text": no_zero }));
    assert_eq!(standard["symbols"][0], "1");
    let (status, v) = server.post("/api/parse", &json!({ "text": no_zero, "alphabet": "hex" }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["symbols"][0], "0");
    // The same symbols, each one digit higher in hex (its 0 is digit 1).
    let (h, st) = (
        grid_of(&v["puzzle"]["grid"]),
        grid_of(&standard["puzzle"]["grid"]),
    );
    for (&x, &y) in h.values().iter().zip(st.values()) {
        assert_eq!(x, if y == 0 { 0 } else { y + 1 });
    }
    let (status, _) = server.post("/api/parse", &json!({ "text": line, "alphabet": "runes" }));
    assert_eq!(status, 400);
}

#[test]
fn bad_input_gets_a_clear_4xx_with_line_and_column() {
    let server = Server::start(&[]);
    let (status, v) = server.post("/api/parse", &json!({ "text": "1 2 3\n4 5 x\n" }));
    assert_eq!(status, 422, "{v}");
    assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()));
    assert!(v["line"].as_u64().is_some_and(|l| l >= 1), "{v}");

    let (status, body) = server.request("POST", "/api/solve", b"{\"puzzle\": ");
    assert_eq!(status, 400, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["line"], 1);
    for bad in [json!([1, 2]), json!({}), json!({ "puzzle": 5 })] {
        for path in [
            "/api/solve",
            "/api/hint",
            "/api/explain",
            "/api/rate",
            "/api/convert",
        ] {
            let (status, v) = server.post(path, &bad);
            assert_eq!(status, 400, "{path} {bad}: {v}");
            assert!(v["error"].is_string());
        }
    }
    for path in ["/api/hint", "/api/explain"] {
        let (status, v) = server.post(path, &json!({ "puzzle": CLASSIC, "order": "sideways" }));
        assert_eq!(status, 400, "{path}: {v}");
    }
    let (status, v) = server.post(
        "/api/convert",
        &json!({ "puzzle": CLASSIC, "format": "nope" }),
    );
    assert_eq!(status, 400, "{v}");
    for bad in [
        json!({ "size": 7 }),
        json!({ "box": [3] }),
        // A box and a size that disagree, as `generate --box 3x2 --size 9` is refused.
        json!({ "size": 9, "box": [3, 2] }),
        json!({ "symmetry": "wobbly" }),
        json!({ "level": "impossible" }),
        json!({ "se": [9, 2] }),
        json!({ "seed": -1 }),
        // docs/api.md: below 2^53, which the page's numbers hold exactly.
        json!({ "seed": 1u64 << 53 }),
        json!({ "seed": u64::MAX }),
    ] {
        let (status, v) = server.post("/api/generate", &bad);
        assert_eq!(status, 400, "{bad}: {v}");
    }
    let (status, v) = server.post("/api/generate", &json!({ "size": 25, "level": "hard" }));
    assert_eq!(status, 422, "{v}");
    assert!(
        v["error"]
            .as_str()
            .is_some_and(|e| e.contains("up to 16x16")),
        "{v}"
    );
    // A level no 4x4 puzzle has: said at once, not searched for.
    let (status, v) = server.post("/api/generate", &json!({ "size": 4, "level": "medium" }));
    assert_eq!(status, 422, "{v}");
    assert!(
        v["error"]
            .as_str()
            .is_some_and(|e| e.contains("yields to singles")),
        "{v}"
    );
    let (status, v) = server.post("/api/nothing", &json!({}));
    assert_eq!(status, 404, "{v}");
}

#[test]
fn oversized_bodies_and_grids_are_refused_and_the_server_stays_up() {
    let server = Server::start(&[]);
    let big = format!("{{\"text\":\"{}\"}}", "1".repeat(1 << 20));
    let (status, _) = server.request("POST", "/api/parse", big.as_bytes());
    assert_eq!(status, 413);
    let n36 = format!(
        "{{\"size\":36,\"box\":[6,6],\"grid\":{}}}",
        json!(vec![vec![0; 36]; 36])
    );
    let (status, v) = server.post("/api/solve", &json!({ "puzzle": n36 }));
    assert_eq!(status, 413, "{v}");
    let (status, _) = server.post("/api/generate", &json!({ "size": 36 }));
    assert_eq!(status, 413);
    let (status, _) = server.post("/api/solve", &json!({ "puzzle": CLASSIC }));
    assert_eq!(status, 200);
}

#[test]
fn the_time_limit_answers_503_and_the_server_goes_on() {
    let server = Server::start(&["--max-time", "0.001"]);
    // A 25x25 puzzle takes far longer than a millisecond to make.
    let (status, v) = server.post("/api/generate", &json!({ "size": 25, "seed": 1 }));
    assert_eq!(status, 503, "{v}");
    assert!(v["error"].as_str().unwrap().contains("time limit"), "{v}");
    let (status, _) = server.request("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(server.stop().success());
}

#[test]
fn generate_is_reproducible_unique_and_rated() {
    let server = Server::start(&[]);
    let ask = json!({ "level": "medium", "symmetry": "rot180", "seed": 42 });
    let (status, a) = server.post("/api/generate", &ask);
    assert_eq!(status, 200, "{a}");
    let (_, b) = server.post("/api/generate", &ask);
    assert_eq!(a["puzzle"], b["puzzle"]);
    assert_eq!(a["rating"]["level"], "Medium", "{a}");
    let (status, solved) = server.post("/api/solve", &json!({ "puzzle": a["puzzle"] }));
    assert_eq!(status, 200);
    assert_eq!(solved["status"], "unique");
    assert_eq!(solved["solution"], a["solution"]);
    let (status, rated) = server.post("/api/rate", &json!({ "puzzle": a["puzzle"] }));
    assert_eq!(status, 200, "{rated}");
    assert_eq!(rated, a["rating"]);
    for key in ["er", "ep", "ed", "level", "score", "solved"] {
        assert!(!rated[key].is_null(), "{key} in {rated}");
    }
    let multiple = json!({ "puzzle": ".".repeat(81) });
    for path in ["/api/rate", "/api/hint", "/api/explain"] {
        let (status, v) = server.post(path, &multiple);
        assert_eq!(status, 422, "{path}: {v}");
        assert_eq!(v["outcome"]["status"], "multiple", "{path}: {v}");
    }

    let (status, six) = server.post("/api/generate", &json!({ "box": [2, 3], "seed": 3 }));
    assert_eq!(status, 200, "{six}");
    assert_eq!(six["puzzle"]["box"], json!([2, 3]));

    // A level on another size: made to it, and rated to show it.
    let ask = json!({ "size": 16, "level": "hard", "seed": 1 });
    let (status, hard) = server.post("/api/generate", &ask);
    assert_eq!(status, 200, "{hard}");
    assert_eq!(hard["rating"]["level"], "Hard", "{hard}");
    let (status, rated) = server.post("/api/rate", &json!({ "puzzle": hard["puzzle"] }));
    assert_eq!(status, 200, "{rated}");
    assert_eq!(rated, hard["rating"]);
}

#[test]
fn hints_and_the_explained_path_agree_with_the_solution() {
    let server = Server::start(&[]);
    let (_, solved) = server.post("/api/solve", &json!({ "puzzle": CLASSIC }));
    let solution = grid_of(&solved["solution"]);
    let shape = solution.shape();
    let (status, h) = server.post("/api/hint", &json!({ "puzzle": CLASSIC }));
    assert_eq!(status, 200, "{h}");
    assert!(h["vague"].as_str().is_some_and(|s| !s.is_empty()));
    assert!(h["concrete"].as_str().is_some_and(|s| !s.is_empty()));
    let step = &h["step"];
    assert_eq!(h["kind"], "step");
    assert!(step["text"].as_str().is_some_and(|s| !s.is_empty()));
    assert!(step["explanation"].as_str().is_some_and(|s| !s.is_empty()));
    for p in step["placements"].as_array().unwrap() {
        let cell = sudoku::Cell::at(
            shape,
            sudoku::Row::new(p[0].as_u64().unwrap() as usize - 1),
            sudoku::Col::new(p[1].as_u64().unwrap() as usize - 1),
        );
        assert_eq!(solution.value(cell), p[2].as_u64().unwrap() as usize);
    }

    // A wrong digit comes back as a mistake before any step.
    let wrong_digit = (1..=9)
        .find(|&d| d != solution.value(sudoku::Cell::new(2)))
        .unwrap();
    let givens = parse_str(CLASSIC, None).unwrap().grid.rows();
    let mut played = givens.clone();
    played[0][2] = wrong_digit;
    let with_mistake = json!({"size": 9, "box": [3, 3], "grid": played, "givens": givens});
    let (status, h) = server.post("/api/hint", &json!({ "puzzle": with_mistake }));
    assert_eq!(status, 200, "{h}");
    assert_eq!(h["kind"], "mistake", "{h}");
    assert_eq!(h["mistakes"][0]["cell"], json!([1, 3]), "{h}");
    assert_eq!(h["mistakes"][0]["kind"], "wrong digit");
    // The path from a wrong position is refused, naming the mistake.
    let (status, e) = server.post("/api/explain", &json!({ "puzzle": with_mistake }));
    assert_eq!(status, 422, "{e}");
    assert_eq!(e["mistakes"][0]["cell"], json!([1, 3]), "{e}");

    for order in ["hodoku", "explainer"] {
        let (status, e) = server.post(
            "/api/explain",
            &json!({ "puzzle": CLASSIC, "order": order }),
        );
        assert_eq!(status, 200, "{e}");
        assert_eq!(e["solved"], true);
        let steps = e["steps"].as_array().unwrap();
        assert!(!steps.is_empty());
        // Every step's grid is the one before it: the first is the puzzle.
        assert_eq!(
            steps[0]["grid"],
            json!(parse_str(CLASSIC, None).unwrap().grid.rows())
        );
        let placed: usize = steps
            .iter()
            .map(|s| s["placements"].as_array().unwrap().len())
            .sum();
        assert_eq!(
            placed,
            81 - parse_str(CLASSIC, None).unwrap().grid.given_count()
        );
    }
}

#[test]
fn a_hard_step_comes_with_what_to_draw() {
    // A puzzle whose path needs more than singles (an X-Wing or harder; from testdata).
    let text = std::fs::read_to_string("testdata/serve/hard.txt").expect("testdata/serve/hard.txt");
    let puzzle = text.lines().next().unwrap();
    let server = Server::start(&[]);
    let (status, e) = server.post("/api/explain", &json!({ "puzzle": puzzle }));
    assert_eq!(status, 200, "{e}");
    let steps = e["steps"].as_array().unwrap();
    let drawn = steps.iter().find(|s| {
        let d = &s["draw"];
        !d["houses"].as_array().unwrap().is_empty()
            && !d["candidates"].as_array().unwrap().is_empty()
    });
    let drawn = drawn.unwrap_or_else(|| panic!("no step with houses and candidates drawn"));
    assert!(
        !drawn["eliminations"].as_array().unwrap().is_empty(),
        "{drawn}"
    );
    let linked = steps
        .iter()
        .any(|s| !s["draw"]["links"].as_array().unwrap().is_empty());
    assert!(linked, "no step with links among {} steps", steps.len());
}

#[test]
fn garbage_bodies_never_take_the_server_down() {
    let server = Server::start(&[]);
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let pieces: [&[u8]; 10] = [
        b"{",
        b"}",
        b"\"puzzle\":",
        b"\"text\":",
        b"[",
        b"]",
        b"\"1.2.3\"",
        b",",
        b"null",
        b"\xff\xfe",
    ];
    for i in 0..200 {
        let body: Vec<u8> = (0..next() % 12)
            .flat_map(|_| pieces[(next() % 10) as usize].to_vec())
            .collect();
        let path = ["/api/parse", "/api/solve", "/api/hint", "/api/generate"][i % 4];
        let (status, text) = server.request("POST", path, &body);
        assert!(
            (200..500).contains(&status),
            "{path} {body:?}: {status} {text}"
        );
    }
    assert_eq!(
        server.post("/api/solve", &json!({ "puzzle": CLASSIC })).0,
        200
    );
}

#[test]
fn a_fish_comes_with_its_base_and_cover_sets() {
    let text = std::fs::read_to_string("testdata/serve/fish.txt").expect("testdata/serve/fish.txt");
    let server = Server::start(&[]);
    let (status, e) = server.post("/api/explain", &json!({ "puzzle": text.trim() }));
    assert_eq!(status, 200, "{e}");
    let steps = e["steps"].as_array().unwrap();
    let fish = steps
        .iter()
        .find(|s| s["technique"] == "X-Wing")
        .unwrap_or_else(|| panic!("no X-Wing on the path"));
    let roles = |role: &str| {
        fish["draw"]["houses"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["role"] == role)
            .count()
    };
    assert_eq!((roles("base"), roles("cover")), (2, 2), "{fish}");
    let corners = fish["draw"]["candidates"].as_array().unwrap();
    assert_eq!(corners.len(), 4, "{fish}");
    assert!(corners.iter().all(|c| c[3] == "pattern"));
}

#[test]
fn rate_answers_what_rate_json_writes_status_included() {
    // `/api/rate` had no `status` where `rate --json` has `status: unique`: the API's answer
    // is the CLI's record less the puzzle's own fields.
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["rate", "--json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .unwrap()
                .write_all(format!("{CLASSIC}\n").as_bytes())?;
            child.wait_with_output()
        })
        .expect("run sudoku rate --json");
    let mut cli: Value = serde_json::from_slice(&out.stdout).expect("a JSON record");
    for key in ["source", "line", "puzzle", "size", "box"] {
        cli.as_object_mut().unwrap().remove(key);
    }
    assert_eq!(cli["status"], "unique", "{cli}");
    let server = Server::start(&[]);
    let (status, api) = server.post("/api/rate", &json!({ "puzzle": CLASSIC }));
    assert_eq!(status, 200, "{api}");
    assert_eq!(api, cli);
}

#[test]
fn every_api_error_is_json_the_body_limit_and_wrong_methods_too() {
    // A body past the limit was answered in plain text ("Failed to buffer the request
    // body"), and a wrong method with an empty 405: docs/api.md promises `{"error": …}`.
    let server = Server::start(&[]);
    let big = format!("{{\"text\":\"{}\"}}", "1".repeat(1 << 20));
    for path in ["/api/parse", "/api/solve", "/api/generate"] {
        let (status, body) = server.request("POST", path, big.as_bytes());
        assert_eq!(status, 413, "{path}: {body}");
        let v: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
        assert!(
            v["error"].as_str().is_some_and(|e| e.contains("256 KiB")),
            "{path}: {v}"
        );
    }
    for (method, path, takes) in [
        ("GET", "/api/solve", "POST"),
        ("PUT", "/api/rate", "POST"),
        ("POST", "/api/formats", "GET"),
    ] {
        let (status, body) = server.request(method, path, b"{}");
        assert_eq!(status, 405, "{method} {path}: {body}");
        let v: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
        assert!(
            v["error"].as_str().is_some_and(|e| e.contains(takes)),
            "{method} {path}: {v}"
        );
    }
    // The page's files take GET, and say so.
    let (status, body) = server.request("POST", "/", b"{}");
    assert_eq!(
        (status, body.as_str()),
        (405, "method not allowed: use GET\n")
    );
    // The rest of the API as before.
    let (status, _) = server.post("/api/solve", &json!({ "puzzle": CLASSIC }));
    assert_eq!(status, 200);
}

#[test]
fn other_sites_pages_and_other_host_names_are_refused_and_big_bodies_at_once() {
    let server = Server::start(&[]);
    let body = json!({ "puzzle": CLASSIC }).to_string();
    let len = body.len();
    let addr = server.addr.clone();
    let port = addr.rsplit(':').next().unwrap().to_string();
    for (head, want) in [
        // The page itself: its origin is the server's address.
        (format!("Host: {addr}\r\nOrigin: http://{addr}\r\n"), 200),
        (format!("Host: localhost:{port}\r\n"), 200),
        // Another site's page, and a name rebound to 127.0.0.1.
        (
            format!("Host: {addr}\r\nOrigin: http://evil.example\r\n"),
            403,
        ),
        (format!("Host: evil.example:{port}\r\n"), 403),
    ] {
        let head = format!("{head}Content-Length: {len}\r\n");
        let (status, text) = server.request_with("POST", "/api/solve", &head, body.as_bytes());
        assert_eq!(status, want, "{head}: {text}");
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(v["error"].is_string(), want == 403, "{v}");
    }
    // A body announced past the limit is answered before any of it is sent (it was
    // waited for): the answer comes with the connection still open for writing.
    let head = format!("Host: {addr}\r\nContent-Length: 99999999\r\n");
    let (status, text) = server.request_with("POST", "/api/solve", &head, b"");
    assert_eq!(status, 413, "{text}");
    assert!(text.contains("256 KiB"), "{text}");
    let (status, _) = server.post("/api/solve", &json!({ "puzzle": CLASSIC }));
    assert_eq!(status, 200);
}
