"""Ordered schema migrations; the database's `PRAGMA user_version` says how many have run.

Append new migrations at the end and never edit a released one: a database at any earlier version
must migrate forward to the latest (the tests check each starting point).
"""

# One `MIGRATIONS +=` block a version, appended in order: the constant grows on purpose.
# pyright: reportConstantRedefinition=false

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    version: int
    description: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "games and their append-only action log",
        (
            """CREATE TABLE games (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                kind TEXT NOT NULL,
                guild_id INTEGER,
                channel_id INTEGER NOT NULL,
                owner_id INTEGER NOT NULL,
                status TEXT NOT NULL DEFAULT 'active'
                    CHECK (status IN ('active', 'finished', 'abandoned')),
                state_json TEXT NOT NULL,
                version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
                rules_version TEXT NOT NULL,
                board_message_id INTEGER,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL
            )""",
            "CREATE UNIQUE INDEX games_one_active_per_channel ON games(channel_id) WHERE status = 'active'",
            "CREATE INDEX games_by_status ON games(status, kind)",
            """CREATE TABLE actions (
                game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                seq INTEGER NOT NULL CHECK (seq >= 1),
                user_id INTEGER NOT NULL,
                action_json TEXT NOT NULL,
                at TEXT NOT NULL,
                PRIMARY KEY (game_id, seq)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        2,
        "finished-game results and who played them",
        (
            """CREATE TABLE results (
                game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                guild_id INTEGER,
                outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost')),
                score INTEGER NOT NULL,
                rounds INTEGER NOT NULL,
                detail_json TEXT NOT NULL DEFAULT '{}',
                finished_at TEXT NOT NULL
            )""",
            """CREATE TABLE result_players (
                game_id INTEGER NOT NULL REFERENCES results(game_id) ON DELETE CASCADE,
                user_id INTEGER NOT NULL,
                PRIMARY KEY (game_id, user_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX result_players_by_user ON result_players(user_id)",
            "CREATE INDEX results_by_kind_time ON results(kind, finished_at)",
        ),
    ),
    Migration(
        3,
        "the action log and results are append-only",
        tuple(
            f"""CREATE TRIGGER {table}_{verb}_forbidden BEFORE {verb.upper()} ON {table}
                BEGIN SELECT RAISE(ABORT, '{table} are append-only: a game is replayed from them'); END"""
            for table in ("actions", "results")
            for verb in ("update", "delete")
        ),
    ),
)

MIGRATIONS += (
    Migration(
        4,
        "daily challenges, ranked attempts, verified results, leaderboard bests and daily posts",
        (
            """CREATE TABLE daily_challenges (
                game TEXT NOT NULL,
                day TEXT NOT NULL,
                seed INTEGER NOT NULL,
                setup_json TEXT NOT NULL,
                rules_version TEXT NOT NULL,
                created_at TEXT NOT NULL,
                PRIMARY KEY (game, day)
            ) WITHOUT ROWID""",
            """CREATE TABLE daily_attempts (
                game TEXT NOT NULL,
                day TEXT NOT NULL,
                user_id INTEGER NOT NULL,
                game_id INTEGER NOT NULL REFERENCES games(id),
                started_at TEXT NOT NULL,
                PRIMARY KEY (game, day, user_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX daily_attempts_by_user ON daily_attempts(user_id, game, day)",
            "CREATE UNIQUE INDEX daily_attempts_by_game ON daily_attempts(game_id)",
            """CREATE TABLE verifications (
                game_id INTEGER PRIMARY KEY REFERENCES results(game_id),
                ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
                note TEXT NOT NULL DEFAULT '',
                checked_at TEXT NOT NULL
            )""",
            """CREATE TABLE bests (
                kind TEXT NOT NULL,
                scope INTEGER NOT NULL,
                period TEXT NOT NULL,
                user_id INTEGER NOT NULL,
                rank_key INTEGER NOT NULL,
                game_id INTEGER NOT NULL,
                PRIMARY KEY (kind, scope, period, user_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX bests_by_rank ON bests(kind, scope, period, rank_key DESC)",
            """CREATE TABLE daily_posts (
                guild_id INTEGER PRIMARY KEY,
                channel_id INTEGER NOT NULL,
                hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
                last_day TEXT
            )""",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        5,
        "the version each game's board message shows, so a restart redraws the boards left behind",
        (
            "ALTER TABLE games ADD COLUMN board_version INTEGER",
            # Ended games are taken as shown; active ones are redrawn once at the next start.
            "UPDATE games SET board_version = version WHERE status != 'active'",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        6,
        "preferences a player or a server sets (language, tips already shown): one row a setting",
        (
            """CREATE TABLE preferences (
                scope TEXT NOT NULL CHECK (scope IN ('user', 'guild')),
                subject_id INTEGER NOT NULL,
                key TEXT NOT NULL,
                value TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                PRIMARY KEY (scope, subject_id, key)
            ) WITHOUT ROWID""",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        7,
        "one-off tasks the store owes its data; the first: rank the leaderboards' bests again, harder "
        "games above easier ones (`core.ranking`)",
        (
            "CREATE TABLE pending_tasks (task TEXT PRIMARY KEY) WITHOUT ROWID",
            "INSERT INTO pending_tasks (task) VALUES ('rerank bests')",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        8,
        "rank the leaderboards' bests again: a game given up ranks as the easiest set-up "
        "(`core.verify.difficulty_of`), so giving up a hard game at once never beats a real loss",
        ("INSERT OR IGNORE INTO pending_tasks (task) VALUES ('rerank bests')",),
    ),
)

MIGRATIONS += (
    Migration(
        9,
        "since when a daily post's setting holds (on at its hour, or off) and whether the bot turned it "
        "off because its channel was deleted: only a day it was due on is reported missed",
        (
            "ALTER TABLE daily_posts ADD COLUMN since TEXT",
            "ALTER TABLE daily_posts ADD COLUMN channel_gone INTEGER NOT NULL DEFAULT 0"
            " CHECK (channel_gone IN (0, 1))",
            # not known before: the last day posted is when it surely held (the reports stay as they were)
            "UPDATE daily_posts SET since = last_day || 'T00:00:00+00:00' WHERE last_day IS NOT NULL",
        ),
    ),
)

MIGRATIONS += (
    Migration(
        10,
        "a daily post is claimed before it is sent (when, by whichever process claimed it), so two "
        "processes serving one server never both send a day's post; a send that fails gives it back",
        ("ALTER TABLE daily_posts ADD COLUMN claimed_at TEXT",),
    ),
)

MIGRATIONS += (
    Migration(
        11,
        "rank the leaderboards' bests again: a ranked daily attempt counts on its challenge's day (today, "
        "this week), not on the day it ended, as the day's standings and streaks count it",
        ("INSERT OR IGNORE INTO pending_tasks (task) VALUES ('rerank bests')",),
    ),
)

LATEST_VERSION = MIGRATIONS[-1].version
