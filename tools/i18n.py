"""Keep the message catalogues in step with the code, with Babel: `python -m tools.i18n update|check`.

The messages are found by scanning `core/` and `cogs/` for the calls that name one (`t`, `tn`,
`lazy`, `lazy_n`, `mark`, `mark_plural`): their first string arguments are the English ids. Babel
reads the calls in the code; those inside an f-string's braces it cannot see on Python 3.11 (the
tokenizer hands it the whole f-string as one string), so those are found in the syntax tree.
`update` adds new ids to every language's `data/locales/<lang>/messages.po` (untranslated) and drops
ids the code no longer uses; `check` lists what is missing, untranslated or unused, and fails if
anything is. `init <lang>` starts a new language. The slash commands' catalogue (`commands.po`) is
checked by `tests/test_i18n_commands.py` against the commands the bot syncs.
"""

from __future__ import annotations

import argparse
import ast
import copy
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from core.i18n.catalogues import MESSAGE_DOMAINS, Domain

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "data" / "locales"
SOURCES = ("core", "cogs")
# name → the positions (1-based) of the arguments that are message ids: singular, then plural.
KEYWORDS: dict[str, tuple[int, ...]] = {
    "t": (2,),
    "tn": (2, 3),
    "lazy": (1,),
    "lazy_n": (1, 2),
    "mark": (1,),
    "mark_plural": (1, 2),
}
TRANSLATED = ("de", "es")  # English is the ids themselves
# Which catalogue file a message goes to, by where the code names it: a game's own texts in its
# own file; a message named in more than one area, or anywhere else, in the shared `messages`.
AREAS: dict[Domain, tuple[str, ...]] = {
    "d6": ("core/d6/", "core/render/d6_", "cogs/d6/", "core/tips/d6", "core/games/d6.py"),
    "dine": ("core/dine/", "core/render/dine_", "cogs/dine/", "core/tips/dine", "core/games/dine.py"),
}
SHARED: Domain = "messages"


def area(path: str) -> Domain:
    for domain, prefixes in AREAS.items():
        if path.startswith(prefixes):
            return domain
    return SHARED


def extract_all() -> Catalog:
    """Every message the code names, with where (a template: no translations)."""
    template = Catalog(project="Deep Space", fuzzy=False)
    for source in SOURCES:
        found = extract_from_dir(
            ROOT / source, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("i18n:",)
        )
        for filename, line, message, comments, _context in found:
            template.add(message, None, [(f"{source}/{filename}", line)], auto_comments=comments)
        for path in sorted((ROOT / source).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            for line, message in in_f_strings(path.read_text(encoding="utf-8")):
                template.add(message, None, [(where, line)])
    return template


def in_f_strings(code: str) -> Iterator[tuple[int, str | tuple[str, ...]]]:
    """The messages named by calls inside f-strings' braces (`f"({t(locale, 'in stasis')})"`), which
    Babel misses: (line, id), or (line, (singular, plural)) for the plural calls."""
    seen: set[ast.Call] = set()
    for joined in ast.walk(ast.parse(code)):
        if not isinstance(joined, ast.JoinedStr):
            continue
        for call in ast.walk(joined):
            if not isinstance(call, ast.Call) or call in seen:
                continue
            seen.add(call)  # an f-string nested in another is walked twice
            func = call.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in KEYWORDS:
                continue
            args = [call.args[n - 1] if n <= len(call.args) else None for n in KEYWORDS[name]]
            ids = [a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if len(ids) == len(args):  # a message named by a variable is found where it is marked
                yield call.lineno, ids[0] if len(ids) == 1 else tuple(ids)


def extract() -> dict[Domain, Catalog]:
    """The templates of every message domain: each message in the file of the area naming it."""
    templates: dict[Domain, Catalog] = {
        d: Catalog(project="Deep Space", fuzzy=False) for d in MESSAGE_DOMAINS
    }
    for message in extract_all():
        if not message.id:
            continue
        where: set[Domain] = {area(str(path)) for path, _ in message.locations}
        home: Domain = where.pop() if len(where) == 1 else SHARED
        templates[home][message.id] = message
    return templates


def po_path(language: str, domain: Domain = SHARED) -> Path:
    return LOCALES / language / f"{domain}.po"


def read(language: str, domain: Domain = SHARED) -> Catalog:
    with po_path(language, domain).open("rb") as handle:
        return read_po(handle, locale=language)


def write(language: str, catalog: Catalog, domain: Domain = SHARED) -> None:
    """Files without line numbers, so a code change elsewhere in a file does not touch the catalogues."""
    catalog.fuzzy = False
    catalog.header_comment = (
        f"# Deep Space: what the bot says, in {language} (ids: the English texts).\n"
        "# Kept in step with the code by `python -m tools.i18n update`; see README, Languages."
    )
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "Deep Space"
    catalog.language_team = language
    with po_path(language, domain).open("wb") as handle:
        write_po(handle, catalog, width=110, sort_output=False, include_lineno=False)


def _key(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, tuple | list) else message.id)


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return all(strings)


def ids(catalog: Catalog) -> set[str]:
    return {str(m.id[0]) if isinstance(m.id, tuple | list) else str(m.id) for m in catalog if m.id}


def problems(language: str, templates: dict[Domain, Catalog]) -> list[str]:
    """What keeps `language`'s catalogues from being complete: missing, untranslated, unused ids (or
    ids in another area's file than the one the code puts them in)."""
    found: list[str] = []
    for domain, template in templates.items():
        catalog = read(language, domain)
        wanted, have = ids(template), ids(catalog)
        found += [f"{language}/{domain}: missing {i!r}" for i in sorted(wanted - have)]
        found += [f"{language}/{domain}: unused {i!r}" for i in sorted(have - wanted)]
        for message in catalog:
            if message.id and (not _translated(message) or message.fuzzy):
                found.append(f"{language}/{domain}: untranslated {message.id!r}")
    return found


def update(language: str, templates: dict[Domain, Catalog]) -> None:
    """Bring every message file of `language` in step; a translation whose message moved to another
    area's file moves with it."""
    known: dict[str, object] = {}
    for domain in templates:
        if po_path(language, domain).exists():
            for message in read(language, domain):
                if message.id and _translated(message):
                    known[_key(message)] = message.string
    for domain, template in templates.items():
        exists = po_path(language, domain).exists()
        catalog = (
            read(language, domain) if exists else Catalog(locale=language, project="Deep Space", version=None)
        )
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True)  # Babel adopts a new message as is
        catalog.obsolete.clear()
        for message in catalog:
            if message.id and not _translated(message) and _key(message) in known:
                message.string = known[_key(message)]  # pyright: ignore[reportAttributeAccessIssue]
        write(language, catalog, domain)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.i18n", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("action", choices=("update", "check", "init"))
    parser.add_argument("language", nargs="?", help="init: the new language's code, e.g. fr")
    args = parser.parse_args(argv)
    template = extract()
    if args.action == "init":
        if not args.language:
            parser.error("init needs a language code")
        (LOCALES / args.language).mkdir(parents=True, exist_ok=True)
        update(args.language, template)
        print(f"wrote {LOCALES / args.language}/*.po: translate them, then commands.po and glossary.json")
        return 0
    if args.action == "update":
        for language in TRANSLATED:
            update(language, template)
        print(f"{sum(map(len, template.values()))} messages; updated {', '.join(TRANSLATED)}")
        return 0
    found = [line for language in TRANSLATED for line in problems(language, template)]
    total = sum(map(len, template.values()))
    print("\n".join(found) or f"{total} messages, translated in {', '.join(TRANSLATED)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
