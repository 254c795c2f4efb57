"""sqlroute-proxy's configuration directory: a bad file stops the start with a typed error that
names the key path, and never prints a password."""

from __future__ import annotations

import subprocess

import pytest

from proxy_process import PROXY_BINARY


def start(conf_dir):
    return subprocess.run([str(PROXY_BINARY), "--conf", str(conf_dir), "--port", "0"], capture_output=True,
                          text=True, timeout=30)


@pytest.mark.parametrize("server_yaml, code, path", [
    ("authority:\n  users:\n    - user: root@%\n      password: s3cret\n      role: x\n", "CONFIG_UNKNOWN_KEY",
     "authority.users[0].role"),
    ("authority:\n  users:\n    - s3cret-without-a-host\n", "CONFIG_INVALID_VALUE", "authority.users[0]"),
    ("props:\n  max-connections-size-per-query: many\n", "CONFIG_INVALID_VALUE", "props.max-connections-size-per-query"),
    ("authority: [1, 2]\n", "CONFIG_INVALID_VALUE", "authority"),
    ("modes: {}\n", "CONFIG_UNKNOWN_KEY", "modes"),
])
def test_bad_server_yaml(tmp_path, server_yaml, code, path):
    (tmp_path / "server.yaml").write_text(server_yaml)
    result = start(tmp_path)
    assert result.returncode == 1
    assert code in result.stderr and path in result.stderr, result.stderr
    assert "s3cret" not in result.stderr


def test_bad_rule_file(tmp_path):
    (tmp_path / "server.yaml").write_text("props: {}\n")
    (tmp_path / "database-bad.yaml").write_text(
        "databaseName: bad\ndataSources:\n  ds_0: {url: 'postgres://h/db', username: u, password: s3cret}\n")
    result = start(tmp_path)
    assert result.returncode == 1
    assert "dataSources.ds_0.url" in result.stderr, result.stderr
    assert "s3cret" not in result.stderr


def test_missing_directory(tmp_path):
    result = start(tmp_path / "absent")
    assert result.returncode == 1
    assert "CONFIG_FILE_UNREADABLE" in result.stderr
