//! The app's integration tests, one binary: each file (and `print/`) beside this one is a
//! module of it, so the suite links the command's dependencies once, not once a file. A
//! new test file joins with a `#[path]` line below; [`every_test_file_is_a_module`] fails
//! until it does.

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

/// Every `.rs` file and every folder with a `mod.rs` beside this harness is one of its
/// modules: Cargo no longer finds test files on its own (`autotests = false`), so a file
/// left out would never run.
#[test]
fn every_test_file_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let harness = std::fs::read_to_string(dir.join("app.rs")).unwrap();
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let module = if path.join("mod.rs").is_file() {
            format!("{name}/mod.rs")
        } else if name.ends_with(".rs") && name != "app.rs" {
            name
        } else {
            continue;
        };
        files += 1;
        assert!(
            harness.contains(&format!("#[path = \"{module}\"]")),
            "tests/{module} is not a module of tests/app.rs"
        );
    }
    assert!(files > 1, "no test files found in {}", dir.display());
}
