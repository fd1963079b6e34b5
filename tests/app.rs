//! The app's integration tests, one binary: each file (and `print/`) beside this one is a
//! module of it, so the suite links the command's dependencies once, not once a file. A
//! new test file joins with a `#[path]` line below;
//! [`every_test_file_is_a_module_of_its_harness`] fails until it does (here and for the
//! library's harness).

#[path = "common/mod.rs"]
mod common;

#[path = "cli.rs"]
mod cli;
#[path = "conformance.rs"]
mod conformance;
#[path = "files_people_bring.rs"]
mod files_people_bring;
#[path = "giant_cli.rs"]
mod giant_cli;
#[path = "hostile_cli.rs"]
mod hostile_cli;
#[path = "pipes.rs"]
mod pipes;
#[path = "play_cli.rs"]
mod play_cli;
#[path = "play_e2e.rs"]
mod play_e2e;
#[path = "play_signals.rs"]
mod play_signals;
#[path = "print/mod.rs"]
mod print;
#[path = "rate_cli.rs"]
mod rate_cli;
#[path = "serve.rs"]
mod serve;

/// Every `.rs` file and every folder with a `mod.rs` beside a harness is one of its
/// modules, for this package's harness and the library's (`crates/sudoku/tests/library.rs`):
/// Cargo no longer finds test files on its own (`autotests = false`), so a file left out
/// would never run.
#[test]
fn every_test_file_is_a_module_of_its_harness() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (dir, harness_name) in [
        (root.join("tests"), "app.rs"),
        (root.join("crates/sudoku/tests"), "library.rs"),
    ] {
        let harness = std::fs::read_to_string(dir.join(harness_name)).unwrap();
        let mut files = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            let module = if path.join("mod.rs").is_file() {
                format!("{name}/mod.rs")
            } else if name.ends_with(".rs") && name != harness_name {
                name
            } else {
                continue;
            };
            files += 1;
            assert!(
                harness.contains(&format!("#[path = \"{module}\"]")),
                "{}/{module} is not a module of {harness_name}",
                dir.display()
            );
        }
        assert!(files > 1, "no test files found in {}", dir.display());
    }
}
