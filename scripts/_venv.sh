# Sourced by start.sh and test.sh: make .venv with Python 3.11+ and install the project into it.
# Reinstalls only when pyproject.toml changed since the last install (a stamp file remembers).

find_python() {
  for candidate in "${PYTHON:-}" python3.13 python3.12 python3.11 python3 python; do
    [ -n "$candidate" ] || continue
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  echo "Deep Space needs Python 3.11 or newer; install it (python.org) and try again." >&2
  return 1
}

ensure_venv() {  # $1: the extras to install, e.g. "[dev]" or ""
  local extras="$1" stamp=".venv/.installed" hash have
  if ! .venv/bin/python -m pip --version >/dev/null 2>&1; then  # missing, or a half-made one
    echo "Creating .venv ..." >&2
    rm -rf .venv
    "$(find_python)" -m venv .venv || {
      echo "Could not create a virtual environment. On Debian/Ubuntu: apt install python3-venv" >&2
      rm -rf .venv
      return 1
    }
  fi
  hash="$(.venv/bin/python -c 'import hashlib; print(hashlib.sha256(open("pyproject.toml","rb").read()).hexdigest())')"
  have="$(cat "$stamp" 2>/dev/null || true)"
  # An install with the dev extras also serves a plain run, so start.sh after test.sh installs nothing.
  if [ "$have" != "$hash$extras" ] && [ "$have" != "$hash[dev]" ]; then
    echo "Installing Deep Space$extras into .venv ..." >&2
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".$extras"
    echo "$hash$extras" > "$stamp"
  fi
}
