"""The seeds' DistSQL, laid out as seed 003 writes it: a logical database created afresh and storage
units registered with the seeds' `test`/`test` account, on the local servers."""

from __future__ import annotations

from sysbench_runs import HOST


def new_database(name: str) -> str:
    return f"DROP DATABASE IF EXISTS {name};\nCREATE DATABASE IF NOT EXISTS {name};\nUSE {name};\n"


def register_storage_units(*units) -> str:
    """`units`: (name, server port, database) of each storage unit."""
    blocks = [f'{name} (\n    HOST="{HOST}",\n    PORT={port},\n    DB="{database}",\n    USER="test",\n'
              f'    PASSWORD="test"\n)' for name, port, database in units]
    return "REGISTER STORAGE UNIT " + ", ".join(blocks) + ";\n"
