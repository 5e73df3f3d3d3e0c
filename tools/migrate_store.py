"""Copy every game, action log, result and daily record from one store to another, and prove it.

    python -m tools.migrate_store --from sqlite:///var/deepspace.sqlite3 --to postgresql://user@host/db
    python -m tools.migrate_store --from postgresql://user@host/db --to sqlite:///var/copy.sqlite3

Both stores are opened as the bot opens them (each is migrated to its latest schema first). Rows
keep their ids, so a game's log, result and attempt still belong to it. The target must be empty or
hold an earlier copy of this same source: a row that is not the source's (a game the bot already
played there under an id the source uses for another, a log entry or result the source lacks) is
named and nothing is written (exit 2). Running it again is safe: insert-only rows (logs, results,
verdicts, attempts) already copied are left alone, rows that change (games, leaderboard bests,
daily posts, preferences) are brought up to date, and bests the source has since ranked again are
deleted from the copy. A preference the copy has and the source lacks (set on the copy, or reset on
the source: the two look alike), or changed on the copy after the source's, is not lost unasked:
they are named and nothing is written (exit 2) unless `--overwrite` says to make the copy match. (A
preference reset on the copy leaves nothing to compare: the source's is copied back.)
Everything is written in one transaction and checked before it commits: every table's row count and
checksum must be the same on both sides; otherwise it says which, writes nothing and exits 1.
Stop the bot while copying, so the source does not change under it.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from core.logs import URL_SPECIAL, unencoded_special, url_secrets, without_secrets
from core.storage.postgres import PostgresStore, is_postgres_url
from core.storage.sql_store import TABLES, Row, SqlStore, Table, TableWriter
from core.storage.sqlite import SqliteStore


def open_location(location: str) -> SqlStore:
    """`postgresql://…` is PostgreSQL; `sqlite:///relative/path`, `sqlite:////absolute/path`,
    `sqlite:///~/path` (home folder) or a plain path is a SQLite file."""
    if is_postgres_url(location):
        special = unencoded_special(location)
        if special is not None:
            raise ValueError(
                f"the user name or password in the PostgreSQL URL holds {special!r}: percent-encode it "
                f"({URL_SPECIAL[special]})"
            )
        return PostgresStore(location, pool_size=2)
    if "://" in location and not location.startswith("sqlite:///"):
        scheme = location.split("://", 1)[0]
        raise ValueError(f"unknown kind of database {scheme!r}: use sqlite:///path or postgresql://…")
    path = location.removeprefix("sqlite:///")
    return SqliteStore(Path(path).expanduser())


def _plain(value: object) -> object:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def checksum(rows: Sequence[Row]) -> str:
    """SHA-256 over the rows in key order, each as JSON (times in UTC ISO form): equal data, equal sum."""
    digest = hashlib.sha256()
    for row in rows:
        digest.update(json.dumps([_plain(v) for v in row.values()], separators=(",", ":")).encode())
        digest.update(b"\n")
    return digest.hexdigest()


@dataclass(frozen=True)
class TableReport:
    table: str
    source_rows: int
    target_rows: int
    source_sum: str
    target_sum: str

    @property
    def ok(self) -> bool:
        return self.source_rows == self.target_rows and self.source_sum == self.target_sum

    def line(self) -> str:
        verdict = "ok" if self.ok else "MISMATCH"
        return (
            f"{self.table:<17} {self.source_rows:>9} → {self.target_rows:>9} rows"
            f"  sha256 {self.source_sum[:12]} / {self.target_sum[:12]}  {verdict}"
        )


Key = tuple[object, ...]


def _keyed(table: Table, rows: Sequence[Row]) -> dict[Key, Row]:
    return {tuple(row[c] for c in table.key): row for row in rows}


@dataclass
class Differences:
    """How a target's rows of one table stand against the source's, before a copy."""

    foreign: list[Key] = field(default_factory=list[Key])  # not the source's: the copy is refused
    stale: list[Key] = field(default_factory=list[Key])  # the source has since deleted them: deleted too
    own: list[Key] = field(default_factory=list[Key])  # changed on the copy: kept unless `overwrite`


def differences(table: Table, source: Sequence[Row], target: Sequence[Row]) -> Differences:
    """The target's rows that are not the source's (a key the source lacks in a table whose rows the
    bot never deletes, or a key it has with other fixed columns: another game under the same id), the
    ones the source has since deleted, and, where a row says when it changed, the ones changed on the
    copy: a row the source lacks (a setting made on the copy, or one the source reset: the two look
    alike) or one changed there later than in the source."""
    theirs = _keyed(table, source)
    found = Differences()
    for key, row in _keyed(table, target).items():
        original = theirs.get(key)
        if original is None:
            if not table.deletable:
                found.foreign.append(key)
            else:
                (found.stale if table.changed is None else found.own).append(key)
        elif any(_plain(row[c]) != _plain(original[c]) for c in table.fixed):
            found.foreign.append(key)
        elif table.changed is not None and _changed_later(table, row, original):
            found.own.append(key)
    return found


def _changed_later(table: Table, mine: Row, theirs: Row) -> bool:
    """The copy's row was changed after the source's, to something else (the same value set again on
    the copy loses nothing when the source's is copied over it)."""
    assert table.changed is not None
    when, then = mine[table.changed], theirs[table.changed]
    later = isinstance(when, datetime) and isinstance(then, datetime) and when > then
    others = (c for c in table.columns if c != table.changed)
    return later and any(_plain(mine[c]) != _plain(theirs[c]) for c in others)


class Refused(Exception):
    """The target holds rows that are not the source's; nothing was written."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class ChangedOnCopy(Refused):
    """The target holds changes the source lacks (settings made on the copy, or reset on the source
    since the last copy); nothing was written, as `overwrite` was not asked."""


class Differs(Exception):
    """The copy, read back inside its transaction, differs from the source: it was rolled back."""

    def __init__(self, reports: list[TableReport]) -> None:
        super().__init__(", ".join(r.table for r in reports if not r.ok))
        self.reports = reports


def _named(table: Table, keys: list[Key], shown: int = 3) -> str:
    listed = ", ".join("/".join(map(str, key)) for key in keys[:shown])
    more = f" and {len(keys) - shown} more" if len(keys) > shown else ""
    return f"{table.name} {'/'.join(table.key)} {listed}{more}"


async def migrate_store(source: SqlStore, target: SqlStore, overwrite: bool = False) -> list[TableReport]:
    """Copy every table, parents first, in one transaction on the target; the report of each (counts
    and checksums on both sides). Raises `Refused`, `ChangedOnCopy` (unless `overwrite`) or `Differs`
    having written nothing."""
    async with source, target:
        rows = {table.name: await source.dump(table) for table in TABLES}

        async def copy(into: TableWriter) -> list[TableReport]:
            stale: dict[str, list[Key]] = {}
            problems: list[str] = []
            changes: list[str] = []
            for table in TABLES:
                found = differences(table, rows[table.name], await into.dump(table))
                stale[table.name] = found.stale + found.own if overwrite else found.stale
                if found.foreign:
                    problems.append(_named(table, found.foreign))
                if found.own:
                    changes.append(_named(table, found.own))
            if problems:
                raise Refused(problems)
            if changes and not overwrite:
                raise ChangedOnCopy(changes)
            reports: list[TableReport] = []
            for table in TABLES:
                await into.delete(table, stale[table.name])
                await into.load(table, rows[table.name])
                copied = await into.dump(table)
                source_rows = rows[table.name]
                reports.append(
                    TableReport(
                        table.name, len(source_rows), len(copied), checksum(source_rows), checksum(copied)
                    )
                )
            if not all(report.ok for report in reports):
                raise Differs(reports)
            return reports

        return await target.copy_in(copy)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.migrate_store", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument("--from", dest="source", required=True, help="sqlite:///path or postgresql://…")
    parser.add_argument("--to", dest="target", required=True, help="sqlite:///path or postgresql://…")
    parser.add_argument(
        "--overwrite",
        action="store_true",
        help="make the copy's preferences match the source's even where the copy has its own changes",
    )
    args = parser.parse_args(argv)
    if args.source == args.target:
        print("--from and --to are the same store; nothing to do.", file=sys.stderr)
        return 2
    try:
        source, target = open_location(args.source), open_location(args.target)
    except ValueError as error:
        print(f"Nothing copied: {error}.", file=sys.stderr)
        return 2
    if isinstance(source, SqliteStore) and not Path(source.path).exists():
        print(f"No SQLite database at {source.path}.", file=sys.stderr)
        return 2
    try:
        reports = asyncio.run(migrate_store(source, target, overwrite=args.overwrite))
    except ChangedOnCopy as changes:
        print(
            "Nothing copied: the copy holds preferences the source lacks or holds older"
            f" ({changes}). Either they were set or changed on the copy since the last copy (the bot"
            " ran on it), or the source reset them. If the bot has been running on the copy, it is the"
            " live store now: copy from it instead. To make the copy match the source and lose them,"
            " run again with --overwrite.",
            file=sys.stderr,
        )
        return 2
    except Refused as refusal:
        print(
            "Nothing copied: the target already holds rows that are not this source's, and copying"
            f" would overwrite or mix them in ({refusal}). Copy into an empty database, or one that"
            " holds only an earlier copy of this source.",
            file=sys.stderr,
        )
        return 2
    except Differs as difference:
        for report in difference.reports:
            print(report.line())
        print(f"The copy differs from its source in: {difference}; nothing was written.", file=sys.stderr)
        return 1
    except Exception as error:  # a database that cannot be opened or written: say so, no traceback
        secrets = (*url_secrets(args.source), *url_secrets(args.target))
        why = without_secrets(str(error) or type(error).__name__, secrets)
        print(f"Nothing copied: a database could not be used ({why}).", file=sys.stderr)
        return 2
    for report in reports:
        print(report.line())
    print(f"Copied and verified {sum(r.target_rows for r in reports)} rows in {len(reports)} tables.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
