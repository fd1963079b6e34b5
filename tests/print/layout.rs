//! Grids on the page: every size's givens and answers come back as text from the PDF
//! (cropped to where each grid is, in reading order), labels, page layouts, PNG pages
//! decoded, and clear errors for what cannot be printed.

use super::{data, page_count, pdftotext, poppler, print_run, printed, refused, sudoku, temp};
use predicates::prelude::PredicateBooleanExt;
use std::path::{Path, PathBuf};
use sudoku::format::{self, Puzzle, ReadOptions};
use sudoku::solve::{self, Outcome};
use sudoku::Cell;

fn puzzles(name: &str) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(data(name)).unwrap();
    format::read_str(&text, ReadOptions::default())
        .into_iter()
        .map(|r| r.unwrap())
        .collect()
}

/// A grid's square on a page: x, y (top left, points from the top) and side.
type Square = (f64, f64, f64);

/// Grid squares (x, y, side) on each page, from the SVG of the same print: the layout is the
/// same whatever the output format.
fn grid_boxes(svg: &str) -> Vec<Square> {
    let mut out = Vec::new();
    let mut lines = svg.lines();
    while let Some(l) = lines.next() {
        if let Some(rest) = l.strip_prefix(r#"<g class="grid" transform="translate("#) {
            let xy: Vec<f64> = rest
                .trim_end_matches(")\">")
                .split(' ')
                .map(|v| v.parse().unwrap())
                .collect();
            let rect = lines.next().unwrap();
            let w = rect.split("width=\"").nth(1).unwrap();
            let side: f64 = w[..w.find('"').unwrap()].parse().unwrap();
            out.push((xy[0], xy[1], side));
        }
    }
    out
}

/// The text inside one square of a PDF page, whitespace removed.
fn text_in(pdf: &Path, page: usize, (x, y, side): Square) -> String {
    let p = page.to_string();
    let (x, y, w) = (
        (x.floor() as i64).to_string(),
        (y.floor() as i64).to_string(),
        ((side + 2.0).ceil() as i64).to_string(),
    );
    let args = [
        "-layout", "-f", &p, "-l", &p, "-r", "72", "-x", &x, "-y", &y, "-W", &w, "-H", &w,
    ];
    let mut all: Vec<&str> = args.to_vec();
    all.extend([pdf.to_str().unwrap(), "-"]);
    poppler("pdftotext", &all)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// The symbols of the given (or, with `all`, every) digits in reading order.
fn symbols(p: &Puzzle, grid: &sudoku::Grid, all: bool) -> String {
    Cell::all(grid.shape())
        .filter(|&c| all || grid.is_given(c))
        .filter_map(|c| grid.get(c))
        .map(|d| sudoku::draw::symbol(p.alphabet, d.get()))
        .collect()
}

/// Prints `name` as PDF and as SVG pages with the same options; returns the PDF and each
/// page's grid squares.
fn print(name: &str, dir: &Path, opts: &[&str]) -> (PathBuf, Vec<Vec<Square>>) {
    let pdf = dir.join("book.pdf");
    printed(opts, &pdf, &data(name));
    let svg = dir.join("page.svg");
    printed(opts, &svg, &data(name));
    let pages = page_count(&pdf);
    let boxes = (1..=pages)
        .map(|i| {
            let path = if pages == 1 {
                svg.clone()
            } else {
                let width = pages.to_string().len();
                dir.join(format!("page-{i:0width$}.svg"))
            };
            grid_boxes(&std::fs::read_to_string(path).unwrap())
        })
        .collect();
    (pdf, boxes)
}

#[test]
fn every_size_gives_its_givens_and_answer_back_as_text() {
    for name in [
        "four.txt",
        "six-2x3.txt",
        "six-3x2.json",
        "unique.txt",
        "twelve-3x4.jsonl",
        "twelve-4x3.jsonl",
        "sixteen.txt",
        "twentyfive.txt",
    ] {
        let dir = temp(name);
        let p = &puzzles(name)[0];
        let (pdf, boxes) = print(name, &dir, &["--rating", "none", "--solutions"]);
        // The puzzle's page, then the answer key's.
        assert_eq!(page_count(&pdf), 2, "{name}");
        assert_eq!(boxes.iter().map(Vec::len).collect::<Vec<_>>(), [1, 1]);
        assert_eq!(
            text_in(&pdf, 1, boxes[0][0]),
            symbols(p, &p.grid, false),
            "{name}: givens"
        );
        let Outcome::Unique(solution) = solve::solve(&p.grid) else {
            panic!("{name} is not unique")
        };
        assert_eq!(
            text_in(&pdf, 2, boxes[1][0]),
            symbols(p, &solution, true),
            "{name}: answer key"
        );
        let all = pdftotext(&pdf);
        assert!(all.contains("Solutions"), "{name}");
    }
}

#[test]
fn several_a_page_each_on_its_page_with_keys_at_the_end() {
    let name = "nine-9.txt";
    let ps = puzzles(name);
    assert_eq!(ps.len(), 9);
    for per_page in [2usize, 4, 6] {
        let dir = temp(&format!("nine-{per_page}"));
        let (pdf, boxes) = print(
            name,
            &dir,
            &[
                "--rating",
                "none",
                "--per-page",
                &per_page.to_string(),
                "--solutions",
            ],
        );
        let puzzle_pages = ps.len().div_ceil(per_page);
        assert!(page_count(&pdf) > puzzle_pages);
        let mut k = 0;
        for (page, grids) in boxes.iter().enumerate().take(puzzle_pages) {
            for &b in grids {
                let p = &ps[k];
                assert_eq!(text_in(&pdf, page + 1, b), symbols(p, &p.grid, false));
                k += 1;
            }
        }
        assert_eq!(k, ps.len(), "every puzzle printed once");
        // The keys: every solution, in order, on the pages after.
        let keys: Vec<(usize, Square)> = boxes
            .iter()
            .enumerate()
            .skip(puzzle_pages)
            .flat_map(|(i, g)| g.iter().map(move |&b| (i + 1, b)))
            .collect();
        assert_eq!(keys.len(), ps.len());
        for (p, (page, b)) in ps.iter().zip(keys) {
            let Outcome::Unique(s) = solve::solve(&p.grid) else {
                panic!()
            };
            assert_eq!(text_in(&pdf, page, b), symbols(p, &s, true));
        }
    }
}

#[test]
fn labels_carry_number_and_rating_and_json_tells_the_page() {
    let dir = temp("labels");
    let pdf = dir.join("b.pdf");
    let out = sudoku()
        .args([
            "print",
            "--per-page",
            "2",
            "--json",
            "--title",
            "My Book",
            "-o",
        ])
        .arg(&pdf)
        .arg(data("unique.txt"))
        .arg(data("nine-9.txt"))
        .args(["--sections", "file"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let records: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 10);
    let text = pdftotext(&pdf);
    assert!(text.contains("My Book"));
    assert!(
        text.contains("nine-9") && text.contains("unique"),
        "section headings"
    );
    for r in &records {
        let page = r["page"].as_u64().unwrap() as usize;
        let level = r["level"].as_str().unwrap();
        let er = r["er"].as_f64().unwrap();
        let label = format!("#{} · {level} · ER {er:.1}", r["number"]);
        let p = page.to_string();
        let on_page = poppler(
            "pdftotext",
            &["-f", &p, "-l", &p, pdf.to_str().unwrap(), "-"],
        );
        assert!(on_page.contains(&label), "{label} on page {page}");
        // Each record is a puzzle every command reads.
        let back = format::parse_str(r["puzzle"].as_str().unwrap(), None).unwrap();
        assert_eq!(back.shape().side(), r["size"].as_u64().unwrap() as usize);
    }
    // The first file's one puzzle is alone in its section: the second starts a new page.
    assert_eq!(records[0]["page"], 1);
    assert_eq!(records[1]["page"], 2);
}

#[test]
fn a_rating_cut_short_by_the_time_limit_is_printed_as_a_bound() {
    // The rating of a minimal 25x25 takes minutes: with --max-time its label says how far
    // it got, in characters the shipped font has (it once wrote '≥' and refused it).
    let dir = temp("bound");
    let pdf = dir.join("b.pdf");
    let puzzle = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/large/minimal-25-2.txt");
    printed(&["--rating", "se", "--max-time", "0.5"], &pdf, &puzzle);
    let text = pdftotext(&pdf);
    assert!(text.contains("#1 · ER >= "), "{text}");
    assert!(!text.contains("ER >= 0.0"), "{text}");
    // Cut short before its first step, a rating has no figure: 0.0 is below SE's scale.
    let hardest = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rating/hardest_10.txt");
    printed(
        &["--rating", "se", "--max-time", "0.000001"],
        &pdf,
        &hardest,
    );
    let text = pdftotext(&pdf);
    assert!(text.contains("#1 · ER ?"), "{text}");
    assert!(!text.contains("ER >= 0.0"), "{text}");
    // Both scales share the limit side by side, as `rate` does: one after the other, SE's
    // path took all of it and HoDoKu's label read "Easy?". Both are lower bounds, and the
    // record says so.
    let out = sudoku()
        .args(["print", "--json", "--max-time", "0.5", "-j", "1", "-o"])
        .arg(&pdf)
        .arg(&puzzle)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    // The label is not all the user learns of it: stderr says the rating was cut, and how
    // to give it longer.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1 puzzle rated for 0.5 s only") && stderr.contains("--max-time SECS"),
        "{stderr}"
    );
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["timed_out"], true, "{record}");
    assert_eq!(record["status"], "unique", "{record}");
    assert!(
        record["er"].as_f64().is_some_and(|er| er >= 1.0),
        "{record}"
    );
    // Sequential, HoDoKu's scale had no time left: no step, no level.
    let level = record["level"]
        .as_str()
        .expect("HoDoKu's steps in half a second");
    let text = pdftotext(&pdf);
    assert!(
        text.contains(&format!("#1 · >= {level} · ER >= ")),
        "{text}"
    );
}

#[test]
fn png_pages_decode_at_the_dpi_asked() {
    let dir = temp("png");
    let out = dir.join("p.png");
    printed(
        &["--rating", "none", "--paper", "a5", "--dpi", "100"],
        &out,
        &data("unique.txt"),
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    // A5 is 148 x 210 mm.
    let px = |mm: f64| (mm / 25.4 * 100.0).round() as u32;
    assert_eq!((info.width, info.height), (px(148.0), px(210.0)));
    // Not blank: the grid's lines are dark.
    let dark = buf.chunks(4).filter(|p| p[0] < 64 && p[3] > 0).count();
    assert!(dark > 1000, "{dark} dark pixels");
    // Several pages: OUT-1.png, OUT-2.png.
    let many = dir.join("m.png");
    sudoku()
        .args([
            "print",
            "--rating",
            "none",
            "--per-page",
            "4",
            "--dpi",
            "30",
            "-o",
        ])
        .arg(&many)
        .arg(data("nine-9.txt"))
        .assert()
        .success();
    for i in 1..=3 {
        assert!(dir.join(format!("m-{i}.png")).exists());
    }
}

#[test]
fn a_png_page_too_big_to_draw_is_refused_with_the_dpi_that_fits() {
    let dir = temp("png-big");
    let out = dir.join("big.png");
    // 2 m square at 1200 dpi would be 8.9 billion pixels (36 GB) in memory.
    let run = refused(
        &[
            "--rating",
            "none",
            "--paper",
            "2000x2000mm",
            "--dpi",
            "1200",
        ],
        &out,
        &data("unique.txt"),
    );
    let err = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(err.contains("million pixels"), "{err}");
    // The dpi it suggests does fit: 2000 mm at that dpi is within the bound.
    let most: f64 = err
        .split("ask for ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no dpi suggested: {err}"));
    let side = 2000.0 / 25.4 * most;
    assert!(side * side <= 150e6 && most > 100.0, "{most} dpi suggested");
}

#[test]
fn printing_over_an_input_is_refused_and_the_input_kept() {
    let dir = temp("over");
    let input = dir.join("puzzles.pdf");
    let text = std::fs::read_to_string(data("nine-9.txt")).unwrap();
    std::fs::write(&input, &text).unwrap();
    // The same file, however it is named.
    let same = dir.join(".").join("puzzles.pdf");
    let err = print_run(&["--rating", "none"], &same, &input).code(2);
    let err = String::from_utf8_lossy(&err.get_output().stderr).into_owned();
    assert!(err.contains("would lose its puzzles"), "{err}");
    assert_eq!(std::fs::read_to_string(&input).unwrap(), text);
    // A page of several: OUT-1.svg is the input.
    let page = dir.join("book-1.svg");
    std::fs::write(&page, &text).unwrap();
    let err = print_run(
        &["--rating", "none", "--per-page", "4"],
        &dir.join("book.svg"),
        &page,
    )
    .code(2);
    let err = String::from_utf8_lossy(&err.get_output().stderr).into_owned();
    assert!(err.contains("page 1 would be saved as"), "{err}");
    assert_eq!(std::fs::read_to_string(&page).unwrap(), text);
    assert!(!dir.join("book-2.svg").exists());
}

#[test]
fn large_print_bleed_and_paper() {
    let dir = temp("large");
    let pdf = dir.join("l.pdf");
    printed(
        &[
            "--rating", "none", "--large", "--paper", "6x9in", "--bleed", "0.125in",
        ],
        &pdf,
        &data("nine-9.txt"),
    );
    // One a page in large print.
    assert_eq!(page_count(&pdf), 9);
    let info = poppler("pdfinfo", &["-box", pdf.to_str().unwrap()]);
    // 6x9 in plus 1/8 in each side: 450 x 666 pt; the trim box is the 6x9 in page.
    assert!(info.contains("450 x 666 pts"), "{info}");
    let trim = info.lines().find(|l| l.starts_with("TrimBox:")).unwrap();
    let nums: Vec<f64> = trim
        .split_whitespace()
        .skip(1)
        .map(|v| v.parse().unwrap())
        .collect();
    assert!((nums[2] - nums[0] - 432.0).abs() < 0.01 && (nums[3] - nums[1] - 648.0).abs() < 0.01);
}

#[test]
fn bad_input_and_pages_too_small_are_clear_errors() {
    let dir = temp("errors");
    let pdf = dir.join("x.pdf");
    // No puzzles.
    sudoku()
        .args(["print", "-o"])
        .arg(&pdf)
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no puzzle"));
    assert!(!pdf.exists());
    // 25x25 four to an A4 page: cells under 5 mm.
    refused(
        &["--rating", "none", "--per-page", "4"],
        &pdf,
        &data("twentyfive.txt"),
    )
    .stderr(predicates::str::contains("too small"))
    .stderr(predicates::str::contains("ask for fewer a page"));
    // One a page already: fewer is no advice.
    refused(
        &["--rating", "none", "--paper", "a5", "--large"],
        &pdf,
        &data("twentyfive.txt"),
    )
    .stderr(predicates::str::contains(
        "too small for 1 25x25 grid a page",
    ))
    .stderr(predicates::str::contains("(ask for a bigger --paper"));
    // An unknown extension, and a bad paper.
    sudoku()
        .args(["print", "-o", "x.doc"])
        .arg(data("unique.txt"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--to"));
    refused(&["--paper", "b7x"], &pdf, &data("unique.txt"));
    // A negative margin or bleed, with `=` or a space: clap took `-1mm` after a space for
    // an unknown flag ("unexpected argument '-1' found").
    for args in [
        ["--margin", "-1mm"],
        ["--margin=-1mm", "--rating=none"],
        ["--bleed", "-0.1in"],
        ["--margin", "-3"],
    ] {
        refused(&args, &pdf, &data("unique.txt"))
            .stderr(predicates::str::contains(
                "is negative: lengths are 0 or more",
            ))
            .stderr(predicates::str::contains("unexpected argument").not());
    }
    // A flag after `--margin` is no margin.
    refused(&["--margin", "--large"], &pdf, &data("unique.txt"))
        .stderr(predicates::str::contains("--margin"));
    // Several SVG pages cannot go to standard output.
    sudoku()
        .args([
            "print",
            "--rating",
            "none",
            "--per-page",
            "1",
            "--to",
            "svg",
            "-o",
            "-",
        ])
        .arg(data("nine-9.txt"))
        .assert()
        .code(2);
}

#[test]
fn pencil_marks_and_pipes_from_the_generator() {
    let dir = temp("marks");
    let svg = dir.join("c.svg");
    printed(
        &["--rating", "none", "--candidates"],
        &svg,
        &data("unique.txt"),
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    let p = &puzzles("unique.txt")[0];
    let marks: usize = {
        let m = p.marks_or_rules();
        Cell::all(p.shape())
            .filter(|&c| p.grid.get(c).is_none())
            .map(|c| m.get(c).len())
            .sum()
    };
    let grid_texts = text
        .lines()
        .filter(|l| l.starts_with("<text") && l.contains("middle\">"))
        .count();
    assert_eq!(grid_texts, p.grid.given_count() + marks);
    // generate | print
    let generated = sudoku()
        .args(["generate", "--count", "2", "--seed", "5", "--json"])
        .output()
        .unwrap();
    let pdf = dir.join("g.pdf");
    sudoku()
        .args(["print", "--rating", "none", "-o"])
        .arg(&pdf)
        .write_stdin(generated.stdout)
        .assert()
        .success();
    assert_eq!(page_count(&pdf), 1);
}

/// A page is never written into a folder that isn't there: the mistyped path is said at
/// once, before any work, and no folder is made.
#[test]
fn a_missing_folder_is_an_error_not_a_new_folder() {
    let dir = temp("missing-folder");
    let missing = dir.join("no-such-folder");
    let out = missing.join("page.pdf");
    let assert = sudoku()
        .arg("print")
        .arg("-o")
        .arg(&out)
        .arg(data("sixteen.txt"))
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(
        err.contains(&format!("no folder {}", missing.display())),
        "{err}"
    );
    assert!(!missing.exists(), "{err}");
}

#[test]
fn a_long_title_wraps_inside_the_page() {
    // A title wider than the page was set on one line, centred, its ends cut off by the
    // page's edges (pdftotext read only its middle); in --path's pages too.
    let dir = temp("long-title");
    let title = "A long title that goes on and on, word after word ".repeat(6);
    let want: Vec<&str> = title.split_whitespace().collect();
    for extra in [&[][..], &["--path"][..]] {
        let pdf = dir.join("t.pdf");
        let out = sudoku()
            .arg("print")
            .arg(data("four.txt"))
            .args(["--paper", "a5", "--title", &title, "-o"])
            .arg(&pdf)
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.code().is_some_and(|c| c < 2),
            "{extra:?}: {out:?}"
        );
        let text = poppler(
            "pdftotext",
            &["-f", "1", "-l", "1", pdf.to_str().unwrap(), "-"],
        );
        let got: Vec<&str> = text.split_whitespace().take(want.len()).collect();
        assert_eq!(got, want, "{extra:?}: {text}");
    }
}

#[test]
fn a_title_of_paragraphs_is_refused_as_such() {
    // 3,600 characters of title left no room for the grids, and the message asked for
    // bigger paper or smaller margins.
    let dir = temp("paragraph-title");
    let title = "Title ".repeat(600);
    let out = sudoku()
        .arg("print")
        .arg(data("four.txt"))
        .args(["--title", &title, "-o"])
        .arg(dir.join("t.pdf"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the title takes") && err.contains("shorten --title"),
        "{err}"
    );
    assert!(!dir.join("t.pdf").exists());
}

#[test]
fn a_game_in_progress_is_printed_and_rated_as_its_puzzle() {
    // A slip in the play (a wrong digit placed) is not the puzzle's: the page rates the
    // givens as `rate` does (a rating of the broken position read "Extreme? · ER 20.0").
    let dir = temp("in-progress");
    let game =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/cli/in-progress-wrong-digit.json");
    let out = sudoku()
        .args(["print", "--json", "-o"])
        .arg(dir.join("g.pdf"))
        .arg(&game)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let out = sudoku()
        .args(["rate", "--json"])
        .arg(&game)
        .output()
        .unwrap();
    let rated: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed["er"], rated["er"], "{printed} / {rated}");
    assert_eq!(printed["level"], rated["level"], "{printed} / {rated}");
    let label = format!(
        "#1 · {} · ER {:.1}",
        rated["level"].as_str().unwrap(),
        rated["er"].as_f64().unwrap()
    );
    assert!(pdftotext(&dir.join("g.pdf")).contains(&label), "{label}");
}
