#!/usr/bin/env bash
# Set up everything on first use, then lint, type-check and run the whole test suite.
# Usage: bash scripts/test.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_venv.sh
ensure_venv "[dev]"
.venv/bin/ruff check .
.venv/bin/ruff format --check --quiet . || { echo "ruff format would change files: run .venv/bin/ruff format ." >&2; exit 1; }
.venv/bin/pyright  # strict on core/ and tools/, standard on cogs/ and bot.py: [tool.pyright] in pyproject.toml
exec .venv/bin/python -m pytest "$@"
