"""Ordered schema migrations of the PostgreSQL store; the table `schema_version` says how many ran.

PostgreSQL has its own list (its types differ: BIGINT ids for Discord's snowflakes, TIMESTAMPTZ
times, DATE days), starting from the SQLite schema as it stood at SQLite version 5. Append new
migrations at the end and never edit a released one; the tests migrate from each earlier version.
"""

# pyright: reportConstantRedefinition=false

from __future__ import annotations

from .migrations import Migration

PG_MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "games, their action log, results, daily challenges and attempts, verifications, bests, posts",
        (
            """CREATE TABLE games (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                kind TEXT NOT NULL,
                guild_id BIGINT,
                channel_id BIGINT NOT NULL,
                owner_id BIGINT NOT NULL,
                status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished', 'abandoned')),
                state_json TEXT NOT NULL,
                version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
                rules_version TEXT NOT NULL,
                board_message_id BIGINT,
                board_version INTEGER,
                created_at TIMESTAMPTZ NOT NULL,
                updated_at TIMESTAMPTZ NOT NULL
            )""",
            "CREATE UNIQUE INDEX games_one_active_per_channel ON games(channel_id) WHERE status = 'active'",
            "CREATE INDEX games_by_status ON games(status, kind)",
            """CREATE TABLE actions (
                game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                seq INTEGER NOT NULL CHECK (seq >= 1),
                user_id BIGINT NOT NULL,
                action_json TEXT NOT NULL,
                at TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (game_id, seq)
            )""",
            """CREATE TABLE results (
                game_id BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                guild_id BIGINT,
                outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost')),
                score INTEGER NOT NULL,
                rounds INTEGER NOT NULL,
                detail_json TEXT NOT NULL DEFAULT '{}',
                finished_at TIMESTAMPTZ NOT NULL
            )""",
            """CREATE TABLE result_players (
                game_id BIGINT NOT NULL REFERENCES results(game_id) ON DELETE CASCADE,
                user_id BIGINT NOT NULL,
                PRIMARY KEY (game_id, user_id)
            )""",
            "CREATE INDEX result_players_by_user ON result_players(user_id)",
            "CREATE INDEX results_by_kind_time ON results(kind, finished_at)",
            """CREATE TABLE daily_challenges (
                game TEXT NOT NULL,
                day DATE NOT NULL,
                seed BIGINT NOT NULL,
                setup_json TEXT NOT NULL,
                rules_version TEXT NOT NULL,
                created_at TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (game, day)
            )""",
            """CREATE TABLE daily_attempts (
                game TEXT NOT NULL,
                day DATE NOT NULL,
                user_id BIGINT NOT NULL,
                game_id BIGINT NOT NULL UNIQUE REFERENCES games(id),
                started_at TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (game, day, user_id)
            )""",
            "CREATE INDEX daily_attempts_by_user ON daily_attempts(user_id, game, day)",
            """CREATE TABLE verifications (
                game_id BIGINT PRIMARY KEY REFERENCES results(game_id),
                ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
                note TEXT NOT NULL DEFAULT '',
                checked_at TIMESTAMPTZ NOT NULL
            )""",
            """CREATE TABLE bests (
                kind TEXT NOT NULL,
                scope BIGINT NOT NULL,
                period TEXT NOT NULL,
                user_id BIGINT NOT NULL,
                rank_key BIGINT NOT NULL,
                game_id BIGINT NOT NULL,
                PRIMARY KEY (kind, scope, period, user_id)
            )""",
            "CREATE INDEX bests_by_rank ON bests(kind, scope, period, rank_key DESC)",
            """CREATE TABLE daily_posts (
                guild_id BIGINT PRIMARY KEY,
                channel_id BIGINT NOT NULL,
                hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
                last_day DATE
            )""",
        ),
    ),
    Migration(
        2,
        "the action log and results are append-only (rows and TRUNCATE)",
        (
            """CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    RAISE EXCEPTION '% are append-only: a game is replayed from them', TG_TABLE_NAME
                        USING ERRCODE = 'integrity_constraint_violation';
                END $$""",
            *(
                f"CREATE TRIGGER {table}_{verb}_forbidden BEFORE {verb.upper()} ON {table}"
                " FOR EACH ROW EXECUTE FUNCTION append_only()"
                for table in ("actions", "results")
                for verb in ("update", "delete")
            ),
            *(
                f"CREATE TRIGGER {table}_truncate_forbidden BEFORE TRUNCATE ON {table}"
                " FOR EACH STATEMENT EXECUTE FUNCTION append_only()"
                for table in ("actions", "results")
            ),
        ),
    ),
)

PG_MIGRATIONS += (
    Migration(
        3,
        "preferences a player or a server sets (language, tips already shown): one row a setting",
        (
            """CREATE TABLE preferences (
                scope TEXT NOT NULL CHECK (scope IN ('user', 'guild')),
                subject_id BIGINT NOT NULL,
                key TEXT NOT NULL,
                value TEXT NOT NULL,
                updated_at TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (scope, subject_id, key)
            )""",
        ),
    ),
)

PG_MIGRATIONS += (
    Migration(
        4,
        "one-off tasks the store owes its data; the first: rank the leaderboards' bests again, harder "
        "games above easier ones (`core.ranking`)",
        (
            "CREATE TABLE pending_tasks (task TEXT PRIMARY KEY)",
            "INSERT INTO pending_tasks (task) VALUES ('rerank bests')",
        ),
    ),
)

PG_MIGRATIONS += (
    Migration(
        5,
        "rank the leaderboards' bests again: a game given up ranks as the easiest set-up "
        "(`core.verify.difficulty_of`), so giving up a hard game at once never beats a real loss",
        ("INSERT INTO pending_tasks (task) VALUES ('rerank bests') ON CONFLICT DO NOTHING",),
    ),
)

PG_MIGRATIONS += (
    Migration(
        6,
        "since when a daily post's setting holds (on at its hour, or off) and whether the bot turned it "
        "off because its channel was deleted: only a day it was due on is reported missed",
        (
            "ALTER TABLE daily_posts ADD COLUMN since TIMESTAMPTZ",
            "ALTER TABLE daily_posts ADD COLUMN channel_gone INTEGER NOT NULL DEFAULT 0"
            " CHECK (channel_gone IN (0, 1))",
            # not known before: the last day posted is when it surely held (the reports stay as they were)
            "UPDATE daily_posts SET since = last_day::timestamp AT TIME ZONE 'UTC'"
            " WHERE last_day IS NOT NULL",
        ),
    ),
)

PG_MIGRATIONS += (
    Migration(
        7,
        "a daily post is claimed before it is sent (when, by whichever process claimed it), so two "
        "processes serving one server never both send a day's post; a send that fails gives it back",
        ("ALTER TABLE daily_posts ADD COLUMN claimed_at TIMESTAMPTZ",),
    ),
)

PG_MIGRATIONS += (
    Migration(
        8,
        "rank the leaderboards' bests again: a ranked daily attempt counts on its challenge's day (today, "
        "this week), not on the day it ended, as the day's standings and streaks count it",
        ("INSERT INTO pending_tasks (task) VALUES ('rerank bests') ON CONFLICT DO NOTHING",),
    ),
)

PG_LATEST_VERSION = PG_MIGRATIONS[-1].version
