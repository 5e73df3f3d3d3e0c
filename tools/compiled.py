"""The Dine engine and crews compiled with mypyc, for the long runs (the balance report, benchmarks):
the same source, the same games, a third less CPU.

    python -m tools.compiled tools.balance --games 1000 ...   # any module, run with the compiled build
    python -m tools.compiled build                            # only build (done on first use anyway)

mypyc turns the type-checked modules of `HOT` into C extensions. The build goes to `.compiled/`
(kept out of git), in a folder named by the hash of every source under `core/` (what they are compiled
against counts too), the Python, mypyc and its settings, and it is only ever loaded by `use`: a plain
`python -m ...`, the bot and the test suite run the Python source, and a source edited since a build
is never shadowed by a stale extension (its hash, and so its folder, is new). A test plays the same
games both ways (`tests/test_compiled.py`). Python 3.11 only: from 3.12 the built-in `sum` of floats
compensates rounding, which compiled code (a plain loop) does not, so the games could differ.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import runpy
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
BUILDS = ROOT / ".compiled"
# What a balance run spends its time in: the engine's `apply` and moves, the heuristic crew that plays
# the playouts, the expert's search and worlds, the symbol arithmetic. (The pydantic models in
# `state`, `cards` and `actions` stay Python: pydantic reads their annotations at run time.)
HOT = tuple(f"core/dine/{name}.py" for name in ("engine", "ai", "expert", "worlds", "symbols"))
MANIFEST = "manifest.json"
MODULES = "modules"  # the compiled modules' own files, found by `_Finder` only (not on `sys.path`)
SETTINGS = ("MYPYC_OPT_LEVEL", "MYPYC_DEBUG_LEVEL", "CC", "CFLAGS")  # what else changes the build


def module_name(source: str) -> str:
    """`core/dine/engine.py` → `core.dine.engine`."""
    return source.removesuffix(".py").replace("/", ".")


def stamp(root: Path = ROOT) -> str:
    """What a build is made from: every source under `root`'s `core/` (the compiled modules and the
    types they are compiled against), this Python, the mypyc doing it and its settings."""
    from mypy.version import __version__ as mypy_version

    settings = [f"{name}={os.environ.get(name, '')}" for name in SETTINGS]
    digest = hashlib.sha256("\n".join([sys.version, mypy_version, *settings, ""]).encode())
    for source in sorted((root / "core").rglob("*.py")):
        digest.update(source.relative_to(root).as_posix().encode() + b"\0" + source.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def build(root: Path = ROOT, into: Path = BUILDS) -> Path:
    """The folder of the build for `root`'s current sources, built first if there is none. The sources
    are copied first and compiled there (mypyc writes its C and extensions beside them), so the hash
    names what was compiled, and the working tree never holds an extension shadowing its source.
    A new build replaces the older ones."""
    into.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="mypyc-", dir=into) as work:
        shutil.copytree(root / "core", Path(work) / "core", ignore=shutil.ignore_patterns("__pycache__"))
        folder = into / stamp(Path(work))
        if (folder / MANIFEST).exists():
            return folder
        print(f"Compiling {', '.join(HOT)} with mypyc (once for these sources)…", file=sys.stderr, flush=True)
        done = subprocess.run(
            [sys.executable, "-m", "mypyc", *HOT], cwd=work, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"mypyc could not build {', '.join(HOT)}:\n{done.stdout}\n{done.stderr}")
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        staged = Path(work) / "build-out"
        (staged / MODULES).mkdir(parents=True)
        files: dict[str, str] = {}
        for source in HOT:
            built = Path(work) / (source.removesuffix(".py") + suffix)
            shutil.copy2(built, staged / MODULES / built.name)
            files[module_name(source)] = f"{MODULES}/{built.name}"
        for shared in Path(work).glob(f"*__mypyc{suffix}"):  # the code of every module, shared
            shutil.copy2(shared, staged / shared.name)
        (staged / MANIFEST).write_text(json.dumps({"modules": files}, indent=1) + "\n")
        try:
            os.replace(staged, folder)
        except OSError:  # another process finished the same build first: theirs is as good
            if not (folder / MANIFEST).exists():
                raise
    for older in into.iterdir():  # a process still running an older build keeps what it loaded
        if older != folder and (older / MANIFEST).exists():
            shutil.rmtree(older, ignore_errors=True)
    return folder


class _Finder(importlib.abc.MetaPathFinder):
    """Imports the compiled modules from their build folder, before the source would be found."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        return None if file is None else importlib.util.spec_from_file_location(fullname, file)


def use(root: Path = ROOT, into: Path = BUILDS) -> Path:
    """Build if needed, then make this process import the compiled modules. It must run before any of
    them is imported (else the process would mix both builds), so `main` does it first."""
    names = [module_name(source) for source in HOT]
    if loaded := [name for name in names if name in sys.modules]:
        raise RuntimeError(f"already imported from source, so the compiled build cannot be used: {loaded}")
    if sys.version_info >= (3, 12):  # `sum` of floats differs from compiled code's there (module doc)
        raise RuntimeError("the compiled build plays the same games as the source on Python 3.11 only")
    folder = build(root, into)
    modules: dict[str, str] = json.loads((folder / MANIFEST).read_text())["modules"]
    sys.path.insert(0, str(folder))  # the shared `…__mypyc` extension is imported by its name
    sys.meta_path.insert(0, _Finder({name: folder / file for name, file in modules.items()}))
    return folder


def is_compiled() -> bool:
    """Whether this process plays with the compiled engine (what a report says it was made with)."""
    engine = sys.modules.get("core.dine.engine")
    return engine is not None and not str(getattr(engine, "__file__", "")).endswith(".py")


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return
    if args[0] == "build":
        print(build())
        return
    use()
    sys.argv = args
    runpy.run_module(args[0], run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
