"""The layers of the code, read from the modules' own imports (no module is imported to check this).

`cogs` (Discord) builds on `core` (the games, their texts and the store); `core` never imports `cogs` or
discord. The command-line programs (`tools`) build on `core` too, beside the bot: they import neither
`cogs` nor discord, and `core` never imports them. Inside `core`, a module imports only its own layer
or lower ones, and the two games never import each other. No package has an import cycle. Imports
under `if TYPE_CHECKING:` count for the layers but not for cycles: they never run, so they cannot make
a cycle at import time.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Lowest first. A module belongs to the layer of its longest listed prefix; every core and tools module
# has one.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # Words (and the languages they are said in), errors, randomness and the parts every game and the
    # store share; nothing game-specific.
    (
        "foundation",
        (
            "core.words",
            "core.i18n",
            "core.rng",
            "core.errors",
            "core.policies",
            "core.table",
            "core.ranking",
            "core.events",
            "core.game",
            "core.settings",
            "core.logs",
            "core.version",
            "core.gc_pace",
        ),
    ),
    # The rules engines and the store: same height, blind to each other.
    ("engines", ("core.d6", "core.dine")),
    ("storage", ("core.storage",)),
    # Pictures and texts of the engines' states.
    ("render", ("core.render",)),
    # Each game declared once (`core.game.Game`), from its engine and its renderers.
    ("declarations", ("core.games",)),
    # What the bot offers around the games: dailies, statistics, verification, the about and rules texts.
    (
        "services",
        (
            "core.daily",
            "core.stats",
            "core.verify",
            "core.about",
            "core.guide",
            "core.tips",
            "core.registry",
            "core.results",
            "core.share",
        ),
    ),
    # Command-line programs (the simulator, the balance report, the gallery, terminal play): a package
    # of their own, so nothing in core imports them.
    ("programs", ("tools",)),
)
RANK = {
    "foundation": 0,
    "engines": 1,
    "storage": 1,
    "render": 2,
    "declarations": 3,
    "services": 4,
    "programs": 5,
}
GAMES = ("core.d6", "core.dine")
GAME_COGS = ("cogs.d6", "cogs.dine")


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _sources(package: str) -> dict[str, Path]:
    return {_module_name(path): path for path in sorted((ROOT / package).rglob("*.py"))}


MODULES = {**_sources("core"), **_sources("cogs"), **_sources("tools")}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(node: ast.AST, typing_only: bool = False) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement under `node` (in functions too), and whether only a type checker runs it."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child, typing_only
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for branch in child.body:
                yield from _walk(ast.Module(body=[branch], type_ignores=[]), True)
            for branch in child.orelse:
                yield from _walk(ast.Module(body=[branch], type_ignores=[]), typing_only)
        else:
            yield from _walk(child, typing_only)


@cache
def imports(name: str, *, runtime_only: bool = False) -> frozenset[str]:
    """The modules `name` imports: absolute names, a `from package import module` counted as the
    module; third-party modules by their top-level name."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node, typing_only in _walk(ast.parse(path.read_text(encoding="utf-8"))):
        if runtime_only and typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            parts = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*parts, base] if base else parts)
        subs = {f"{base}.{alias.name}" for alias in node.names} & MODULES.keys()
        found |= subs or {base}
    found.discard(name)  # a package's __init__ importing its own modules
    return frozenset(found)


def layer_of(name: str) -> str | None:
    best: tuple[int, str] | None = None
    for layer, prefixes in LAYERS:
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), layer)
    return best[1] if best else None


def _in(package: str) -> list[str]:
    return [name for name in MODULES if name == package or name.startswith(package + ".")]


def _core() -> list[str]:
    return [name for name in MODULES if name.startswith("core.")]


def test_every_core_and_tools_module_has_a_layer() -> None:
    missing = [name for name in [*_core(), *_in("tools")] if layer_of(name) is None]
    assert not missing, f"add these to LAYERS in {Path(__file__).name}: {missing}"


@pytest.mark.parametrize("name", [*_in("core"), *_in("tools")])
def test_core_and_tools_never_import_discord_or_the_cogs(name: str) -> None:
    bad = {m for m in imports(name) if m.split(".")[0] in ("discord", "cogs", "bot")}
    assert not bad, f"{name} imports {sorted(bad)}"


@pytest.mark.parametrize("name", _in("core"))
def test_core_never_imports_the_tools(name: str) -> None:
    bad = {m for m in imports(name) if m.split(".")[0] == "tools"}
    assert not bad, f"{name} imports {sorted(bad)}"


def test_no_core_module_imports_a_higher_layer() -> None:
    wrong = []
    for name in [*_core(), *_in("tools")]:
        own = layer_of(name)
        for target in sorted(m for m in imports(name) if m.split(".")[0] in ("core", "tools")):
            theirs = layer_of(target)
            if own is None or theirs is None or theirs == own:
                continue
            if RANK[theirs] >= RANK[own]:
                wrong.append(f"{name} ({own}) imports {target} ({theirs})")
    assert not wrong, "\n".join(wrong)


def test_a_game_never_imports_another_game() -> None:
    for games in (GAMES, GAME_COGS):
        for game in games:
            others = [g for g in games if g != game]
            for name in MODULES:
                if name == game or name.startswith(game + "."):
                    bad = [m for m in imports(name) if any(m == o or m.startswith(o + ".") for o in others)]
                    assert not bad, f"{name} imports {bad}"


def test_the_shared_cog_helpers_import_no_game_cog() -> None:
    for name in MODULES:
        if name == "cogs.ui" or name.startswith("cogs.ui."):
            # The bot (cogs.client) only for its type: it builds on these helpers, not on a game.
            bad = [
                m
                for m in imports(name)
                if m.startswith("cogs.") and not m.startswith(("cogs.ui", "cogs.client"))
            ]
            assert not bad, f"{name} imports {bad}"


def _cycles(names: list[str]) -> list[list[str]]:
    """The import cycles among `names` (strongly connected components of more than one module)."""
    graph = {n: sorted(imports(n, runtime_only=True) & set(names)) for n in names}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in names:
        if node not in index:
            visit(node)
    return found


@pytest.mark.parametrize("package", ["core", "cogs", "tools"])
def test_no_import_cycle(package: str) -> None:
    assert _cycles(_in(package)) == []


def test_the_import_reader_sees_real_imports() -> None:
    """An import reader that saw nothing would pass every check above. The search crew once imported a
    renderer and the module that imported it; now it imports neither."""
    assert "core.words" in imports("core.dine.engine")
    assert "core.dine.ai" in imports("core.dine.search")
    assert not {"core.render.dine_text", "core.dine.crews"} & imports("core.dine.search")
    assert "core.dine.search" not in imports("core.dine.ai")
    assert layer_of("core.render.dine_text") == "render"
    assert layer_of("core.dine.search") == "engines"
    assert {"tools.sim", "core.dine.crews"} <= imports("tools.balance")
    assert layer_of("tools.sim") == "programs"
    assert layer_of("tools") == "programs"
