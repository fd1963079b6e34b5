#!/usr/bin/env bash
# End-to-end tests of `sudoku serve` in headless Chromium: starts the server on a free port,
# runs tests/browser with Node's test runner, stops the server. Screenshots of each stage
# are kept in target/browser-screenshots/ (CI artifacts).
set -euo pipefail
cd "$(dirname "$0")/.."
# The binary `cargo test --workspace` builds for the integration tests: nothing is built
# when it ran just before, as in scripts/test. (`cargo test --test app` alone resolves
# the features of one package, not of the workspace, and built everything again.)
sudoku="$(cargo test --workspace --no-run --message-format=json 2>/dev/null | node -e '
  let out = "";
  require("readline").createInterface({ input: process.stdin }).on("line", (l) => {
    const m = JSON.parse(l);
    if (m.reason === "compiler-artifact" && m.target.name === "sudoku" && m.target.kind.includes("bin") && !m.profile.test && m.executable) out = m.executable;
  }).on("close", () => console.log(out));')"
[ -x "$sudoku" ] || { echo "could not build the sudoku binary" >&2; cargo test --workspace --no-run; exit 1; }
shots="$PWD/target/browser-screenshots"
rm -rf "$shots"
mkdir -p "$shots"
out="$(mktemp)"
"$sudoku" serve --port 0 >"$out" 2>"$shots/server.log" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$out"' EXIT
url=""
for _ in $(seq 100); do
  url="$(head -n1 "$out")"
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || { echo "sudoku serve did not start" >&2; cat "$shots/server.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "sudoku serve printed no URL in 10 s" >&2; exit 1; }
echo "server at $url"
cd tests/browser
SUDOKU_URL="$url" SHOTS="$shots" node --test --test-concurrency=1 e2e.test.mjs
