"""Packaging metadata agrees with the module."""

import tomllib

import sqlroute
from conftest import REPO_ROOT


def test_versions_agree() -> None:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    assert project["version"] == sqlroute.__version__
    assert project["scripts"]["sqlroute"] == "sqlroute.cli:main"
