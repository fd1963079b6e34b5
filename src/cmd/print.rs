//! `sudoku print`: puzzles on paper. PDF booklets (several puzzles a page, numbered and
//! rated, sections, answer keys, large print, trim sizes with bleed), SVG or PNG pages.
//! The grids are drawn by the library (`sudoku::draw`); the pages are laid out in
//! `print_layout` and rendered in `print_render`.

use super::print_layout::{self as layout, Block, Item, Layout, Section};
use super::print_path::{self as path, PathGrids};
use super::print_render as render;
use super::Status;
use crate::batch;
use crate::input::{self, InputArgs};
use clap::{Args, ValueEnum};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use sudoku::format::json::Headed;
use sudoku::format::{self, Format, ParseError, Puzzle};
use sudoku::logic::{Level, LogicSolver, Order, PathProgress, SolvePath};
use sudoku::rate::{HodokuRating, Rater, Scales, SeRating};
use sudoku::solve::Outcome;
use sudoku::Grid;

/// What to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Output {
    Pdf,
    Svg,
    Png,
}

/// Which ratings go on each puzzle's label.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Rating {
    /// Sudoku Explainer's ER.
    Se,
    /// HoDoKu's level.
    Hodoku,
    /// Both.
    #[default]
    Both,
    /// None (nothing is rated).
    None,
}

/// How puzzles are grouped under headings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Sections {
    /// One run of puzzles, no headings.
    #[default]
    None,
    /// One section per input file, headed by its name.
    File,
    /// By HoDoKu level, easiest first, headed by the level.
    Level,
}

/// Where the answer keys go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Keys {
    /// All at the end.
    End,
    /// After each section.
    Section,
}

/// Arguments of `sudoku print`.
#[derive(Debug, Args, Clone)]
#[command(mut_arg("jobs", |a| a.help(
    "Worker threads (0 = every core). With --path, a file of one puzzle past 9x9 runs its \
     nested forcing chains on them, with the same steps")))]
pub struct PrintArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The file to write; its extension (.pdf, .svg, .png) picks the format. `-`: standard
    /// output. SVG and PNG are one page a file: several pages are written as OUT-1.png, ….
    #[arg(long, short = 'o', value_name = "OUT")]
    pub output: PathBuf,
    /// Write this format whatever OUT's extension: pdf, svg or png.
    #[arg(long, short = 't', value_enum, value_name = "FORMAT")]
    pub to: Option<Output>,
    /// Puzzles a page: 1, 2, 4, 6, 8 or 12 (default: as many of 4, 2, 1 as fit legibly; 1 in
    /// large print).
    #[arg(long, value_name = "N", value_parser = parse_per_page)]
    pub per_page: Option<usize>,
    /// Paper (trim) size: a4, a5, a3, letter, legal, or WxH in mm or in (6x9in, 152x229mm).
    #[arg(long, value_name = "SIZE", default_value = "a4", value_parser = layout::parse_paper)]
    pub paper: layout::Paper,
    /// Margin inside the trim on every side (mm, in or pt; mm when no unit).
    // A value that looks like a flag (`--margin -1mm`) is the margin's, refused by
    // `parse_length` as negative: clap took `-1mm` for an unknown flag `-1`.
    #[arg(long, value_name = "LEN", default_value = "12mm", value_parser = layout::parse_length, allow_hyphen_values = true)]
    pub margin: f64,
    /// Bleed added around the trim size for print-on-demand (e.g. 3mm, 0.125in); the PDF's
    /// trim box says where the page is cut.
    #[arg(long, value_name = "LEN", default_value = "0", value_parser = layout::parse_length, allow_hyphen_values = true)]
    pub bleed: f64,
    /// Large print: bigger grids and labels (one puzzle a page unless --per-page).
    #[arg(long)]
    pub large: bool,
    /// A title on the first page (and in the PDF's metadata).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// Group puzzles under headings: none, file (one section a file) or level (HoDoKu's,
    /// easiest first).
    #[arg(long, value_enum, default_value_t = Sections::None)]
    pub sections: Sections,
    /// Ratings on the labels: se (ER), hodoku (level), both or none. A puzzle's rating
    /// gets at most 30 s unless --max-time says otherwise (a hard giant's SE rating can
    /// take an hour); one cut short shows what it reached (`ER >= 9.5`).
    #[arg(long, value_enum, default_value_t = Rating::Both)]
    pub rating: Rating,
    /// Add answer keys, smaller and several a page: at the end (the default) or after each
    /// section.
    #[arg(long, value_enum, value_name = "WHERE", num_args = 0..=1, default_missing_value = "end")]
    pub solutions: Option<Keys>,
    /// Print the pencil marks of the empty cells (the file's, else those the rules allow).
    #[arg(long)]
    pub candidates: bool,
    /// Print the digits placed so far too (lighter), not only the givens.
    #[arg(long)]
    pub state: bool,
    /// Print each puzzle's explained solve path (as `sudoku explain --verbose` words it):
    /// the numbered steps, and the grid with its pencil marks before the steps
    /// --path-grids names, the step's cells and candidates picked out.
    #[arg(long, conflicts_with_all = ["per_page", "sections", "solutions"])]
    pub path: bool,
    /// Where --path draws the grid: nonsingle (before every step that is not a single;
    /// runs of singles share a line), every, none, or step numbers (3,7,12).
    #[arg(long, value_name = "WHICH", default_value = "nonsingle", requires = "path",
        value_parser = path::parse_path_grids)]
    pub path_grids: PathGrids,
    /// --path: the order techniques are tried in, hodoku or explainer (as `sudoku explain`).
    #[arg(long, value_name = "ORDER", default_value = "hodoku", requires = "path",
        value_parser = super::explain::parse_order)]
    pub order: Order,
    /// --path: the techniques to use, as `sudoku explain --techniques` takes them.
    #[arg(
        long,
        value_name = "LIST",
        requires = "path",
        allow_hyphen_values = true
    )]
    pub techniques: Option<String>,
    /// --path: never guess; the path ends where the techniques stall.
    #[arg(long, requires = "path")]
    pub no_backtracking: bool,
    /// PNG resolution, dots an inch (30 to 1200).
    #[arg(long, value_name = "DPI", default_value_t = 150, value_parser = clap::value_parser!(u32).range(30..=1200))]
    pub dpi: u32,
    /// Write JSON Lines on standard output: for each puzzle printed its `number`, `page`,
    /// `puzzle`, `size`, `box`, `level`, `er`, `line`.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub batch: crate::limits::BatchArgs,
}

fn parse_per_page(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n @ (1 | 2 | 4 | 6 | 8 | 12)) => Ok(n),
        _ => Err(format!("{s:?}: puzzles a page are 1, 2, 4, 6, 8 or 12")),
    }
}

/// One puzzle read, checked and rated.
struct Prepared {
    puzzle: Puzzle,
    /// The solution, when there is exactly one.
    solution: Option<Grid>,
    /// Why there is no answer key (invalid givens, no solution, several, out of time).
    problem: Option<super::verdict::Problem>,
    se: Option<SeRating>,
    hodoku: Option<HodokuRating>,
    /// The file it came from (for --sections file).
    file: usize,
    /// The explained path, with --path.
    path: Option<SolvePath>,
}

fn prepare(
    rater: &Rater,
    rating: Rating,
    max_time: Option<Duration>,
    solver: Option<&LogicSolver>,
    file: usize,
    printable: &(dyn Fn(usize) -> bool + Sync),
    record: Result<Puzzle, ParseError>,
) -> Result<Prepared, ParseError> {
    let puzzle = record?;
    let stop = max_time.map_or_else(sudoku::Stop::never, sudoku::Stop::after);
    let mut prepared = Prepared {
        solution: None,
        problem: None,
        se: None,
        hodoku: None,
        file,
        path: None,
        puzzle,
    };
    let p = &prepared.puzzle;
    if !printable(p.shape().side()) {
        // The layout refuses it below, before anything is written: no need to solve it.
        return Ok(prepared);
    }
    let (grid, marks) = p.grid.unplayed(p.marks.as_ref());
    match sudoku::solve::solve_until(&grid, marks, &stop) {
        Ok(Outcome::Unique(s)) => prepared.solution = Some(s),
        Ok(o) => prepared.problem = super::verdict::problem(&o, p.notation()),
        Err(_) => prepared.problem = Some(super::verdict::Problem::timeout()),
    }
    if prepared.solution.is_some() {
        // Rated and explained as the puzzle, not as the play a game in progress holds.
        let board = sudoku::logic::Position::new(&grid, marks).into_board();
        let deadline = stop.deadline();
        // Both scales side by side under a time limit, as `rate` does: one after the
        // other, SE's path took the whole limit and HoDoKu's level said "Easy".
        let scales = match rating {
            Rating::Se => Some(Scales::Se),
            Rating::Hodoku => Some(Scales::Hodoku),
            Rating::Both => Some(Scales::Both),
            Rating::None => None,
        };
        if let Some(scales) = scales {
            let r = rater.rate_unique_board(&board, scales, &label_stop(&stop));
            (prepared.se, prepared.hodoku) = (r.se, r.hodoku);
        }
        if let Some(solver) = solver {
            prepared.path = Some(solver.solve_board_until(board, deadline));
        }
    }
    Ok(prepared)
}

/// A spinner for a lone puzzle's preparation that says where its path (`--path`) and its
/// ratings are; `rater` and `solver` report to it from now on.
fn watch_preparing(
    args: &PrintArgs,
    rater: &mut Rater,
    solver: &mut Option<LogicSolver>,
) -> Option<batch::DelayedSpinner> {
    let (path, se, hodoku) = (
        PathProgress::new(),
        PathProgress::new(),
        PathProgress::new(),
    );
    *rater = rater.clone().with_progress(se.clone(), hodoku.clone());
    if let Some(s) = solver.take() {
        *solver = Some(s.with_progress(path.clone()));
    }
    let (explained, rating) = (solver.is_some(), args.rating);
    let watch = move || {
        let mut parts = Vec::new();
        if explained {
            parts.push(format!("path {}", batch::path_progress(&path)));
        }
        if matches!(rating, Rating::Se | Rating::Both) {
            parts.push(format!("SE {}", batch::path_progress(&se)));
        }
        if matches!(rating, Rating::Hodoku | Rating::Both) {
            parts.push(format!("HoDoKu {}", batch::path_progress(&hodoku)));
        }
        if parts.is_empty() {
            "preparing".to_string()
        } else {
            format!("preparing: {}", parts.join("; "))
        }
    };
    batch::watching_spinner_for_one(true, Box::new(watch))
}

/// How long a label's rating may take without `--max-time`. A label is not what was
/// asked for: the SE rating of a hard 25x25 (nested forcing chains at every other step)
/// runs for tens of minutes, and held the pages that long. No 9x9 comes near it.
const LABEL_RATING_TIME: Duration = Duration::from_secs(30);

/// The stop of a label's rating: the puzzle's (`--max-time`, which the solve before it
/// shares), else [`LABEL_RATING_TIME`] from now.
fn label_stop(stop: &sudoku::Stop) -> sudoku::Stop {
    if stop.is_bounded() {
        stop.clone()
    } else {
        sudoku::Stop::after(LABEL_RATING_TIME)
    }
}

/// Says on stderr how many labels show a rating cut short, and how to give it longer.
fn report_cut_ratings(puzzles: &[Prepared], max_time: Option<Duration>) {
    let cut = puzzles
        .iter()
        .filter(|p| p.se.is_some_and(|s| s.timed_out) || p.hodoku.is_some_and(|h| h.timed_out))
        .count();
    if cut > 0 {
        warn!(
            "sudoku: note: {cut} puzzle{} rated for {} s only: {} a lower bound where the \
             rating was cut short (ER >= 9.5, >= Hard); --max-time SECS gives ratings longer",
            if cut == 1 { "" } else { "s" },
            max_time.unwrap_or(LABEL_RATING_TIME).as_secs_f64(),
            if cut == 1 {
                "its label gives"
            } else {
                "their labels give"
            },
        );
    }
}

/// The most pixels a PNG page may have: A4 at 1200 dpi (139 million, 560 MB drawn) fits,
/// A3 at 1200 dpi does not.
const MAX_PNG_PIXELS: f64 = 150e6;

/// The most lines a title may wrap to: a book's title, not a page of text.
const MAX_TITLE_LINES: usize = 20;

/// `#12 · Hard · ER 4.2`, and the puzzle's title when it has one.
fn label(number: usize, p: &Prepared) -> String {
    let mut parts = vec![format!("#{number}")];
    if let Some(h) = &p.hodoku {
        parts.push(match (h.timed_out, h.steps) {
            // Cut short: the steps made give a lower bound, and none give nothing.
            (true, 0) => "level ?".to_string(),
            (true, _) => format!(">= {}", h.level.name()),
            _ if !h.solved => format!("{}?", h.level.name()),
            _ => h.level.name().to_string(),
        });
    }
    if let Some(s) = &p.se {
        if s.timed_out && s.steps == 0 {
            // Cut short before its first step: no figure (0.0 is below SE's scale).
            parts.push("ER ?".to_string());
        } else if s.timed_out {
            // ">=": the shipped font has no '≥' (a rating cut short by --max-time).
            parts.push(format!("ER >= {:.1}", s.er));
        } else {
            parts.push(format!("ER {:.1}", s.er));
        }
    }
    if let Some(problem) = &p.problem {
        parts.push(
            match problem.status {
                "invalid" => "invalid givens",
                "none" => "no solution",
                "multiple" => "not unique",
                _ => "unsolved in time",
            }
            .into(),
        );
    }
    if let Some(t) = &p.puzzle.info.title {
        let t: String = t.chars().take(40).collect();
        parts.push(t);
    }
    parts.join(" · ")
}

fn output_kind(args: &PrintArgs) -> Result<Output, String> {
    if let Some(t) = args.to {
        return Ok(t);
    }
    if args.output.as_os_str() == "-" {
        return Ok(Output::Pdf);
    }
    let ext = args
        .output
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("pdf") => Ok(Output::Pdf),
        Some("svg") => Ok(Output::Svg),
        Some("png") => Ok(Output::Png),
        _ => Err(format!(
            "cannot tell the format from {:?}: name it .pdf, .svg or .png, or say --to pdf|svg|png",
            args.output.display().to_string()
        )),
    }
}

/// The input file that `out` is (the same file, however named), if any: a file on disk,
/// not a device or a pipe, which may be both read and written.
fn input_at<'a>(out: &Path, inputs: &'a [PathBuf]) -> Option<&'a Path> {
    if out.as_os_str() == "-" {
        return None;
    }
    let out = std::fs::canonicalize(out).ok()?;
    if !out.is_file() {
        return None;
    }
    inputs
        .iter()
        .find(|f| std::fs::canonicalize(f).is_ok_and(|f| f == out))
        .map(PathBuf::as_path)
}

/// Runs `sudoku print`.
pub fn run(args: &PrintArgs) -> anyhow::Result<ExitCode> {
    let kind = match output_kind(args) {
        Ok(k) => k,
        Err(e) => {
            warn!("sudoku: {e}");
            return Ok(Status::InputError.code());
        }
    };
    // A mistyped folder is said before the rating and drawing, not after.
    if let Some(dir) = args.output.parent().filter(|d| !d.as_os_str().is_empty()) {
        if args.output.as_os_str() != "-" && !dir.is_dir() {
            warn!(
                "sudoku: cannot save to {}: no folder {}",
                args.output.display(),
                dir.display()
            );
            return Ok(Status::InputError.code());
        }
    }
    // Printing over an input loses the puzzles the user made (the atomic save keeps a
    // half-written book from them, not a whole one).
    if let Some(input) = input_at(&args.output, &args.input.files) {
        warn!(
            "sudoku: -o {} is the input {}: printing over it would lose its puzzles; give \
             another file name",
            args.output.display(),
            input.display()
        );
        return Ok(Status::InputError.code());
    }
    if args.sections == Sections::Level && matches!(args.rating, Rating::Se | Rating::None) {
        warn!("sudoku: --sections level needs HoDoKu's level: use --rating hodoku or both");
        return Ok(Status::InputError.code());
    }
    if args.input.files.is_empty() && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        warn!("sudoku: reading puzzles from standard input (Ctrl-D to end; --help for usage)");
    }
    let mut solver = if args.path {
        match super::explain::solver(
            args.techniques.as_deref(),
            args.order,
            !args.no_backtracking,
        ) {
            Ok(s) => Some(s),
            Err(e) => {
                warn!("sudoku: {e}");
                return Ok(Status::InputError.code());
            }
        }
    } else {
        None
    };
    let mut rater = Rater::new().max_time(args.batch.max_time);
    let jobs = crate::limits::jobs(args.batch.jobs);
    let mut status = Status::Ok;
    let mut puzzles: Vec<Prepared> = Vec::new();
    // One input at a time, so that each puzzle knows its file.
    let files: Vec<PathBuf> = if args.input.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.input.files.clone()
    };
    let lay = Layout {
        paper: args.paper,
        margin: args.margin,
        bleed: args.bleed,
        large: args.large,
        title: args.title.clone(),
    };
    // A PNG page is one picture in memory: its pixels are bounded before anything is done
    // (2000x2000mm at 1200 dpi asked for 36 GB and aborted).
    if matches!(kind, Output::Png) {
        let dots = |pt: f64| (pt + 2.0 * args.bleed) / 72.0 * f64::from(args.dpi);
        let pixels = dots(args.paper.width) * dots(args.paper.height);
        if pixels > MAX_PNG_PIXELS {
            let most = (MAX_PNG_PIXELS / pixels).sqrt() * f64::from(args.dpi);
            warn!(
                "sudoku: a PNG page of this paper at {} dpi is {:.0} million pixels, past the \
                 {:.0} million a page may have: ask for {} dpi or less, or a smaller --paper",
                args.dpi,
                pixels / 1e6,
                MAX_PNG_PIXELS / 1e6,
                most.floor()
            );
            return Ok(Status::InputError.code());
        }
    }
    // Path pages have a layout of their own.
    let printable = |side: usize| {
        if args.path {
            path::fits(&lay, side)
        } else {
            layout::fits(&lay, side, args.per_page.unwrap_or(1))
        }
    };
    for (i, file) in files.iter().enumerate() {
        let one = InputArgs {
            files: vec![file.clone()],
            ..args.input.clone()
        };
        let mut records = one.records();
        let feed = batch::Feed::fixed(jobs * 4);
        // A lone puzzle's path has the threads a batch would have shared, for its nested
        // forcing chains (past 9x9; the same steps).
        let (head, lone) = batch::read_ahead(&mut records, &feed);
        let lone = lone && files.len() == 1;
        if lone {
            solver = solver.map(|s| s.with_threads(jobs));
        }
        // A lone hard giant takes minutes to explain and rate: its spinner says where each
        // path is.
        let spinner = if lone {
            watch_preparing(args, &mut rater, &mut solver)
        } else {
            None
        };
        batch::ordered_batch(
            head.into_iter().chain(records),
            jobs,
            feed,
            |_, record| {
                prepare(
                    &rater,
                    args.rating,
                    args.batch.max_time,
                    solver.as_ref(),
                    i,
                    &printable,
                    record,
                )
            },
            // Pages are collected, not written as they come.
            &mut std::io::sink(),
            |_, r| {
                match r {
                    Ok(p) => puzzles.push(p),
                    Err(e) => status = status.worst(input::report(&e)),
                }
                Ok(())
            },
        )?;
        drop(spinner);
    }
    if status == Status::InputError {
        warn!("sudoku: nothing written: the input has errors (above)");
        return Ok(status.code());
    }
    if puzzles.is_empty() {
        warn!("sudoku: no puzzles to print");
        return Ok(Status::InputError.code());
    }
    // What the missing solution costs: the answer key or the path asked for, else only
    // the label's "not unique".
    let lacking = if args.path {
        "printed without a solve path"
    } else if args.solutions.is_some() {
        "printed without an answer key"
    } else {
        "printed, but has no unique solution"
    };
    report_cut_ratings(&puzzles, args.batch.max_time);
    for p in &puzzles {
        if let Some(why) = &p.problem {
            warn!("sudoku: {}: {lacking}: {why}", p.puzzle.place());
            status = status.worst(Status::Negative);
        }
    }
    if let Some(e) = args
        .title
        .as_deref()
        .and_then(|t| unprintable("the title", t, "change --title"))
    {
        warn!("sudoku: {e}");
        return Ok(Status::InputError.code());
    }
    // A title of paragraphs took the page from the grids, and the message then spoke of
    // paper and margins.
    let title_lines = lay.title_lines().len();
    if title_lines > MAX_TITLE_LINES {
        warn!(
            "sudoku: the title takes {title_lines} lines on this paper: at most \
             {MAX_TITLE_LINES} go above the grids (shorten --title)"
        );
        return Ok(Status::InputError.code());
    }
    if args.path {
        return print_paths(args, kind, &lay, &puzzles, status);
    }
    let groups = group(args, &files, puzzles);
    let (blocks, numbered) = blocks(args, &groups);
    for b in &blocks {
        // Headings are file names (`--sections file`) or level names.
        let heading = (b.section.heading.iter()).map(|h| {
            let fix = "rename the file, or print without --sections file";
            ("a heading, the file's name", h, fix)
        });
        let labels = (b.section.items.iter()).map(|i| ("a label", &i.label, LABEL_FIX));
        if let Some(e) = heading
            .chain(labels)
            .find_map(|(w, s, f)| unprintable(w, s, f))
        {
            warn!("sudoku: {e}");
            return Ok(Status::InputError.code());
        }
    }
    let puzzle_sections: Vec<Section> = blocks
        .iter()
        .filter(|b| !b.keys)
        .map(|b| b.section.clone())
        .collect();
    let per_page = args
        .per_page
        .unwrap_or_else(|| layout::auto_per_page(&lay, &puzzle_sections));
    // A book of many puzzles, or a long path, takes a while to draw and write: a spinner
    // on a terminal after two seconds.
    let drawing = batch::spinner_for_one(true, "drawing the pages");
    let (pages, placed) = match layout::pages(&lay, &blocks, per_page) {
        Ok(p) => p,
        Err(e) => {
            warn!("sudoku: {e}");
            return Ok(Status::InputError.code());
        }
    };
    write(args, kind, &pages)?;
    drop(drawing);
    let listed: Vec<(usize, usize, &Prepared)> = numbered
        .iter()
        .map(|&(number, block, i, p)| (number, placed[block].page_of(i), p))
        .collect();
    report(args, &listed, pages.len())?;
    Ok(status.code())
}

/// Why `text` can't be printed: a character the shipped font lacks, named, rather than a
/// gap on the page, and `fix`, what the user can change.
fn unprintable(what: &str, text: &str, fix: &str) -> Option<String> {
    let c = render::missing_glyph(text)?;
    Some(format!(
        "{what} ({text:?}) has {c:?} (U+{:04X}), which the printed font (DejaVu Sans: Latin, \
         Greek, Cyrillic) lacks: {fix}",
        u32::from(c)
    ))
}

/// What to change when a label can't be printed: its text past the number and ratings is
/// the puzzle's title, from its file.
const LABEL_FIX: &str = "edit the puzzle's title in its file";

/// `--json`'s record of each puzzle printed (number, page, puzzle), and the count on
/// stderr.
fn report(
    args: &PrintArgs,
    listed: &[(usize, usize, &Prepared)],
    pages: usize,
) -> anyhow::Result<()> {
    if args.json {
        let mut out = batch::stdout();
        for &(number, page, p) in listed {
            // A scale cut short before its first step has no figure; one cut later, a
            // lower bound (`timed_out`), as `rate --json` says.
            let hodoku = p.hodoku.filter(|h| !h.timed_out || h.steps > 0);
            let se = p.se.filter(|s| !s.timed_out || s.steps > 0);
            let timed_out =
                p.hodoku.is_some_and(|h| h.timed_out) || p.se.is_some_and(|s| s.timed_out);
            let mut v = json!({
                "number": number,
                "page": page,
                "level": hodoku.map(|h| h.level.name()),
                "er": se.map(|s| (f64::from(s.er) * 10.0).round() / 10.0),
                "timed_out": timed_out,
            });
            // What the puzzle is, as every command's record says.
            match &p.problem {
                Some(problem) => {
                    let body = super::verdict::ProblemRecord::new(problem, &p.puzzle);
                    v["status"] = json!(body.status);
                    v["message"] = json!(body.message);
                }
                None => v["status"] = json!("unique"),
            }
            if let Some(path) = &p.path {
                v["steps"] = json!(path.steps.len());
                v["solved"] = json!(path.solved);
            }
            batch::put(&mut out, &super::json_line(&Headed::new(&p.puzzle, v)))?;
        }
        std::io::Write::flush(&mut out)?;
    }
    if args.output.as_os_str() != "-" {
        warn!(
            "sudoku: {} puzzle{} on {} page{}",
            listed.len(),
            if listed.len() == 1 { "" } else { "s" },
            pages,
            if pages == 1 { "" } else { "s" }
        );
    }
    Ok(())
}

/// `--path`: each puzzle's explained path, from a new page.
fn print_paths(
    args: &PrintArgs,
    kind: Output,
    lay: &Layout,
    puzzles: &[Prepared],
    mut status: Status,
) -> anyhow::Result<ExitCode> {
    let mut list = Vec::new();
    for (n, p) in puzzles.iter().enumerate() {
        let path = match (&p.path, &p.problem) {
            (Some(path), _) => {
                if !path.solved {
                    status = status.worst(Status::Negative);
                }
                Ok(path)
            }
            (None, Some(why)) => Err(why.message.clone()),
            (None, None) => Err("no path".to_string()),
        };
        // The path is the puzzle's (its givens), as `prepare` explained it.
        let (grid, marks) = p.puzzle.grid.unplayed(p.puzzle.marks.as_ref());
        let puzzle = Puzzle {
            alphabet: p.puzzle.alphabet,
            ..Puzzle::new(grid.clone().into_owned())
        };
        list.push(path::PathPuzzle {
            label: label(n + 1, p),
            line: format::write(&puzzle, Format::Line).unwrap_or_default(),
            alphabet: p.puzzle.alphabet,
            start: sudoku::logic::Position::new(&grid, marks).into_board(),
            path,
            backtracking: !args.no_backtracking,
        });
    }
    if let Some(e) = (list.iter()).find_map(|p| unprintable("a label", &p.label, LABEL_FIX)) {
        warn!("sudoku: {e}");
        return Ok(Status::InputError.code());
    }
    // A hard giant's path is a thousand pages and more: a minute to draw and write.
    let drawing = batch::spinner_for_one(true, "drawing the pages");
    let (pages, firsts) = match path::pages(lay, &list, &args.path_grids) {
        Ok(p) => p,
        Err(e) => {
            warn!("sudoku: {e}");
            return Ok(Status::InputError.code());
        }
    };
    write(args, kind, &pages)?;
    drop(drawing);
    let listed: Vec<(usize, usize, &Prepared)> = puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| (i + 1, firsts[i], p))
        .collect();
    report(args, &listed, pages.len())?;
    Ok(status.code())
}

/// The puzzles in sections, in print order, with their headings.
fn group(
    args: &PrintArgs,
    files: &[PathBuf],
    puzzles: Vec<Prepared>,
) -> Vec<(Option<String>, Vec<Prepared>)> {
    match args.sections {
        Sections::None => vec![(None, puzzles)],
        Sections::File => {
            let mut out: Vec<(Option<String>, Vec<Prepared>)> = Vec::new();
            for p in puzzles {
                let name = files[p.file].as_os_str();
                let heading = if name == "-" {
                    "Standard input".to_string()
                } else {
                    Path::new(name)
                        .file_stem()
                        .map_or_else(|| name.to_string_lossy(), |s| s.to_string_lossy())
                        .into_owned()
                };
                match out.last_mut() {
                    Some((Some(h), v)) if *h == heading => v.push(p),
                    _ => out.push((Some(heading), vec![p])),
                }
            }
            out
        }
        Sections::Level => {
            let mut by: std::collections::BTreeMap<Option<Level>, Vec<Prepared>> =
                Default::default();
            for p in puzzles {
                by.entry(p.hodoku.map(|h| h.level)).or_default().push(p);
            }
            // Rated levels easiest first, the unrated (no unique solution) last.
            let mut out: Vec<_> = by
                .into_iter()
                .map(|(l, v)| (l, Some(l.map_or("Not rated", Level::name).to_string()), v))
                .collect();
            out.sort_by_key(|(l, ..)| (l.is_none(), *l));
            out.into_iter().map(|(_, h, v)| (h, v)).collect()
        }
    }
}

/// A puzzle's number, its block and place in the block, and the puzzle.
type Numbered<'a> = (usize, usize, usize, &'a Prepared);

/// Puzzle and answer-key blocks, numbered in print order; also each puzzle's number and
/// page, for --json.
fn blocks<'a>(
    args: &PrintArgs,
    groups: &'a [(Option<String>, Vec<Prepared>)],
) -> (Vec<Block>, Vec<Numbered<'a>>) {
    let mut blocks = Vec::new();
    let mut numbered = Vec::new();
    let mut keys_at_end = Vec::new();
    let mut n = 0;
    for (heading, ps) in groups {
        let mut items = Vec::new();
        let mut keys = Vec::new();
        for p in ps {
            n += 1;
            let marks = args.candidates.then(|| p.puzzle.marks_or_rules());
            items.push(Item {
                label: label(n, p),
                grid: p.puzzle.grid.clone(),
                alphabet: p.puzzle.alphabet,
                marks,
                state: args.state,
            });
            numbered.push((n, blocks.len(), items.len() - 1, p));
            if let Some(s) = &p.solution {
                // Givens black, the rest lighter: the key shows what was to be found.
                let mut key = s.clone();
                for c in sudoku::Cell::all(key.shape()) {
                    match (p.puzzle.grid.is_given(c), s.get(c)) {
                        (true, Some(d)) => key.set_given(c, d),
                        (false, d) => key.set(c, d),
                        _ => {}
                    }
                }
                keys.push(Item {
                    label: format!("#{n}"),
                    grid: key,
                    alphabet: p.puzzle.alphabet,
                    marks: None,
                    state: true,
                });
            }
        }
        blocks.push(Block {
            section: Section {
                heading: heading.clone(),
                items,
            },
            keys: false,
        });
        let key_heading = Some(match heading {
            Some(h) => format!("Solutions: {h}"),
            None => "Solutions".to_string(),
        });
        match args.solutions {
            Some(Keys::Section) if !keys.is_empty() => blocks.push(Block {
                section: Section {
                    heading: key_heading,
                    items: keys,
                },
                keys: true,
            }),
            Some(Keys::End) => keys_at_end.push((key_heading, keys)),
            _ => {}
        }
    }
    let all: Vec<Item> = keys_at_end.iter().flat_map(|(_, k)| k.clone()).collect();
    if !all.is_empty() {
        blocks.push(Block {
            section: Section {
                heading: Some("Solutions".into()),
                items: all,
            },
            keys: true,
        });
    }
    (blocks, numbered)
}

/// Writes the pages: one PDF, or one SVG/PNG a page (OUT-1.png, …).
fn write(args: &PrintArgs, kind: Output, pages: &[layout::Page]) -> anyhow::Result<()> {
    let stdout = args.output.as_os_str() == "-";
    if kind == Output::Pdf {
        let pdf = render::pdf(pages, args.title.as_deref())?;
        return put(&args.output, stdout, &pdf);
    }
    if stdout && pages.len() > 1 {
        anyhow::bail!(
            "{} pages of {}: standard output takes one; give -o a file name (pages are then OUT-1, OUT-2, …)",
            pages.len(),
            if kind == Output::Svg { "SVG" } else { "PNG" }
        );
    }
    let width = pages.len().to_string().len();
    // Pages OUT-1.png, … are named only now: none may be an input.
    if pages.len() > 1 {
        for n in 1..=pages.len() {
            let path = numbered_path(&args.output, n, width);
            if let Some(input) = input_at(&path, &args.input.files) {
                anyhow::bail!(
                    "page {n} would be saved as {}, the input {}: printing over it would \
                     lose its puzzles; give -o another file name",
                    path.display(),
                    input.display()
                );
            }
        }
    }
    for (i, page) in pages.iter().enumerate() {
        let bytes = match kind {
            Output::Svg => render::with_fonts(&page.svg).into_bytes(),
            _ => render::png(page, f64::from(args.dpi))?,
        };
        let path = if pages.len() == 1 {
            args.output.clone()
        } else {
            numbered_path(&args.output, i + 1, width)
        };
        put(&path, stdout, &bytes)?;
    }
    Ok(())
}

/// `book.png` → `book-01.png` for page 1 of 10 or more.
fn numbered_path(out: &Path, n: usize, width: usize) -> PathBuf {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match out.extension() {
        Some(e) => format!("{stem}-{n:0width$}.{}", e.to_string_lossy()),
        None => format!("{stem}-{n:0width$}"),
    };
    out.with_file_name(name)
}

fn put(path: &Path, stdout: bool, bytes: &[u8]) -> anyhow::Result<()> {
    if stdout {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        out.write_all(bytes)?;
        out.flush()?;
        Ok(())
    } else {
        crate::atomic::write_atomic(path, bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_labels_rating_is_bounded_without_max_time() {
        // Without --max-time a label's rating still ends (a hard giant's SE rating ran for
        // tens of minutes); with it, the limit asked.
        let within = |stop: sudoku::Stop, limit: Duration| {
            let left = stop.deadline().expect("a deadline") - std::time::Instant::now();
            left <= limit && left > limit - Duration::from_secs(5)
        };
        assert!(within(
            label_stop(&sudoku::Stop::never()),
            LABEL_RATING_TIME
        ));
        assert!(LABEL_RATING_TIME <= Duration::from_secs(60));
        let asked = sudoku::Stop::after(Duration::from_secs(600));
        assert_eq!(label_stop(&asked).deadline(), asked.deadline());
    }
}
