"""Copy every game, action log, result and daily record from one store to another, and prove it.

    python -m tools.migrate_store --from sqlite:///var/deepspace.sqlite3 --to postgresql://user@host/db
    python -m tools.migrate_store --from postgresql://user@host/db --to sqlite:///var/copy.sqlite3

Both stores are opened as the bot opens them (each is migrated to its latest schema first). Rows
keep their ids, so a game's log, result and attempt still belong to it. Running it again is safe:
insert-only rows (logs, results, verdicts, attempts) already copied are left alone, and rows that
change (games, leaderboard bests, daily posts) are brought up to date. Afterwards every table's
row count and checksum must be the same on both sides; otherwise it says which and exits 1.
Stop the bot while copying, so the source does not change under it.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from core.storage.postgres import PostgresStore, is_postgres_url
from core.storage.sql_store import TABLES, Row, SqlStore, Table
from core.storage.sqlite import SqliteStore


def open_location(location: str) -> SqlStore:
    """`postgresql://…` is PostgreSQL; `sqlite:///relative/path`, `sqlite:////absolute/path` or a
    plain path is a SQLite file."""
    if is_postgres_url(location):
        return PostgresStore(location, pool_size=2)
    if "://" in location and not location.startswith("sqlite:///"):
        scheme = location.split("://", 1)[0]
        raise ValueError(f"unknown kind of database {scheme!r}: use sqlite:///path or postgresql://…")
    path = location.removeprefix("sqlite:///")
    return SqliteStore(Path(path))


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


async def copy_table(source: SqlStore, target: SqlStore, table: Table) -> TableReport:
    rows = await source.dump(table)
    await target.load(table, rows)
    copied = await target.dump(table)
    return TableReport(table.name, len(rows), len(copied), checksum(rows), checksum(copied))


async def migrate_store(source: SqlStore, target: SqlStore) -> list[TableReport]:
    """Copy every table, parents first; the report of each (counts and checksums on both sides)."""
    async with source, target:
        return [await copy_table(source, target, table) for table in TABLES]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.migrate_store", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument("--from", dest="source", required=True, help="sqlite:///path or postgresql://…")
    parser.add_argument("--to", dest="target", required=True, help="sqlite:///path or postgresql://…")
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
        reports = asyncio.run(migrate_store(source, target))
    except Exception as error:  # a database that cannot be opened or written: say so, no traceback
        print(
            f"Nothing copied: a database could not be used ({error or type(error).__name__}).",
            file=sys.stderr,
        )
        return 2
    for report in reports:
        print(report.line())
    bad = [r.table for r in reports if not r.ok]
    if bad:
        print(f"The copy differs from its source in: {', '.join(bad)}.", file=sys.stderr)
        return 1
    print(f"Copied and verified {sum(r.target_rows for r in reports)} rows in {len(reports)} tables.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
