import asyncio

import asyncpg
import pytest
from echo_runtime.migrate import Migration, MigrationError, apply_migrations, discover

pytestmark = pytest.mark.integration


def test_discovery_finds_ordered_versioned_files() -> None:
    found = discover()
    assert ("echo_runtime", 1) in {(m.package, m.version) for m in found}
    for package in {m.package for m in found}:
        versions = [m.version for m in found if m.package == package]
        assert versions == sorted(versions) and len(set(versions)) == len(versions)


async def test_applying_twice_changes_nothing(fresh_database: str) -> None:
    assert await apply_migrations(fresh_database) == []  # the fixture applied everything already
    conn = await asyncpg.connect(fresh_database)
    try:
        count = await conn.fetchval("SELECT count(*) FROM schema_migrations")
    finally:
        await conn.close()
    assert count == len(discover())


async def test_an_edited_applied_migration_is_an_error(fresh_database: str) -> None:
    applied = discover()[0]
    edited = Migration(applied.package, applied.version, applied.name, applied.sql + "\n-- edited")
    with pytest.raises(MigrationError, match="changed after it was applied"):
        await apply_migrations(fresh_database, [edited])


async def test_concurrent_runners_apply_each_migration_once(fresh_database: str) -> None:
    extra = [Migration("tests", n, f"t{n}", f"CREATE TABLE concurrent_{n} (id int)") for n in (1, 2, 3)]
    results = await asyncio.gather(*(apply_migrations(fresh_database, extra) for _ in range(4)))
    assert sorted(len(r) for r in results) == [0, 0, 0, 3]


async def test_a_failing_migration_leaves_nothing_half_done(fresh_database: str) -> None:
    broken = [Migration("tests", 1, "broken", "CREATE TABLE half (id int); SELECT * FROM no_such_table;")]
    with pytest.raises(asyncpg.UndefinedTableError):
        await apply_migrations(fresh_database, broken)
    conn = await asyncpg.connect(fresh_database)
    try:
        assert await conn.fetchval("SELECT to_regclass('half')") is None
        assert await conn.fetchval("SELECT count(*) FROM schema_migrations WHERE package = 'tests'") == 0
    finally:
        await conn.close()


async def test_callsign_keys_taken_before_lose_their_separators(fresh_database: str) -> None:
    rekey = next(m for m in discover() if m.package == "echo_social" and m.name.endswith("separators"))
    conn = await asyncpg.connect(fresh_database)
    try:
        rows = [("a1", "Орбита-12", "орбита-12", 1), ("a2", "Орбита_12", "орбита_12", 2), ("a3", "Луна", "луна", 3)]
        for account, callsign, key, day in rows:  # keys as they were written before separators were folded
            await conn.execute(
                "INSERT INTO accounts (account_id, device_id, callsign, callsign_key, created_at)"
                " VALUES ($1, 'd', $2, $3, make_timestamptz(2026, 11, $4, 0, 0, 0, 'UTC'))",
                account, callsign, key, day,
            )
        await apply_migrations(fresh_database, [Migration("tests", 4, "rekey", rekey.sql)])
        keys = dict(await conn.fetch("SELECT account_id, callsign_key FROM accounts ORDER BY account_id"))
    finally:
        await conn.close()
    # the earliest keeps the folded key; the later one keeps its callsign under a key of its own
    assert keys == {"a1": "орбита12", "a2": "орбита12#a2", "a3": "луна"}



async def test_ghost_fives_ratings_become_the_ratings_of_every_kind_with_their_rows_under_ghost_five(
        fresh_database: str) -> None:
    """And the engine before it, still serving while it runs, reads and writes them by their old names."""
    engine = {m.name: m.sql for m in discover() if m.package == "echo_engine"}
    conn = await asyncpg.connect(fresh_database)
    try:  # the tables as they were, in a schema of their own (the fixture's are migrated already)
        await conn.execute("CREATE SCHEMA before; SET search_path TO before")
        await conn.execute(engine["table_history_and_ratings"])
        await conn.execute("INSERT INTO ghost_rated_matches VALUES (7, 'g1', 'a', 'b', now(), now(), now())")
        await conn.execute("INSERT INTO ghost_ratings VALUES ('a', 1516, 1, 1, now()), ('b', 1484, 1, 0, now())")
        await conn.execute(engine["ratings_of_every_kind"])
        key = await conn.fetchval("SELECT pg_get_indexdef('ratings_pkey'::regclass)")
        before = [tuple(r) for r in await conn.fetch("SELECT kind, account_id, rating FROM ratings ORDER BY 2")]

        # the previous engine's statements (echo_engine.ratings before this migration)
        assert await conn.fetchval(
            """INSERT INTO ghost_rated_matches (sequence, game_id, winner, loser, winner_registered_at,
                                                loser_registered_at, finished_at)
               VALUES (9, 'g2', 'a', 'c', now(), now(), now()) ON CONFLICT DO NOTHING RETURNING true""")
        assert await conn.fetchval("SELECT max(sequence) FROM ghost_rated_matches") == 9
        await conn.execute(
            """INSERT INTO ghost_ratings (account_id, rating, matches, wins, registered_at)
               VALUES ('a', 1530, 1, 1, now()), ('c', 1486, 1, 0, now()) ON CONFLICT (account_id) DO UPDATE
               SET rating = EXCLUDED.rating, matches = ghost_ratings.matches + 1,
                   wins = ghost_ratings.wins + EXCLUDED.wins""")
        matches = [tuple(r) for r in await conn.fetch("SELECT kind, sequence, game_id FROM rated_matches ORDER BY 2")]
        after = [tuple(r) for r in await conn.fetch("SELECT kind, account_id, rating, matches FROM ratings ORDER BY 2")]
    finally:
        await conn.close()
    assert key.endswith("(kind, account_id)")
    assert before == [("ghost_five", "a", 1516), ("ghost_five", "b", 1484)]
    assert matches == [("ghost_five", 7, "g1"), ("ghost_five", 9, "g2")]
    assert after == [("ghost_five", "a", 1530, 2), ("ghost_five", "b", 1484, 1), ("ghost_five", "c", 1486, 1)]
