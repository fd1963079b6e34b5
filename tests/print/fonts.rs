//! The printed font: titles in Latin, Greek and Cyrillic come back from the PDF as text;
//! a character the font lacks is refused with its name (exit 2), nothing written; SVG pages
//! carry the font itself.

use super::{data, pdftotext, printed, refused, temp};
use std::path::Path;

#[test]
fn greek_cyrillic_and_accented_titles_come_back_as_text() {
    let dir = temp("scripts");
    for title in [
        "Судоку для всех",
        "Σουντόκου",
        "Łódź, Čeština, Ærøskøbing, Şişli",
    ] {
        let pdf = dir.join("t.pdf");
        printed(
            &["--rating", "none", "--title", title],
            &pdf,
            &data("nine-9.txt"),
        );
        let text = pdftotext(&pdf);
        assert!(text.contains(title), "{title:?} not in {text:?}");
    }
}

#[test]
fn a_character_the_font_lacks_is_named_and_nothing_is_written() {
    let dir = temp("cjk");
    let pdf = dir.join("t.pdf");
    refused(&["--title", "数独 book"], &pdf, &data("nine-9.txt"))
        .stderr(predicates::str::contains("'数' (U+6570)"));
    // A puzzle's own title goes on its label: checked the same way.
    let file = dir.join("titled.txt");
    let line = "9..............7.37...962486...2.47.........5....4...642...86..5.71.......1.....2";
    let rows: Vec<&str> = (0..9).map(|r| &line[r * 9..r * 9 + 9]).collect();
    // Kennett's format: a `%` line gives the puzzle its title.
    std::fs::write(&file, format!("%ナンプレ\n{}\n", rows.join("\n"))).unwrap();
    refused(&["--rating", "none"], &pdf, &file)
        .stderr(predicates::str::contains("U+30CA"))
        .stderr(predicates::str::contains(
            "edit the puzzle's title in its file",
        ));
    // A file's name as a section heading: the advice is about the file, not the text.
    let named = dir.join("ナンプレ.txt");
    std::fs::write(&named, format!("{line}\n")).unwrap();
    refused(&["--rating", "none", "--sections", "file"], &pdf, &named)
        .stderr(predicates::str::contains("a heading, the file's name"))
        .stderr(predicates::str::contains(
            "rename the file, or print without --sections file",
        ));
    // Without headings the same file prints.
    printed(&["--rating", "none"], &pdf, &named);
}

#[test]
fn svg_pages_embed_the_shipped_font() {
    let dir = temp("svg");
    let svg = dir.join("p.svg");
    printed(
        &["--rating", "none", "--title", "Ωмega"],
        &svg,
        &data("unique.txt"),
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    let font = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/fonts/DejaVuSans-subset.ttf"),
    )
    .unwrap();
    let at = text.find("base64,").expect("a data: URI") + "base64,".len();
    let b64: String = text[at..].chars().take_while(|&c| c != ')').collect();
    assert_eq!(decode(&b64), font);
    assert!(text.contains("@font-face{font-family:\"DejaVu Sans\""));
    assert_eq!(text.matches("@font-face").count(), 2, "regular and bold");
}

/// A plain base64 decoder for the test (padding ignored).
fn decode(s: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = s.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::new();
    for chunk in digits.chunks(4) {
        let mut n = 0u32;
        for (i, &d) in chunk.iter().enumerate() {
            n |= u32::from(d) << (18 - 6 * i);
        }
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    out
}
