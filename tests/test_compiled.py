"""The compiled build (`tools.compiled`) plays the very games the Python source plays, and is never
used by accident: only a process that asks for it loads it, and a changed source gets a new build."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.dine_fingerprint import main as fingerprint
from tools.compiled import HOT, ROOT, build, is_compiled, stamp, use

needs_compiler = pytest.mark.skipif(
    shutil.which("cc") is None and shutil.which("gcc") is None, reason="mypyc needs a C compiler"
)


@needs_compiler
def test_the_compiled_engine_plays_the_same_games(tmp_path: Path) -> None:
    """Three whole expert games (every decision's move and reason, and the final state, hashed) are the
    same with the compiled modules as with the source, and every one of the modules was compiled."""
    folder = build()  # its own step: a cold build takes a minute or two
    assert folder.name == stamp(ROOT)
    compiled, source = tmp_path / "compiled.txt", tmp_path / "source.txt"
    run = (
        "import sys\n"
        "from tools.compiled import HOT, module_name, use, is_compiled\n"
        "use()\n"
        "from bench.dine_fingerprint import main\n"
        f"main([{str(compiled)!r}, '--first', '3'])\n"
        "print('compiled:', is_compiled(), *(sys.modules[module_name(s)].__file__ for s in HOT))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", run], cwd=ROOT, capture_output=True, text=True, timeout=280, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    said = done.stdout.splitlines()[-1].split()
    assert said[:2] == ["compiled:", "True"], said
    assert len(said) == 2 + len(HOT)
    assert all(str(folder) in file and not file.endswith(".py") for file in said[2:]), said
    fingerprint([str(source), "--first", "3"])
    assert not is_compiled()  # this process played the Python source
    assert compiled.read_text().splitlines() == source.read_text().splitlines()
    assert len(source.read_text().splitlines()) == 3


def test_a_changed_source_gets_a_new_build(tmp_path: Path) -> None:
    """A build is named by the sources it was made from, the compiled ones and those they are compiled
    against alike, so an edit since a build never loads the stale extension."""
    shutil.copytree(ROOT / "core", tmp_path / "core", ignore=shutil.ignore_patterns("__pycache__"))
    assert stamp(tmp_path) == stamp(ROOT)
    for edited in (tmp_path / HOT[0], tmp_path / "core/dine/state.py"):  # compiled; compiled against
        before = stamp(tmp_path)
        edited.write_text(edited.read_text() + "\n# an edit\n")
        assert stamp(tmp_path) != before


def test_a_process_that_imported_the_source_is_refused() -> None:
    """Mixing both builds in one process is refused: the compiled build is taken before any import."""
    import core.dine.engine  # noqa: F401  (imported from source, as this suite plays)

    with pytest.raises(RuntimeError, match="already imported"):
        use()
