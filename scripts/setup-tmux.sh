#!/usr/bin/env bash
# tmux drives `sudoku play` in a pseudo-terminal for the game's end-to-end tests.
set -euo pipefail
command -v tmux >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq tmux >/dev/null
