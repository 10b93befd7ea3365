"""The game records database: every finished game, for history, statistics and replay.

SQLite (the standard library's sqlite3) in the user data folder, write-ahead logging and
a busy timeout so two instances of the table can write at once. The schema is versioned
(`PRAGMA user_version`) and brought up to date by ordered migrations, each in its own
transaction. A game is written in one transaction: its config (seats, seed, options), the
full action list, each seat's score with its breakdown, ranks and winners, and the data
version; the same game (same config and actions) is stored once.

A damaged file, or one written by a newer version of the table, is moved aside (renamed
with a timestamp, never deleted) and a new database started; `messages` says so. When
the database cannot be written (read-only, locked for too long) a finished game is kept
as a pending file next to it and recorded the next time the database opens.

Exported records are JSON files validated like saves (games.core.saves): a strict parser,
exact fields, a checksum, and a replay of the moves that must end the game with the
recorded scores. A file that fails any check is refused with a message; nothing changes.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import sqlite3
import time
from pathlib import Path

from . import registry, safefile, saves
from .contract import Config, ConfigError
from .errors import DataError, IllegalAction, SaveError
from .limits import MAX_ACTION_LEN, MAX_ACTIONS, MAX_ID_LEN, MAX_STAMP_LEN, shown
from .match import Match

ENV_PATH = "BOARDGAME_RECORDS"  # a database file; overrides the user data folder (tests, tools)
FILE_NAME = "records.sqlite3"
RECORD_FORMAT = 1
RECORD_FIELDS = frozenset({"format", "app", "kind", "game", "data_version", "played_at", "duration",
                           "source", "config", "actions", "scores", "checksum"})
SOURCES = ("played", "simulated", "imported")
MAX_RECORD_BYTES = saves.MAX_SAVE_BYTES
BUSY_TIMEOUT_S = 5.0


class RecordsError(Exception):
    """The records cannot be read or written now, or a file cannot be imported; the
    message is fit for a player."""


class _Damage(Exception):
    """A write met a damaged file (args[0]: the sqlite3 error)."""


def default_path() -> Path:
    """$BOARDGAME_RECORDS, else records/records.sqlite3 under $BOARDGAME_HOME or the
    user data folder (where ui.userdirs keeps saves)."""
    env = os.environ.get(ENV_PATH)
    if env:
        return Path(env)
    home = os.environ.get("BOARDGAME_HOME")
    if home:
        return Path(home) / "records" / FILE_NAME
    import platformdirs
    return Path(platformdirs.user_data_dir(saves.APP_ID, appauthor=False)) / "records" / FILE_NAME


# --------------------------------------------------------------------- schema
def _v1(db: sqlite3.Connection) -> None:
    # what History and Statistics read is kept apart from the moves, which they never read
    db.execute("""CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,          -- SHA-256 of game, config and actions: one row per game
        game TEXT NOT NULL,
        played_at TEXT NOT NULL,           -- UTC, 2026-11-27T15:04:05Z
        duration REAL,                     -- seconds at the table; NULL if unknown
        data_version TEXT NOT NULL,
        seed TEXT NOT NULL,                -- as text: seeds exceed SQLite's 64-bit integers
        options TEXT NOT NULL,             -- JSON
        n_actions INTEGER NOT NULL,
        categories TEXT NOT NULL,          -- JSON list of score-pad i18n keys
        tiebreak TEXT NOT NULL,
        winners TEXT NOT NULL)""")
    db.execute("""CREATE TABLE moves (
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        config TEXT NOT NULL,              -- JSON: seats, seed, options
        actions TEXT NOT NULL)             -- JSON list of action texts""")
    db.execute("""CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,                -- human | bot | automa
        level TEXT,                        -- the bot level, or the automa's difficulty
        colour INTEGER NOT NULL,
        score INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        winner INTEGER NOT NULL,
        breakdown TEXT NOT NULL,           -- JSON category -> points
        opponents TEXT NOT NULL,           -- the other seats' labels, sorted, joined by +
        PRIMARY KEY (game_id, seat)) WITHOUT ROWID""")
    db.execute("CREATE INDEX games_by_date ON games(played_at, id)")
    db.execute("CREATE INDEX games_by_game ON games(game, played_at)")


def _v2(db: sqlite3.Connection) -> None:
    """Where a game comes from, and a one-row summary of its seats so History reads one
    table: [name, kind, level, score, rank, winner] per seat."""
    db.execute("ALTER TABLE games ADD COLUMN source TEXT NOT NULL DEFAULT 'played'")
    db.execute("ALTER TABLE games ADD COLUMN summary TEXT NOT NULL DEFAULT '[]'")
    rows = db.execute("SELECT game_id, name, kind, level, score, rank, winner FROM seats "
                      "ORDER BY game_id, seat").fetchall()
    by_game: dict[int, list] = {}
    for gid, *seat in rows:
        by_game.setdefault(gid, []).append(seat)
    db.executemany("UPDATE games SET summary = ? WHERE id = ?",
                   [(json.dumps(s, separators=(",", ":")), gid) for gid, s in by_game.items()])


MIGRATIONS = (_v1, _v2)  # MIGRATIONS[k] takes the schema from version k to k + 1
SCHEMA_VERSION = len(MIGRATIONS)
_TABLES = {"games", "moves", "seats"}


# --------------------------------------------------------------------- labels
def seat_label(rules, config: Config, seat: int) -> str:
    """human, bot:<level>, automa or automa:<difficulty>."""
    kind, level = _kind_level(rules, config, seat)
    return kind if level is None else f"{kind}:{level}"


def _kind_level(rules, config: Config, seat: int) -> tuple[str, str | None]:
    s = config.seats[seat]
    if s.kind == "automa":  # its difficulty is the option the game's INFO names
        opt = rules.INFO.automa_option
        return "automa", config.options.get(opt) if opt else None
    if s.bot_level:
        return "bot", s.bot_level
    return "human", None


def _spec_sql(alias: str, spec: str) -> tuple[str, list]:
    """SQL matching a seat label spec: human, bot, bot:<level>, automa, automa:<level>, any."""
    if spec == "any":
        return "1", []
    kind, _, level = spec.partition(":")
    if kind not in ("human", "bot", "automa"):
        raise RecordsError(f"unknown seat kind {shown(spec)} (human, bot[:level], automa[:level] or any)")
    if level:
        return f"{alias}.kind = ? AND {alias}.level = ?", [kind, level]
    return f"{alias}.kind = ?", [kind]


def _uid(game: str, config: dict, actions: list[str]) -> str:
    text = json.dumps({"game": game, "config": config, "actions": actions}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# --------------------------------------------------------------------- the database
class Records:
    """One open records database. Methods raise RecordsError (never sqlite3 errors);
    `messages` collects what the player should be told (a file moved aside ...)."""

    def __init__(self, path: Path | str | None = None, timeout: float = BUSY_TIMEOUT_S):
        self.path = Path(path) if path is not None else default_path()
        self.timeout = timeout
        self.messages: list[str] = []
        self.read_only = False
        self._db: sqlite3.Connection | None = None
        self._identity: tuple | None = None  # the file the open connection reads

    # --- opening -----------------------------------------------------------
    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    @property
    def pending_dir(self) -> Path:
        return self.path.with_name(self.path.name + ".pending")

    def db(self) -> sqlite3.Connection:
        """The open connection, the schema up to date; opens (and repairs) on first use."""
        if self._db is None:
            self._db = self._open()
            if not self.read_only:
                self._flush_pending()
        return self._db

    def _connect(self, uri: str | None = None) -> sqlite3.Connection:
        db = sqlite3.connect(uri or str(self.path), timeout=self.timeout, isolation_level=None,
                             uri=uri is not None, check_same_thread=False)
        db.execute("PRAGMA foreign_keys = ON")
        # with write-ahead logging, NORMAL never corrupts; only a power cut may lose the
        # last game, and commit waits for no disk flush (recording stays within a few ms)
        db.execute("PRAGMA synchronous = NORMAL")
        return db

    def _open(self) -> sqlite3.Connection:
        for attempt in range(2):
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError:
                pass  # a read-only home: reading may still work
            db = None
            opened = _identity(self.path)
            try:
                db = self._connect()
                problem = self._check_and_migrate(db)
            except sqlite3.OperationalError as e:
                if db is not None:
                    db.close()
                if _locked(e):
                    raise RecordsError(f"the game records are busy in another program ({e}); "
                                       "try again in a moment") from None
                return self._open_read_only(e)
            except sqlite3.DatabaseError as e:  # "file is not a database", "malformed"
                problem = f"the file is damaged ({e})"
            if problem is None:
                self._identity = _identity(self.path)
                return db
            if db is not None:
                db.close()
            if attempt:
                break
            if _identity(self.path) == opened:  # else another instance has just done it
                self._move_aside(problem)
        raise RecordsError(f"{self.path}: the game records cannot be started")

    def _open_read_only(self, why: Exception) -> sqlite3.Connection:
        """A database we may not write: read it as it is, so History still opens."""
        if not self.path.is_file():
            raise RecordsError(f"the game records cannot be created at {self.path} ({why})")
        for query in ("mode=ro", "immutable=1"):
            try:
                db = self._connect(f"{self.path.resolve().as_uri()}?{query}")
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version == SCHEMA_VERSION and _TABLES <= _tables(db):
                    self.read_only = True
                    self.messages.append(f"the game records are read-only ({why}); "
                                         "new games are kept aside until they can be written")
                    return db
                db.close()
            except sqlite3.Error:
                continue
        raise RecordsError(f"the game records at {self.path} cannot be opened ({why})")

    def _check_and_migrate(self, db: sqlite3.Connection) -> str | None:
        """None when the database is ours and up to date (migrating it if older); else why
        it must be moved aside. sqlite3 errors propagate."""
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = _tables(db)
        if version > SCHEMA_VERSION:
            return f"made by a newer version of the table (records version {version})"
        if version == 0 and tables:
            return "not a records database of this table"
        if version and not _TABLES <= tables:
            return "the file is damaged (tables are missing)"
        if version == SCHEMA_VERSION:
            return None
        if db.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
            raise sqlite3.OperationalError("write-ahead logging is not available here")
        db.execute("BEGIN IMMEDIATE")
        try:
            # another instance may have migrated while we waited for the lock
            version = db.execute("PRAGMA user_version").fetchone()[0]
            for k in range(version, SCHEMA_VERSION):
                MIGRATIONS[k](db)
                db.execute(f"PRAGMA user_version = {k + 1}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return None

    def _move_aside(self, why: str) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        base = self.path.with_name(f"{self.path.stem}.{stamp}.set-aside{self.path.suffix}")
        n = 1
        while base.exists():
            n += 1
            base = self.path.with_name(f"{self.path.stem}.{stamp}-{n}.set-aside{self.path.suffix}")
        try:
            for suffix in ("", "-wal", "-shm"):  # the log holds committed games: it goes along
                src = Path(str(self.path) + suffix)
                if src.exists():
                    os.replace(src, str(base) + suffix)
        except OSError as e:
            raise RecordsError(f"the game records at {self.path} are unusable ({why}) and cannot be "
                               f"moved aside ({e.strerror or e})") from None
        self.messages.append(f"the game records were unusable ({why}); the file was kept as "
                             f"{base.name} and new records started")

    # --- writing -------------------------------------------------------------
    def record(self, match: Match, duration: float | None = None, source: str = "played",
               played_at: str | None = None) -> int | None:
        """Write a finished game in one transaction; its id (the existing one if this game is
        already recorded). If the database cannot be written now, the game is kept as a
        pending file (recorded on the next open) and None is returned, with a message; if
        even that fails, RecordsError."""
        return self.record_entry(entry(match, duration, source, played_at))

    def record_entry(self, row: dict) -> int | None:
        """record() of an entry() made before (on the thread that owns the match)."""
        try:
            return self._write(row)
        except RecordsError as e:
            self._keep_pending(row, e)
            return None

    def _write(self, row: dict) -> int:
        """Insert a row; damage met on the way sets the file aside and the row goes into
        a new one."""
        if self.read_only:
            raise RecordsError("the game records are read-only")
        for attempt in range(2):
            try:
                return self._insert(self.db(), row)
            except _Damage as e:
                if attempt:
                    raise RecordsError(f"the game could not be recorded ({e.args[0]})") from None
                self._set_aside_open(e.args[0])
        raise AssertionError("unreachable")

    def _insert(self, db: sqlite3.Connection, row: dict) -> int:
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                found = db.execute("SELECT id FROM games WHERE uid = ?", (row["uid"],)).fetchone()
                if found:
                    db.execute("ROLLBACK")
                    return found[0]
                cur = db.execute(
                    "INSERT INTO games (uid, game, played_at, duration, data_version, seed, options, "
                    "n_actions, categories, tiebreak, winners, source, summary) "
                    "VALUES (:uid, :game, :played_at, :duration, :data_version, :seed, :options, "
                    ":n_actions, :categories, :tiebreak, :winners, :source, :summary)", row)
                gid = cur.lastrowid
                db.execute("INSERT INTO moves VALUES (?, ?, ?)", (gid, row["config"], row["actions"]))
                db.executemany("INSERT INTO seats VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                               [(gid, *s) for s in row["seats"]])
                db.execute("COMMIT")
                return gid
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        except sqlite3.OperationalError as e:
            raise RecordsError(f"the game could not be recorded ({e})") from None
        except sqlite3.DatabaseError as e:
            raise _Damage(e) from None

    def _keep_pending(self, row: dict, why: Exception) -> None:
        data = _export_data(row)
        try:
            safefile.atomic_write_text(self.pending_dir / f"{row['uid'][:24]}.json", _dumps(data))
        except OSError as e:
            raise RecordsError(f"{why}; the game could not be kept aside either "
                               f"({e.strerror or e})") from None
        self.messages.append(f"{why}; the game is kept aside and will be recorded next time")

    def _flush_pending(self) -> None:
        try:
            files = sorted(self.pending_dir.glob("*.json"))
        except OSError:
            return
        for f in files:
            try:
                self._import(f, keep_source=True)
            except RecordsError as e:
                if "could not be recorded" in str(e):
                    return  # the database is busy: the files wait for the next open
                self.messages.append(f"a game kept aside could not be recorded: {e}")
                try:  # a damaged pending file is set aside, never deleted
                    os.replace(f, f.with_suffix(".refused"))
                except OSError:
                    pass
                continue
            try:
                f.unlink()
            except OSError:
                pass

    def delete(self, game_id: int) -> bool:
        """Remove one game (and its seats); whether it was there."""
        if self.read_only:
            raise RecordsError("the game records are read-only")
        db = self.db()
        try:
            db.execute("BEGIN IMMEDIATE")
            n = db.execute("DELETE FROM games WHERE id = ?", (int(game_id),)).rowcount
            db.execute("COMMIT")
        except sqlite3.Error as e:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise RecordsError(f"the game could not be deleted ({e})") from None
        return n > 0

    # --- reading ---------------------------------------------------------------
    def _query(self, sql: str, params=()) -> list:
        for attempt in range(2):
            try:
                return self.db().execute(sql, params).fetchall()
            except sqlite3.OperationalError as e:
                raise RecordsError(f"the game records cannot be read ({e})") from None
            except sqlite3.DatabaseError as e:  # damage found inside the file
                if attempt or self.read_only:
                    raise RecordsError(f"the game records cannot be read ({e})") from None
                self._set_aside_open(e)
        raise AssertionError("unreachable")

    def _set_aside_open(self, e: sqlite3.Error) -> None:
        """Damage found after opening: the file is moved aside and a new one started."""
        self.close()
        if _identity(self.path) == self._identity:  # not already replaced by another instance
            self._move_aside(f"the file is damaged ({e})")

    def list_games(self, game: str | None = None, opponent: str | None = None,
                   result: str | None = None, source: str | None = None,
                   limit: int | None = None, offset: int = 0) -> list[dict]:
        """Finished games, newest first. opponent: a seat spec (bot, bot:easy, automa,
        automa:hard, human) some seat other than a person's has; result: win or loss of
        the game's people (games without people have neither)."""
        where, params = [], []
        if game:
            where.append("g.game = ?")
            params.append(game)
        if source:
            where.append("g.source = ?")
            params.append(source)
        if opponent:
            cond, p = _spec_sql("o", opponent)
            if opponent.startswith("human"):  # another person: hot-seat games
                where.append("(SELECT count(*) FROM seats o WHERE o.game_id = g.id AND o.kind = 'human') > 1")
            else:
                where.append(f"EXISTS (SELECT 1 FROM seats o WHERE o.game_id = g.id AND {cond})")
                params += p
        if result in ("win", "loss"):
            won = "EXISTS (SELECT 1 FROM seats h WHERE h.game_id = g.id AND h.kind = 'human' AND h.winner)"
            if result == "win":
                where.append(won)
            else:
                where.append("EXISTS (SELECT 1 FROM seats h WHERE h.game_id = g.id AND h.kind = 'human') "
                             f"AND NOT {won}")
        elif result is not None:
            raise RecordsError(f"result must be win or loss, not {shown(result)}")
        sql = "SELECT g.id, g.game, g.played_at, g.duration, g.n_actions, g.source, g.summary FROM games g"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY g.played_at DESC, g.id DESC"
        if limit is not None:
            sql += " LIMIT ? OFFSET ?"
            params += [int(limit), int(offset)]
        rows = self._query(sql, params)
        # one parse of every summary at once: 10,000 games in a few milliseconds
        summaries = json.loads("[" + ",".join(r[6] for r in rows) + "]")
        return [{"id": gid, "game": gm, "played_at": at, "duration": dur, "actions": n, "source": src,
                 "winners": [i for i, s in enumerate(summary) if s[5]],
                 "seats": [{"name": s[0], "kind": s[1], "level": s[2], "score": s[3], "rank": s[4],
                            "winner": s[5] == 1} for s in summary]}
                for (gid, gm, at, dur, n, src, _), summary in zip(rows, summaries, strict=True)]

    def count(self) -> int:
        return self._query("SELECT count(*) FROM games")[0][0]

    def get(self, game_id: int) -> dict | None:
        """Everything recorded about one game (None if there is no such game)."""
        rows = self._query("SELECT g.id, uid, game, played_at, duration, data_version, config, actions, "
                           "categories, tiebreak, winners, source FROM games g JOIN moves m ON m.game_id = g.id "
                           "WHERE g.id = ?", (int(game_id),))
        if not rows:
            return None
        gid, uid, game, at, dur, dv, config, actions, cats, tiebreak, winners, src = rows[0]
        config = json.loads(config)
        seats = []
        for seat, name, kind, level, colour, score, rank, winner, breakdown, opp in self._query(
                "SELECT seat, name, kind, level, colour, score, rank, winner, breakdown, opponents "
                "FROM seats WHERE game_id = ? ORDER BY seat", (gid,)):
            seats.append({"seat": seat, "name": name, "kind": kind, "level": level, "colour": colour,
                          "score": score, "rank": rank, "winner": bool(winner),
                          "breakdown": json.loads(breakdown), "opponents": opp})
        return {"id": gid, "uid": uid, "game": game, "played_at": at, "duration": dur,
                "data_version": dv, "config": config, "seed": config["seed"],
                "options": config["options"], "actions": json.loads(actions),
                "categories": json.loads(cats), "tiebreak": tiebreak, "winners": json.loads(winners),
                "scores": [s["score"] for s in seats], "ranks": [s["rank"] for s in seats],
                "source": src, "seats": seats}

    def stats(self, game: str | None = None, opponent: str | None = None, subject: str = "human",
              last: int = 20, bins: int = 10) -> dict:
        """How the `subject` seats (human by default; bot:easy, automa, any ...) have done:
        games, wins, win rate, average and best score, average points by category (per
        game), the score distribution, the last `last` scores, and the win rate by
        opponent (the other seats' labels)."""
        cond, params = _spec_sql("s", subject)
        sql = ("SELECT g.id, g.game, g.played_at, s.score, s.winner, s.breakdown, s.opponents "
               f"FROM seats s JOIN games g ON g.id = s.game_id WHERE {cond}")
        if game:
            sql += " AND g.game = ?"
            params.append(game)
        if opponent:
            ocond, p = _spec_sql("o", opponent)
            sql += f" AND EXISTS (SELECT 1 FROM seats o WHERE o.game_id = s.game_id AND o.seat != s.seat AND {ocond})"
            params += p
        sql += " ORDER BY g.played_at, g.id, s.seat"
        rows = self._query(sql, params)
        breakdowns = json.loads("[" + ",".join(r[5] for r in rows) + "]")
        scores = [r[3] for r in rows]
        wins = sum(1 for r in rows if r[4])
        per_game: dict[str, dict] = {}
        by_opp: dict[str, list[int]] = {}
        for (_gid, gm, _at, score, winner, _, opp), breakdown in zip(rows, breakdowns, strict=True):
            pg = per_game.setdefault(gm, {"games": 0, "wins": 0, "sum": 0, "best": None, "cats": {}})
            pg["games"] += 1
            pg["wins"] += winner
            pg["sum"] += score
            pg["best"] = score if pg["best"] is None else max(pg["best"], score)
            cats = pg["cats"]
            for c, v in breakdown.items():
                cats[c] = cats.get(c, 0) + v
            o = by_opp.setdefault(opp, [0, 0, 0])
            o[0] += 1
            o[1] += winner
            o[2] += score
        n = len(rows)
        return {
            "game": game, "opponent": opponent, "subject": subject,
            "games": n, "wins": wins, "win_rate": round(wins / n, 4) if n else None,
            "average_score": round(sum(scores) / n, 2) if n else None,
            "best_score": max(scores) if n else None,
            "by_game": {gm: {"games": pg["games"], "wins": pg["wins"],
                             "win_rate": round(pg["wins"] / pg["games"], 4),
                             "average_score": round(pg["sum"] / pg["games"], 2), "best_score": pg["best"],
                             "average_by_category": {c: round(v / pg["games"], 2) for c, v in pg["cats"].items()}}
                        for gm, pg in per_game.items()},
            "distribution": _histogram(scores, bins),
            "recent": [{"id": r[0], "game": r[1], "played_at": r[2], "score": r[3], "won": bool(r[4])}
                       for r in rows[-last:]] if last > 0 else [],
            "by_opponent": {k: {"games": v[0], "wins": v[1], "win_rate": round(v[1] / v[0], 4),
                                "average_score": round(v[2] / v[0], 2)} for k, v in sorted(by_opp.items())},
        }

    # --- travel ------------------------------------------------------------------
    def export(self, game_id: int, path: Path | str) -> None:
        rec = self.get(game_id)
        if rec is None:
            raise RecordsError(f"there is no recorded game {shown(game_id)}")
        data = {"format": RECORD_FORMAT, "app": saves.APP_ID, "kind": "record", "game": rec["game"],
                "data_version": rec["data_version"], "played_at": rec["played_at"],
                "duration": rec["duration"], "source": rec["source"], "config": rec["config"],
                "actions": rec["actions"], "scores": rec["scores"]}
        data["checksum"] = saves.checksum(data)
        try:
            safefile.atomic_write_text(path, _dumps(data))
        except OSError as e:
            raise RecordsError(f"{saves.shown_name(Path(path))}: cannot be written ({e.strerror or e})") from None

    def import_(self, path: Path | str) -> int:
        """Record a game from an exported record (or the save of a finished game); its id.
        A file that is not one, is damaged or does not replay is refused (RecordsError)
        and nothing changes."""
        return self._import(path)

    def _import(self, path: Path | str, keep_source: bool = False) -> int:
        match, meta = read_record_file(path)
        row = entry(match, meta["duration"], meta["source"] if keep_source else "imported",
                    meta["played_at"])
        return self._write(row)


# --------------------------------------------------------------------- rows and files
def entry(match: Match, duration: float | None = None, source: str = "played",
          played_at: str | None = None) -> dict:
    """Everything a finished game's record holds, ready for the database: worked out from
    the match before any lock is taken (and, in the app, before the match leaves the
    window's thread)."""
    played_at = played_at or _now()
    if not match.is_over():
        raise RecordsError("only a finished game is recorded")
    if source not in SOURCES:
        raise RecordsError(f"unknown source {shown(source)}")
    rules, config = match.rules, match.config
    game = rules.INFO.id
    res = rules.result(match.state)
    cfg = config.to_json()
    actions = [a.text for a in match.actions]
    labels = [seat_label(rules, config, i) for i in range(len(config.seats))]
    seats, summary = [], []
    for i, s in enumerate(config.seats):
        kind, level = _kind_level(rules, config, i)
        won = int(i in res.winners)
        opp = "+".join(sorted({lab for j, lab in enumerate(labels) if j != i}))
        seats.append((i, s.name, kind, level, s.colour, res.scores[i], res.ranks[i], won,
                      _dumps(res.breakdown[i]), opp))
        summary.append([s.name, kind, level, res.scores[i], res.ranks[i], won])
    return {"uid": _uid(game, cfg, actions), "game": game, "played_at": played_at,
            "duration": None if duration is None else round(float(duration), 3),
            "data_version": rules.INFO.data_version, "config": _dumps(cfg), "cfg": cfg,
            "seed": str(config.seed), "options": _dumps(config.options), "actions": _dumps(actions),
            "action_list": actions, "n_actions": len(actions), "categories": _dumps(res.categories),
            "tiebreak": res.tiebreak, "winners": _dumps(res.winners), "source": source,
            "summary": _dumps(summary), "seats": seats, "scores": list(res.scores)}


def _export_data(row: dict) -> dict:
    data = {"format": RECORD_FORMAT, "app": saves.APP_ID, "kind": "record", "game": row["game"],
            "data_version": row["data_version"], "played_at": row["played_at"],
            "duration": row["duration"], "source": row["source"], "config": row["cfg"],
            "actions": row["action_list"], "scores": row["scores"]}
    data["checksum"] = saves.checksum(data)
    return data


def read_record_file(path: Path | str, finished_only: bool = True) -> tuple[Match, dict]:
    """The finished match an exported record (or a finished game's save) holds, replayed
    and checked, with its played_at, duration and source. RecordsError if it is not one.
    finished_only=False also takes the save of a game in progress (for replay)."""
    path = Path(path)
    name = saves.shown_name(path)
    try:
        raw = safefile.read_bytes(path, MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise RecordsError(f"{name}: no such file") from None
    except safefile.FileRefused as e:
        what = "too large to be a game record" if e.errno == errno.EFBIG else "not a game record"
        raise RecordsError(f"{name}: {what} ({e.strerror})") from None
    except (OSError, ValueError) as e:
        raise RecordsError(f"{name}: cannot be read ({getattr(e, 'strerror', None) or e})") from None
    try:
        data = json.loads(raw.decode("utf-8-sig"), object_pairs_hook=saves._object,
                          parse_constant=saves._constant, parse_float=saves._float)
    except (UnicodeDecodeError, json.JSONDecodeError, ValueError, RecursionError, saves._Damaged):
        raise RecordsError(f"{name}: not a game record (damaged or not this table's)") from None
    if not isinstance(data, dict) or data.get("app") != saves.APP_ID:
        raise RecordsError(f"{name}: not a game record of this table")
    if "snapshot" in data:  # a save: a finished game may be imported as it is
        try:
            match = saves.load(path)
        except SaveError as e:
            raise RecordsError(str(e)) from None
        if finished_only and not match.is_over():
            raise RecordsError(f"{name}: the saved game is not finished")
        return match, {"played_at": _stamp(data.get("saved_at")), "duration": None, "source": "imported"}
    if data.get("kind") != "record":
        raise RecordsError(f"{name}: not a game record of this table")
    fmt = data.get("format")
    if type(fmt) is not int:
        raise RecordsError(f"{name}: the record format is missing")
    if fmt > RECORD_FORMAT:
        raise RecordsError(f"{name}: made by a newer version of the table (format {shown(fmt)}); "
                           "update to open it")
    if fmt < 1:
        raise RecordsError(f"{name}: unknown record format {shown(fmt)}")
    missing = sorted(RECORD_FIELDS - data.keys())
    if missing:
        raise RecordsError(f"{name}: the record is damaged ({missing[0]} is missing)")
    extra = sorted(data.keys() - RECORD_FIELDS)
    if extra:
        raise RecordsError(f"{name}: the record is damaged (unknown field {shown(extra[0])})")
    try:
        good = data["checksum"] == saves.checksum(data)
    except (RecursionError, ValueError, TypeError):
        good = False
    if not good:
        raise RecordsError(f"{name}: the file is damaged (its checksum does not match its content)")
    problem = _record_problem(data)
    if problem:
        raise RecordsError(f"{name}: the record is damaged ({problem})")
    try:
        config = Config.from_json(data["config"])
    except ConfigError as e:
        raise RecordsError(f"{name}: the record is damaged ({e})") from None
    try:
        rules = registry.get(data["game"])
    except (registry.UnknownGame, DataError):
        raise RecordsError(f"{name}: a record of an unknown game {shown(data['game'])}") from None
    try:
        match = Match.replay(rules, config, data["actions"])
    except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError, RecursionError) as e:
        if data["data_version"] != rules.INFO.data_version:
            raise RecordsError(f"{name}: made with other game data (version {shown(data['data_version'])})") from None
        if isinstance(e, (IllegalAction, DataError)):
            raise RecordsError(f"{name}: the moves do not replay ({e})") from None
        raise RecordsError(f"{name}: the record is damaged ({e})") from None
    if not match.is_over():
        raise RecordsError(f"{name}: the record is damaged (the moves do not finish the game)")
    if list(rules.result(match.state).scores) != data["scores"]:
        raise RecordsError(f"{name}: the record is damaged (its scores do not match its moves)")
    return match, {"played_at": data["played_at"], "duration": data["duration"], "source": data["source"]}


def _record_problem(data: dict) -> str | None:
    def text(v, limit):
        return isinstance(v, str) and v != "" and len(v) <= limit
    if not text(data["game"], MAX_ID_LEN):
        return f"game must be a game id, not {shown(data['game'])}"
    if not text(data["data_version"], MAX_ID_LEN):
        return "data_version must be a short text"
    if not text(data["played_at"], MAX_STAMP_LEN):
        return "played_at must be a date and time"
    d = data["duration"]
    if d is not None and (type(d) not in (int, float) or not 0 <= d < 10 ** 8):
        return f"duration must be a number of seconds, not {shown(d)}"
    if data["source"] not in SOURCES:
        return f"unknown source {shown(data['source'])}"
    actions = data["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        return f"actions must be a list of at most {MAX_ACTIONS} moves"
    for i, a in enumerate(actions):
        if not text(a, MAX_ACTION_LEN):
            return f"move {i + 1} is not a move: {shown(a)}"
    scores = data["scores"]
    if not isinstance(scores, list) or not all(type(s) is int for s in scores):
        return "scores must be a list of whole numbers"
    return None


def _stamp(saved_at) -> str:
    """A save's local time as a record's date (kept as written; the save has no zone)."""
    return saved_at if isinstance(saved_at, str) and saved_at else _now()


def _identity(path: Path) -> tuple | None:
    """Which file is at `path` (device and inode), None if none."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_dev, st.st_ino


def _tables(db: sqlite3.Connection) -> set[str]:
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _locked(e: sqlite3.Error) -> bool:
    text = str(e).lower()
    return "locked" in text or "busy" in text


def _histogram(values: list[int], bins: int) -> list[dict]:
    """Equal-width bins over [min, max]: [{"from", "to", "count"}] (to is inclusive)."""
    if not values or bins < 1:
        return []
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // bins))
    counts: dict[int, int] = {}
    for v in values:
        k = (v - lo) // width
        counts[k] = counts.get(k, 0) + 1
    return [{"from": lo + k * width, "to": lo + (k + 1) * width - 1, "count": counts.get(k, 0)}
            for k in range((hi - lo) // width + 1)]
