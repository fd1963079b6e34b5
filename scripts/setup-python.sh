#!/usr/bin/env bash
# The Python face's test needs: python3 with venv (Debian packages when missing), then a
# venv under target/ with maturin, numpy, pytest and dask. Quick when all is there.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=target/python-venv
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  echo "setup-python: installing python3 and python3-venv"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3 python3-venv python3-pip >/dev/null
fi
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
want=(maturin numpy pytest dask distributed)
if ! "$VENV/bin/python" -c 'import maturin, numpy, pytest, dask, distributed' >/dev/null 2>&1; then
  "$VENV/bin/python" -m pip install -q --upgrade pip
  "$VENV/bin/python" -m pip install -q "${want[@]}"
fi
echo "setup-python: $("$VENV/bin/python" --version) in $VENV with ${want[*]}"
