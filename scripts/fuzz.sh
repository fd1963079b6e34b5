#!/usr/bin/env bash
# Fuzzing (docs/fuzzing.md).
#   scripts/fuzz.sh seed          make fuzz/corpus/<target> from testdata/
#   scripts/fuzz.sh run [SECS]    fuzz each target SECS seconds (default 60) with cargo-fuzz on
#                                 nightly, from the seeds; where that toolchain is missing,
#                                 falls back to `replay`
#   scripts/fuzz.sh replay        build the targets on the default toolchain and run each seed
#                                 once (a regression run: no fuzzing, no sanitizer)
set -euo pipefail
cd "$(dirname "$0")/.."

TARGETS=(parse_any parse_forced logic_steps solvers_agree)
# Format::ALL's order: a parse_forced seed starts with its format's index, then a shape byte.
FORMATS=(line boxed sdk ss pm hodoku sukaku opensudoku matrix classic leptonica pipe json)

seed() {
  local c=fuzz/corpus
  rm -rf "$c"
  mkdir -p "${TARGETS[@]/#/$c/}"
  local i=0 n
  for f in $(find testdata/formats testdata/large testdata/puzzles -type f -size -64k | sort); do
    i=$((i + 1))
    cp "$f" "$c/parse_any/seed$i"
  done
  for k in "${!FORMATS[@]}"; do
    n=0
    for f in $(find "testdata/formats/${FORMATS[$k]}" -type f 2>/dev/null | sort); do
      n=$((n + 1))
      { printf "\\x$(printf %02x "$k")\\x00"; cat "$f"; } >"$c/parse_forced/${FORMATS[$k]}$n"
    done
  done
  # Hostile shapes of input, small: the fuzzer grows them.
  printf '{"grid":\n\n\n[[1,0,0,0],[0,0,0,0],\n[0,0,0,0],[0,0,0,2]]}\n' >"$c/parse_any/json_lines"
  printf '<opensudoku><a><a><a><!-- x\n-->\n<game data="%081d"/></a></a></a>\n' 0 >"$c/parse_any/xml_nested"
  # The logic solver and the engines take arbitrary bytes: slices of the sample puzzles.
  i=0
  for f in $(find testdata/logic testdata/corpus -type f | sort); do
    i=$((i + 1))
    head -c 96 "$f" >"$c/logic_steps/seed$i"
    head -c 96 "$f" >"$c/solvers_agree/seed$i"
    tail -c 96 "$f" >"$c/logic_steps/tail$i"
  done
  echo "seeds: $(find "$c" -type f | wc -l) files in $c"
}

replay() {
  [ -d fuzz/corpus ] || seed
  (cd fuzz && cargo build --release -q)
  for t in "${TARGETS[@]}"; do
    echo "== $(date +%T) replay $t over $(find "fuzz/corpus/$t" -type f | wc -l) seeds"
    find "fuzz/corpus/$t" -type f -print0 | xargs -0 "fuzz/target/release/$t" >/dev/null 2>"fuzz/replay-$t.log" || {
      tail -40 "fuzz/replay-$t.log" >&2
      exit 1
    }
    rm -f "fuzz/replay-$t.log"
  done
}

have_fuzz() {
  cargo +nightly --version >/dev/null 2>&1 || return 1
  command -v cargo-fuzz >/dev/null 2>&1 && return 0
  echo "note: installing cargo-fuzz" >&2
  cargo install cargo-fuzz --locked -q >/dev/null 2>&1
}

run() {
  local secs=${1:-60}
  if ! have_fuzz; then
    echo "note: no nightly toolchain or cargo-fuzz: running the seeds once instead of fuzzing" >&2
    replay
    return
  fi
  [ -d fuzz/corpus ] || seed
  for t in "${TARGETS[@]}"; do
    echo "== $(date +%T) fuzz $t for ${secs}s"
    # A fixed seed: the same run every time; the corpus grows in fuzz/corpus.
    (cd fuzz && cargo +nightly fuzz run "$t" "corpus/$t" -- \
      -max_total_time="$secs" -seed=1 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
      >"run-$t.log" 2>&1) || {
      tail -60 "fuzz/run-$t.log" >&2
      exit 1
    }
    grep -E "^stat::number_of_executed_units|^Done" "fuzz/run-$t.log" | tr '\n' ' '
    echo
    rm -f "fuzz/run-$t.log"
  done
}

case "${1:-}" in
  seed) seed ;;
  replay) replay ;;
  run) run "${2:-60}" ;;
  *) sed -n '2,9p' "$0"; exit 2 ;;
esac
