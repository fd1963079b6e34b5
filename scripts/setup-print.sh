#!/usr/bin/env bash
# poppler-utils (pdftotext, pdftoppm, pdfinfo): the print tests read the PDFs back with them.
# A machine that can't install them fails here, as the tests would.
set -euo pipefail
command -v pdftotext >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1 &&
  command -v pdfinfo >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
$SUDO apt-get install -y -qq poppler-utils >/dev/null 2>&1 ||
  ($SUDO apt-get update -qq && $SUDO apt-get install -y -qq poppler-utils) >/dev/null
command -v pdftotext >/dev/null 2>&1 || { echo "setup-print: poppler-utils did not install" >&2; exit 1; }
