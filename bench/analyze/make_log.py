"""Writes a MariaDB general log of sysbench oltp_read_write events (the lines a real run logs).

Usage: make_log.py LINES OUTPUT [--table-size N]. Each event is what sysbench's oltp_read_write
executes on one connection: BEGIN, 10 point selects, 4 range selects (a span of 100 ids), 2
updates, a delete, an insert and COMMIT, with MariaDB's ``Execute`` entry header; connections
take turns, as sysbench's threads do.
"""

from __future__ import annotations

import argparse
import random

RANGE_SIZE = 100  # sysbench's --range-size default
THREADS = 8
HEADER = ("/usr/sbin/mariadbd, Version: 10.11 (Debian 12). started with:\n"
          "Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock\nTime\t\t    Id Command\tArgument\n")


def digits(rng: random.Random, groups: int) -> str:
    return "-".join(f"{rng.randrange(10 ** 11):011d}" for _ in range(groups))


def event(rng: random.Random, table_size: int):
    yield "BEGIN"
    for _ in range(10):
        yield f"SELECT c FROM sbtest1 WHERE id={rng.randint(1, table_size)}"
    for template in ("SELECT c FROM sbtest1 WHERE id BETWEEN {} AND {}",
                     "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN {} AND {}",
                     "SELECT c FROM sbtest1 WHERE id BETWEEN {} AND {} ORDER BY c",
                     "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN {} AND {} ORDER BY c"):
        low = rng.randint(1, table_size - RANGE_SIZE)
        yield template.format(low, low + RANGE_SIZE - 1)
    yield f"UPDATE sbtest1 SET k=k+1 WHERE id={rng.randint(1, table_size)}"
    yield f"UPDATE sbtest1 SET c='{digits(rng, 10)}' WHERE id={rng.randint(1, table_size)}"
    victim = rng.randint(1, table_size)
    yield f"DELETE FROM sbtest1 WHERE id={victim}"
    yield (f"INSERT INTO sbtest1 (id, k, c, pad) VALUES ({victim}, {rng.randint(1, table_size)}, "
           f"'{digits(rng, 10)}', '{digits(rng, 5)}')")
    yield "COMMIT"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lines", type=int)
    parser.add_argument("output")
    parser.add_argument("--table-size", type=int, default=10000)
    args = parser.parse_args()
    rng = random.Random(1)
    with open(args.output, "w", encoding="utf-8") as out:
        out.write(HEADER)
        written, connection = 0, 0
        while written < args.lines:
            connection = connection % THREADS + 1
            for sql in event(rng, args.table_size):
                out.write(f"\t\t{connection:6d} Execute\t{sql}\n")
                written += 1
                if written == args.lines:
                    break


if __name__ == "__main__":
    main()
