//! The library's integration tests, one binary: each file beside this one is a module of
//! it, so the suite links the library (and CaDiCaL) once, not once a file. A new test file
//! joins with a `#[path]` line below; [`every_test_file_is_a_module`] fails until it does.

#[path = "common/mod.rs"]
mod common;

#[path = "corpus.rs"]
mod corpus;
#[path = "draw.rs"]
mod draw;
#[path = "fast9.rs"]
mod fast9;
#[path = "format_errors.rs"]
mod format_errors;
#[path = "formats.rs"]
mod formats;
#[path = "formats_marks.rs"]
mod formats_marks;
#[path = "generate.rs"]
mod generate;
#[path = "giant.rs"]
mod giant;
#[path = "hostile.rs"]
mod hostile;
#[path = "large.rs"]
mod large;
#[path = "line_record.rs"]
mod line_record;
#[path = "logic.rs"]
mod logic;
#[path = "logic_als.rs"]
mod logic_als;
#[path = "logic_b.rs"]
mod logic_b;
#[path = "logic_chains.rs"]
mod logic_chains;
#[path = "logic_part1.rs"]
mod logic_part1;
#[path = "logic_techniques.rs"]
mod logic_techniques;
#[path = "rate.rs"]
mod rate;
#[path = "rate_hodoku_reference.rs"]
mod rate_hodoku_reference;
#[path = "rate_levels.rs"]
mod rate_levels;

/// Every `.rs` file and every folder with a `mod.rs` beside this harness is one of its
/// modules: Cargo no longer finds test files on its own (`autotests = false`), so a file
/// left out would never run.
#[test]
fn every_test_file_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let harness = std::fs::read_to_string(dir.join("library.rs")).unwrap();
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let module = if path.join("mod.rs").is_file() {
            format!("{name}/mod.rs")
        } else if name.ends_with(".rs") && name != "library.rs" {
            name
        } else {
            continue;
        };
        files += 1;
        assert!(
            harness.contains(&format!("#[path = \"{module}\"]")),
            "tests/{module} is not a module of tests/library.rs"
        );
    }
    assert!(files > 1, "no test files found in {}", dir.display());
}
