#!/usr/bin/env bash
# Set up everything on first use, then start the bot (SQLite, no other service needed).
# Usage: bash scripts/start.sh [--sync-global]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_venv.sh
ensure_venv ""
exec .venv/bin/python bot.py "$@"
