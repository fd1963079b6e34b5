#!/usr/bin/env bash
# The browser app's end-to-end tests need Debian's Chromium, Node and the npm packages of
# tests/browser (playwright-core only; it drives /usr/bin/chromium and downloads no browser).
# Anything missing is installed; a failed install fails the run (no silent skip).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
cd tests/browser
if [ ! -d node_modules/playwright-core ] || ! cmp -s package-lock.json node_modules/.package-lock.json; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
