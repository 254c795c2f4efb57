"""What a MariaDB server executed for the seeds' `test` account (the one the proxy's storage units log
in with), from its user statistics (`--userstat`): the data checks use them to see where the proxy
sent each read and write during a run. Replicated changes do not count: the replica applies them as
its replication thread, not as `test`."""

from __future__ import annotations

from typing import Callable, Dict, List, Optional, Tuple

from sysbench_runs import Endpoint, RunResult

SERVER_ARGS = ("--userstat=1",)


def counters(server) -> Tuple[int, int]:
    """(SELECTs, changing statements: INSERT, UPDATE, DELETE, DDL) the server executed for `test` so far."""
    with server.connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT SELECT_COMMANDS, UPDATE_COMMANDS FROM information_schema.USER_STATISTICS "
                       "WHERE USER = 'test'")
        row = cursor.fetchone()
        return (int(row[0]), int(row[1])) if row else (0, 0)


def statements_since(server, before: Tuple[int, int]) -> Tuple[int, int]:
    after = counters(server)
    return after[0] - before[0], after[1] - before[1]


def routing_check(servers: Dict[str, object], route: Callable[[Endpoint], Optional[Tuple[str, str]]],
                  failures: List[str]):
    """A run check: `route(endpoint)` names the server that must execute the run's reads and the one that
    must execute its writes (None: the run is not checked); every other server must see neither."""
    def before_run(endpoint: Endpoint):
        expected = route(endpoint)
        if expected is None:
            return None
        reads_on, writes_on = expected
        before = {name: counters(server) for name, server in servers.items()}

        def after_run(result: RunResult) -> None:
            for name, server in servers.items():
                reads, writes = statements_since(server, before[name])
                if reads < result.reads if name == reads_on else reads:
                    failures.append(f"{endpoint.target}: {result.reads} reads, {reads} SELECTs on {name}")
                if writes < result.writes if name == writes_on else writes:
                    failures.append(f"{endpoint.target}: {result.writes} writes, {writes} executed on {name}")
        return after_run
    return before_run


def checksum(server, table: str) -> int:
    with server.connect() as connection, connection.cursor() as cursor:
        cursor.execute(f"CHECKSUM TABLE {table}")
        return cursor.fetchone()[1]
