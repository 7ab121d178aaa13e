"""A small, tested migration runner: versioned SQL files, applied once each, in order, under a lock.

Each package that owns tables ships `migrations/NNNN_name.sql`. Applied files are recorded with a
checksum; editing an applied file is an error, not a silent divergence.
Run it with `python -m echo_runtime.migrate` (DATABASE_URL names the database). With NATS_URL set it also
creates or updates the contract's JetStream streams and buckets, as the NATS `operator` user
(NATS_OPERATOR_PASSWORD; NATS_CA_FILE for a tls:// URL): the services' own users may not manage streams.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib.resources
import os
import re
from dataclasses import dataclass

import asyncpg

MIGRATION_PACKAGES = ("echo_runtime", "echo_engine", "echo_daily", "echo_leagues", "echo_social", "echo_gateway")
_LOCK_KEY = 7_215_001  # pg_advisory_lock key: one migrator at a time
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    package: str
    version: int
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


class MigrationError(RuntimeError):
    pass


def discover(packages: tuple[str, ...] = MIGRATION_PACKAGES) -> list[Migration]:
    found: list[Migration] = []
    for package in packages:
        folder = importlib.resources.files(package) / "migrations"
        if not folder.is_dir():
            continue
        for entry in folder.iterdir():
            if not entry.name.endswith(".sql"):
                continue
            match = _NAME.match(entry.name)
            if not match:
                raise MigrationError(f"{package}: migration file {entry.name!r} is not named NNNN_name.sql")
            found.append(Migration(package, int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: (MIGRATION_PACKAGES.index(m.package) if m.package in MIGRATION_PACKAGES else 99,
                              m.version))
    return found


async def apply_migrations(dsn: str, migrations: list[Migration] | None = None) -> list[Migration]:
    """Apply what is not applied yet; return what was applied now."""
    migrations = discover() if migrations is None else migrations
    conn = await asyncpg.connect(dsn)
    applied_now: list[Migration] = []
    try:
        await conn.execute("SELECT pg_advisory_lock($1)", _LOCK_KEY)
        await conn.execute(
            """CREATE TABLE IF NOT EXISTS schema_migrations (
                   package text NOT NULL, version int NOT NULL, name text NOT NULL,
                   checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(),
                   PRIMARY KEY (package, version))"""
        )
        rows = await conn.fetch("SELECT package, version, checksum FROM schema_migrations")
        done = {(r["package"], r["version"]): r["checksum"] for r in rows}
        for migration in migrations:
            key = (migration.package, migration.version)
            if key in done:
                if done[key] != migration.checksum:
                    raise MigrationError(
                        f"{migration.package} migration {migration.version:04d}_{migration.name} was changed "
                        "after it was applied; add a new migration instead"
                    )
                continue
            async with conn.transaction():
                await conn.execute(migration.sql)
                await conn.execute(
                    "INSERT INTO schema_migrations (package, version, name, checksum) VALUES ($1, $2, $3, $4)",
                    migration.package, migration.version, migration.name, migration.checksum,
                )
            applied_now.append(migration)
    finally:
        try:
            await conn.execute("SELECT pg_advisory_unlock($1)", _LOCK_KEY)
        finally:
            await conn.close()
    return applied_now


async def make_streams(url: str) -> None:
    from .nats_client import connect_as_operator, ensure_streams

    nc = await connect_as_operator(url, name="echo-migrate")
    try:
        await ensure_streams(nc.jetstream())
    finally:
        await nc.drain()


def main() -> None:
    dsn = os.environ.get("DATABASE_URL")
    if not dsn:
        raise SystemExit("DATABASE_URL is not set")
    applied = asyncio.run(apply_migrations(dsn))
    for m in applied:
        print(f"applied {m.package} {m.version:04d}_{m.name}")
    print(f"migrations up to date ({len(applied)} applied now)")
    if nats_url := os.environ.get("NATS_URL"):
        asyncio.run(make_streams(nats_url))
        print("NATS streams and buckets up to date")


if __name__ == "__main__":
    main()
