//! `sudoku print --path`: the steps `sudoku explain` gives, in order, as text of the PDF;
//! grids where --path-grids says; pages that grow with the path; SVG pages one a file.

use super::{data, page_count, pdftotext, printed, sudoku, temp};
use std::path::Path;

/// The PDF's text with all whitespace removed (lines wrap where the page says).
fn flat_text(pdf: &Path) -> String {
    pdftotext(pdf)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// `sudoku explain`'s steps of the puzzles in `file`: (number, technique, one-line text).
fn explained(file: &Path, extra: &[&str]) -> Vec<(usize, String, String)> {
    let out = sudoku()
        .arg("explain")
        .arg(file)
        .args(extra)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .filter_map(|l| {
            let (n, rest) = l.trim_start().split_once(". ")?;
            let n: usize = n.parse().ok()?;
            let technique = rest.split(':').next()?.to_string();
            Some((n, technique, rest.to_string()))
        })
        .collect()
}

fn is_single(technique: &str) -> bool {
    matches!(technique, "Full House" | "Naked Single" | "Hidden Single")
}

/// Checks that every non-single step appears, numbered, in order, and every single's
/// placement between them.
fn assert_steps_in_order(flat: &str, steps: &[(usize, String, String)]) {
    let mut at = 0;
    for (n, technique, text) in steps {
        let want: String = if is_single(technique) {
            // Listed in a run of singles: its placement, after the text before it.
            // "Hidden Single: r8c6=2 (box 8)": the placement alone.
            let after = text.split(": ").nth(1).unwrap();
            after.split(" (").next().unwrap().replace(' ', "")
        } else {
            format!("{n}.{}", text.replace(' ', ""))
        };
        let found = flat[at..]
            .find(&want)
            .unwrap_or_else(|| panic!("step {n} ({text}) not found after byte {at}"));
        at += found + want.len();
    }
}

#[test]
fn a_path_gives_back_the_explainers_steps_in_order_with_grids() {
    let dir = temp("order");
    let file = data("path.txt");
    let pdf = dir.join("path.pdf");
    printed(&["--path"], &pdf, &file);
    let flat = flat_text(&pdf);
    let steps = explained(&file, &[]);
    assert!(steps.iter().any(|(_, t, _)| t == "X-Wing"));
    assert!(steps.iter().any(|(_, t, _)| !is_single(t) && t != "X-Wing"));
    // Each puzzle's steps are numbered from 1: split them at the restarts.
    let mut runs: Vec<Vec<(usize, String, String)>> = Vec::new();
    for s in steps {
        if s.0 == 1 {
            runs.push(Vec::new());
        }
        runs.last_mut().unwrap().push(s);
    }
    assert_eq!(runs.len(), 2);
    let second = flat.find("#2").expect("the second puzzle's label");
    assert_steps_in_order(&flat[..second], &runs[0]);
    assert_steps_in_order(&flat[second..], &runs[1]);
    assert!(flat.contains("solvedbylogic"));

    // The grids: the start and one before each non-single step, as SVG pages.
    let svg = dir.join("path.svg");
    printed(&["--path"], &svg, &file);
    let mut grids = 0;
    let mut highlighted = 0;
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "svg") {
            n += 1;
            let s = std::fs::read_to_string(&p).unwrap();
            grids += s.matches(r#"<g class="grid""#).count();
            // Removed candidates are struck in red.
            highlighted += s.matches(r##"stroke="#d11a1a""##).count();
        }
    }
    assert_eq!(n, page_count(&pdf), "one SVG a page");
    let nonsingle = runs.iter().flatten().filter(|s| !is_single(&s.1)).count();
    assert_eq!(grids, 2 + nonsingle);
    assert!(highlighted > 0);
}

#[test]
fn pages_grow_with_the_grids_asked_and_the_order_is_followed() {
    let dir = temp("grow");
    let file = data("path.txt");
    let count = |grids: &str, order: &str| {
        let pdf = dir.join(format!("{grids}-{order}.pdf"));
        printed(
            &["--path", "--path-grids", grids, "--order", order],
            &pdf,
            &file,
        );
        (page_count(&pdf), flat_text(&pdf))
    };
    let (none, _) = count("none", "hodoku");
    let (some, _) = count("nonsingle", "hodoku");
    let (every, _) = count("every", "hodoku");
    let (two, _) = count("1,2", "hodoku");
    // A grid before every step (singles too) takes far more pages than before the few
    // others; the steps alone (each with its explanation), fewer than every grid.
    assert!(some < every && none < every, "{none} {some} {every}");
    assert!(two >= none && two < every, "{two}");
    let (_, flat) = count("none", "explainer");
    let steps = explained(&file, &["--order", "explainer"]);
    assert!(steps.len() > 20);
    // With grids none, every step has its own numbered line.
    let mut at = 0;
    for (n, _, text) in steps.iter().take(20) {
        let want = format!("{n}.{}", text.replace(' ', ""));
        let found = flat[at..].find(&want).unwrap_or_else(|| panic!("{want}"));
        at += found + want.len();
    }
}

#[test]
fn other_sizes_the_alphabet_and_bad_requests() {
    let dir = temp("sizes");
    let pdf = dir.join("six.pdf");
    printed(
        &["--path", "--path-grids", "every"],
        &pdf,
        &data("six-2x3.txt"),
    );
    assert!(
        flat_text(&pdf).contains("1.NakedSingle") || flat_text(&pdf).contains("1.HiddenSingle")
    );
    // Several SVG pages can't go to standard output.
    sudoku()
        .args([
            "print",
            "--path",
            "--path-grids",
            "every",
            "--to",
            "svg",
            "-o",
            "-",
        ])
        .arg(data("six-2x3.txt"))
        .assert()
        .failure()
        .stderr(predicates::str::contains("standard output takes one"));
    // Not a list of steps.
    sudoku()
        .args(["print", "--path", "--path-grids", "some", "-o"])
        .arg(dir.join("x.pdf"))
        .arg(data("six-2x3.txt"))
        .assert()
        .code(2);
    // --path-grids needs --path; --path has no slots a page.
    sudoku()
        .args(["print", "--path-grids", "every", "-o"])
        .arg(dir.join("x.pdf"))
        .arg(data("six-2x3.txt"))
        .assert()
        .code(2);
    // A puzzle with several solutions is printed, not explained, and says so: exit 1.
    let many = dir.join("many.txt");
    std::fs::write(&many, format!("{}\n", ".".repeat(81))).unwrap();
    sudoku()
        .args(["print", "--path", "--rating", "none"])
        .arg(&many)
        .arg("-o")
        .arg(&pdf)
        .assert()
        .code(1);
    assert!(flat_text(&pdf).contains("Notexplained:multiplesolutions"));
}
