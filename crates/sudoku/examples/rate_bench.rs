//! Agreement and speed of the ratings against reference ratings.
//!
//! ```text
//! cargo run --release -p sudoku-core --example rate_bench -- se FILE [EVERY] [LIMIT] [SKIP] [JOBS]
//! cargo run --release -p sudoku-core --example rate_bench -- hodoku REF [LIMIT] [JOBS]
//! ```
//!
//! `se`: FILE holds puzzles with SE ratings, either `hash puzzle ER` lines
//! (sudoku_exchange) or the HardestDatabase CSV (`puzzle,label,poster,q1,q2,ER,EP,ED,…`;
//! rows without ER are skipped). Every EVERY-th line after SKIP is rated, at most LIMIT.
//! Prints exact ER agreement, within 0.1, mean |ΔER|, EP/ED agreement, a confusion table
//! (reference ER against our ER minus it) and puzzles per second per thread.
//!
//! `sound FILE [EVERY] [LIMIT] [SKIP]`: walks the SE path of the same sample and checks
//! every placement and elimination against the solution (a wider net than the tests').
//!
//! `hodoku`: REF is the output of `scripts/hodoku_ref.py` (`puzzle level score techs`).
//! Prints level and score agreement, a level confusion table and the speed.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;
use sudoku::logic::Level;
use sudoku::rate::{Rater, SE_FAILED};
use sudoku::Grid;

struct SeCase {
    line: usize,
    puzzle: String,
    er: f32,
    ep: Option<f32>,
    ed: Option<f32>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: usize| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    match args.get(1).map(String::as_str) {
        Some("se") => se(
            &args[2],
            arg(3, 1),
            arg(4, usize::MAX),
            arg(5, 0),
            arg(6, 1),
        ),
        Some("hodoku") => hodoku(&args[2], arg(3, usize::MAX), arg(4, 1)),
        Some("path") => path(&args[2]),
        Some("sound") => sound(&args[2], arg(3, 1), arg(4, usize::MAX), arg(5, 0)),
        _ => eprintln!(
            "usage: rate_bench se FILE [EVERY] [LIMIT] [SKIP] [JOBS] | hodoku REF [LIMIT] [JOBS]"
        ),
    }
}

fn se_rater() -> Rater {
    Rater::new()
}

fn se_solver() -> sudoku::logic::LogicSolver {
    sudoku::logic::LogicSolver::builder()
        .order(sudoku::logic::Order::Explainer)
        .techniques(Rater::se_techniques())
        .backtracking(false)
        .build()
}

/// `path PUZZLE`: the SE path, one step a line with its rating.
fn path(puzzle: &str) {
    let g = Grid::from_line(puzzle).expect("a puzzle");
    let p = se_solver().solve(&g);
    for s in &p.steps {
        if s.se_rating().unwrap_or(0.0) >= 2.6 {
            println!("{:.1} {}", s.se_rating().unwrap_or(0.0), s.text(g.shape()));
        }
    }
    println!("solved {}", p.solved);
}

/// `sound`: every step of the SE paths checked against the solutions.
fn sound(file: &str, every: usize, limit: usize, skip: usize) {
    let solver = se_solver();
    let (mut steps, mut bad) = (0usize, 0usize);
    let cases = read_se(file, every, limit, skip);
    for c in &cases {
        let g = Grid::from_line(&c.puzzle).expect("a puzzle");
        let sudoku::solve::Outcome::Unique(sol) = sudoku::solve::solve(&g) else {
            println!("line {}: not unique", c.line);
            continue;
        };
        for s in &solver.solve(&g).steps {
            steps += 1;
            let wrong = s
                .placements
                .iter()
                .any(|p| sol.get(p.cell) != Some(p.digit))
                || s.eliminations
                    .iter()
                    .any(|e| sol.get(e.cell) == Some(e.digit));
            if wrong {
                bad += 1;
                println!("line {}: {} WRONG: {}", c.line, c.puzzle, s.text(g.shape()));
            }
        }
    }
    println!("{} puzzles, {steps} steps, {bad} wrong", cases.len());
}

fn puzzle_of(field: &str) -> Option<String> {
    let f = field.trim();
    (f.len() == 81 && f.bytes().all(|b| b.is_ascii_digit() || b == b'.')).then(|| f.to_string())
}

fn read_se(file: &str, every: usize, limit: usize, skip: usize) -> Vec<SeCase> {
    let text = std::fs::read_to_string(file).expect("read the file");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().skip(skip).step_by(every.max(1)) {
        let case = if line.contains(',') {
            let f: Vec<&str> = line.split(',').collect();
            let (Some(p), Some(Ok(er))) = (
                f.first().and_then(|x| puzzle_of(x)),
                f.get(5).map(|x| x.trim().parse::<f32>()),
            ) else {
                continue;
            };
            SeCase {
                line: i + 1,
                puzzle: p,
                er,
                ep: f.get(6).and_then(|x| x.trim().parse().ok()),
                ed: f.get(7).and_then(|x| x.trim().parse().ok()),
            }
        } else {
            let f: Vec<&str> = line.split_whitespace().collect();
            let Some(p) = f.iter().find_map(|x| puzzle_of(x)) else {
                continue;
            };
            let Some(Ok(er)) = f.last().map(|x| x.parse::<f32>()) else {
                continue;
            };
            SeCase {
                line: i + 1,
                puzzle: p,
                er,
                ep: None,
                ed: None,
            }
        };
        out.push(case);
        if out.len() >= limit {
            break;
        }
    }
    out
}

/// Runs `f` over `items` on `jobs` threads, returning results in order and the summed
/// per-item seconds.
fn par_map<T: Sync, R: Send + Clone>(
    items: &[T],
    jobs: usize,
    f: impl Fn(&T) -> R + Sync,
) -> (Vec<R>, f64) {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new(vec![None; items.len()]);
    let busy = Mutex::new(0.0f64);
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= items.len() {
                    break;
                }
                let t = Instant::now();
                let r = f(&items[i]);
                *busy.lock().unwrap() += t.elapsed().as_secs_f64();
                results.lock().unwrap()[i] = Some(r);
            });
        }
    });
    let results = results
        .into_inner()
        .unwrap()
        .into_iter()
        .flatten()
        .collect();
    (results, busy.into_inner().unwrap())
}

/// The CPU time of this process so far (user + system), from `/proc/self/stat` (Linux);
/// wall-clock figures are unreliable on a shared machine.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let (u, s): (f64, f64) = (f.get(11)?.parse().ok()?, f.get(12)?.parse().ok()?);
    Some((u + s) / 100.0)
}

fn tenths(x: f32) -> i32 {
    (x * 10.0).round() as i32
}

fn se(file: &str, every: usize, limit: usize, skip: usize, jobs: usize) {
    let cases = read_se(file, every, limit, skip);
    let rater = se_rater();
    let (ours, busy) = par_map(&cases, jobs, |c| {
        let t = Instant::now();
        let r = rater.rate_se(&Grid::from_line(&c.puzzle).expect("a valid puzzle"));
        (r, t.elapsed().as_secs_f64())
    });
    let n = cases.len();
    let (mut exact, mut near, mut sum_abs, mut failed) = (0, 0, 0.0f64, 0);
    let (mut ep_n, mut ep_ok, mut ed_n, mut ed_ok) = (0, 0, 0, 0);
    // reference ER (tenths) -> delta bucket -> count
    let mut confusion: BTreeMap<i32, BTreeMap<i32, usize>> = BTreeMap::new();
    let mut by_hardest: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut slowest = (0.0, 0usize);
    for (c, (r, dt)) in cases.iter().zip(&ours) {
        if *dt > slowest.0 {
            slowest = (*dt, c.line);
        }
        let d = if r.er >= SE_FAILED {
            failed += 1;
            99
        } else {
            (tenths(r.er) - tenths(c.er)).clamp(-3, 3)
        };
        if d == 0 {
            exact += 1;
        }
        if d.abs() <= 1 {
            near += 1;
        }
        if d != 99 {
            sum_abs += f64::from((r.er - c.er).abs());
        }
        *confusion
            .entry(tenths(c.er))
            .or_default()
            .entry(d)
            .or_default() += 1;
        let h = by_hardest
            .entry(r.hardest.map_or("-".into(), |t| t.name().to_string()))
            .or_default();
        h.0 += 1;
        h.1 += usize::from(d == 0);
        if let Some(ep) = c.ep {
            ep_n += 1;
            ep_ok += usize::from(tenths(ep) == tenths(r.ep));
        }
        if let Some(ed) = c.ed {
            ed_n += 1;
            ed_ok += usize::from(tenths(ed) == tenths(r.ed));
        }
        if std::env::var_os("RATE_BENCH_VERBOSE").is_some() && d != 0 {
            println!(
                "line {}: {} ref {:.1} ours {:.1}/{:.1}/{:.1} ({})",
                c.line,
                c.puzzle,
                c.er,
                r.er,
                r.ep,
                r.ed,
                r.hardest.map_or("-", |t| t.name())
            );
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    println!(
        "{file}: {n} puzzles rated (every {every} from line {})",
        skip + 1
    );
    println!(
        "  exact ER {exact}/{n} ({:.1}%), within 0.1 {near}/{n} ({:.1}%), mean |dER| {:.3} (failed {failed})",
        pct(exact, n),
        pct(near, n),
        sum_abs / (n - failed).max(1) as f64
    );
    if ep_n > 0 {
        println!(
            "  exact EP {ep_ok}/{ep_n} ({:.1}%), exact ED {ed_ok}/{ed_n} ({:.1}%)",
            pct(ep_ok, ep_n),
            pct(ed_ok, ed_n)
        );
    }
    if let Some(cpu) = process_cpu_seconds() {
        println!(
            "  cpu: {:.1} puzzles/s per CPU-second ({:.2} s CPU in all, rating and reading)",
            n as f64 / cpu.max(1e-9),
            cpu
        );
    }
    println!(
        "  speed: {:.1} puzzles/s per thread ({:.2} ms mean, slowest {:.0} ms at line {})",
        n as f64 / busy.max(1e-9),
        1000.0 * busy / n.max(1) as f64,
        1000.0 * slowest.0,
        slowest.1
    );
    println!("  confusion: reference ER by rows; columns our ER minus it (x = failed)");
    println!(
        "  {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>7}",
        "ref", "<=-.3", "-.2", "-.1", "0", "+.1", "+.2", ">=+.3", "x", "exact%"
    );
    for (er, row) in &confusion {
        let total: usize = row.values().sum();
        let cell = |d: i32| row.get(&d).copied().unwrap_or(0);
        println!(
            "  {:>6.1} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6.1}%",
            f64::from(*er) / 10.0,
            cell(-3),
            cell(-2),
            cell(-1),
            cell(0),
            cell(1),
            cell(2),
            cell(3),
            cell(99),
            pct(cell(0), total)
        );
    }
    println!("  by our hardest technique: puzzles (exact ER)");
    for (t, (k, ok)) in by_hardest {
        println!("    {t}: {k} ({ok})");
    }
}

fn hodoku(reference: &str, limit: usize, jobs: usize) {
    let text = std::fs::read_to_string(reference).expect("read the reference");
    let cases: Vec<(String, String, u32)> = text
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            Some((
                puzzle_of(f.first()?)?,
                f.get(1)?.to_string(),
                f.get(2)?.parse().ok()?,
            ))
        })
        .take(limit)
        .collect();
    let rater = Rater::new();
    let (ours, busy) = par_map(&cases, jobs, |(p, _, _)| {
        rater.rate_hodoku(&Grid::from_line(p).expect("a valid puzzle"))
    });
    let n = cases.len();
    let (mut level_ok, mut score_ok, mut score_near) = (0, 0, 0);
    let mut confusion: BTreeMap<(String, String), usize> = BTreeMap::new();
    for ((p, level, score), r) in cases.iter().zip(&ours) {
        let ref_level = Level::from_name(level).map_or("unsolved", |l| l.name());
        let ok = ref_level == r.level.name();
        level_ok += usize::from(ok);
        score_ok += usize::from(*score == r.score);
        score_near +=
            usize::from((f64::from(*score) - f64::from(r.score)).abs() <= 0.1 * f64::from(*score));
        *confusion
            .entry((ref_level.to_string(), r.level.name().to_string()))
            .or_default() += 1;
        if std::env::var_os("RATE_BENCH_VERBOSE").is_some() && !ok {
            println!(
                "{p} ref {level} {score} ours {} {} ({})",
                r.level.name(),
                r.score,
                r.hardest.map_or("-", |t| t.name())
            );
        }
    }
    let pct = |a: usize| 100.0 * a as f64 / n.max(1) as f64;
    println!("{reference}: {n} puzzles");
    println!(
        "  same level {level_ok}/{n} ({:.1}%), same score {score_ok} ({:.1}%), score within 10% {score_near} ({:.1}%)",
        pct(level_ok),
        pct(score_ok),
        pct(score_near)
    );
    println!(
        "  speed: {:.1} puzzles/s per thread ({:.2} ms mean)",
        n as f64 / busy.max(1e-9),
        1000.0 * busy / n.max(1) as f64
    );
    println!("  confusion (reference -> ours): count");
    for ((a, b), k) in confusion {
        println!("    {a} -> {b}: {k}");
    }
}
