#!/usr/bin/env bash
# The Python package's tests: build the wheel from python/ into the venv that
# setup-python.sh made, then pytest python/tests, comparing with the `sudoku` binary; and
# the giant-grid bench's own parts (scripts/tests), which need only that binary.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV="$PWD/target/python-venv"
[ -x "$VENV/bin/python" ] || bash scripts/setup-python.sh
# maturin's build backend runs the `maturin` of the venv.
export PATH="$VENV/bin:$PATH"
# The CLI to agree with: the one `cargo test --workspace` just built (nothing is built
# again: `cargo build --profile test` alone resolves other features and built it anew).
cargo test --workspace --no-run --quiet
export SUDOKU_BIN="$PWD/target/debug/sudoku"
# The extension's own build directory under target/, kept warm between runs.
export CARGO_TARGET_DIR="$PWD/target/python"
echo "== $(date +%T) the wheel"
"$VENV/bin/python" -m pip install -q --no-build-isolation --force-reinstall --no-deps ./python
# From the repository's root, so that `import sudokit` is the package just installed and not
# the source folder python/sudokit (which holds no compiled extension in a fresh clone).
echo "== $(date +%T) pytest"
# --confcutdir: the root conftest.py (the binary both suites check against) is above
# python/, whose pyproject.toml makes it pytest's rootdir.
"$VENV/bin/python" -m pytest -q -p no:cacheprovider --confcutdir "$PWD" python/tests scripts/tests
