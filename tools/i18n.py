"""Keep the message catalogues in step with the code, with Babel: `python -m tools.i18n update|check`.

The messages are found by scanning `core/` and `cogs/` for the calls that name one (`t`, `tn`,
`lazy`, `lazy_n`, `mark`, `mark_plural`): their first string arguments are the English ids.
`update` adds new ids to every language's `data/locales/<lang>/messages.po` (untranslated) and drops
ids the code no longer uses; `check` lists what is missing, untranslated or unused, and fails if
anything is. `init <lang>` starts a new language. The slash commands' catalogue (`commands.po`) is
checked by `tests/test_i18n_commands.py` against the commands the bot syncs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

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


def extract() -> Catalog:
    """Every message the code names, with where (a template: no translations)."""
    template = Catalog(project="Deep Space", fuzzy=False)
    for source in SOURCES:
        found = extract_from_dir(
            ROOT / source, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("i18n:",)
        )
        for filename, line, message, comments, _context in found:
            template.add(message, None, [(f"{source}/{filename}", line)], auto_comments=comments)
    return template


def po_path(language: str) -> Path:
    return LOCALES / language / "messages.po"


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


def write(language: str, catalog: Catalog) -> None:
    """Files without line numbers, so a code change elsewhere in a file does not touch the catalogues."""
    catalog.fuzzy = False
    catalog.header_comment = (
        f"# Deep Space: what the bot says, in {language} (ids: the English texts).\n"
        "# Kept in step with the code by `python -m tools.i18n update`; see README, Languages."
    )
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "Deep Space"
    catalog.language_team = language
    with po_path(language).open("wb") as handle:
        write_po(handle, catalog, width=110, sort_output=False, include_lineno=False)


def ids(catalog: Catalog) -> set[str]:
    return {str(m.id[0]) if isinstance(m.id, tuple | list) else str(m.id) for m in catalog if m.id}


def problems(language: str, template: Catalog) -> list[str]:
    """What keeps `language`'s catalogue from being complete: missing, untranslated, unused ids."""
    catalog = read(language)
    wanted, have = ids(template), ids(catalog)
    found = [f"{language}: missing {i!r}" for i in sorted(wanted - have)]
    found += [f"{language}: unused {i!r}" for i in sorted(have - wanted)]
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if message.id and (not all(strings) or message.fuzzy):
            found.append(f"{language}: untranslated {message.id!r}")
    return found


def update(language: str, template: Catalog) -> None:
    exists = po_path(language).exists()
    catalog = read(language) if exists else Catalog(locale=language, project="Deep Space", version=None)
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    write(language, catalog)


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
        print(f"wrote {po_path(args.language)}: translate it, then its commands.po and glossary.json")
        return 0
    if args.action == "update":
        for language in TRANSLATED:
            update(language, template)
        print(f"{len(template)} messages; updated {', '.join(TRANSLATED)}")
        return 0
    found = [line for language in TRANSLATED for line in problems(language, template)]
    print("\n".join(found) or f"{len(template)} messages, translated in {', '.join(TRANSLATED)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
