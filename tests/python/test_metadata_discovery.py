"""Metadata discovery without a database: the storage units it reads, how failures are reported, and
the `metadata:` YAML it writes (the real-database cases are tests/mariadb/test_mariadb_metadata_discovery.py)."""

from __future__ import annotations

import io
import socket

import pytest
import yaml

import sqlroute
from sqlroute.cli import main

SECRET = "Pw-0b9d4e-never-shown"


def _closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _rules(port: int) -> str:
    return f"""
dataSources:
  write_ds: {{url: "jdbc:mysql://127.0.0.1:{port}/db_w", username: app, password: {SECRET}}}
  read_ds: {{url: "jdbc:mysql://127.0.0.1:{port}/db_r", username: app, password: {SECRET}}}
rules:
- !READWRITE_SPLITTING
  dataSourceGroups:
    rw: {{writeDataSourceName: write_ds, readDataSourceNames: [read_ds]}}
"""


def test_a_read_write_group_is_read_from_its_write_data_source() -> None:
    assert sqlroute.Engine.from_yaml_string(_rules(3306)).metadata_storage_units == ["write_ds"]


def test_an_unreachable_data_source_is_named_and_its_password_is_not(tmp_path) -> None:
    engine = sqlroute.Engine.from_yaml_string(_rules(_closed_port()), metadata={"t_a": ["id"]})
    with pytest.raises(sqlroute.ConfigError) as raised:
        engine.with_discovered_metadata(timeout=2)
    error = raised.value
    assert error.code == "METADATA_LOAD_FAILED"
    assert error.message.startswith("cannot load the metadata of data source `write_ds`: ")
    assert error.__context__ is None and error.__cause__ is None
    assert all(SECRET not in text for text in (str(error), repr(error)))
    assert engine.export_metadata_yaml() == "metadata:\n  t_a: [id]\n"
    rules = tmp_path / "rules.yaml"
    rules.write_text(_rules(_closed_port()), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["metadata", str(rules), "--timeout", "2"], out, err) == 2
    assert "error[METADATA_LOAD_FAILED]" in err.getvalue() and "`write_ds`" in err.getvalue()
    assert SECRET not in err.getvalue() + out.getvalue()


def test_the_metadata_yaml_keeps_flags_indexes_and_constraints() -> None:
    text = """metadata:
  t_order:
    columns: [{name: id, autoIncrement: true, primaryKey: true}, {name: note, visible: false}, {name: total, generated: true}, k]
    indexes:
      - {name: idx_k, columns: [k], unique: true}
    constraints:
      - {name: fk_k, referencedTable: t_k}
"""
    engine = sqlroute.Engine.from_yaml_string(_rules(3306), metadata=text)
    exported = engine.export_metadata_yaml()
    assert yaml.safe_load(exported) == yaml.safe_load(text)
    assert sqlroute.Engine.from_yaml_string(_rules(3306), metadata=exported).export_metadata_yaml() == exported
