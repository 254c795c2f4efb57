"""Packaging metadata agrees with the module."""

import os
import subprocess
import sys
import tomllib

import sqlroute
from conftest import REPO_ROOT

PYPROJECT = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())
PACKAGE_ROOT = REPO_ROOT / "python"


def test_versions_agree() -> None:
    project = PYPROJECT["project"]
    assert project["version"] == sqlroute.__version__
    assert project["scripts"]["sqlroute"] == "sqlroute.cli:main"


def test_every_package_is_packaged() -> None:
    packages = {".".join(init.parent.relative_to(PACKAGE_ROOT).parts)
                for init in (PACKAGE_ROOT / "sqlroute").rglob("__init__.py")}
    assert packages == {"sqlroute", "sqlroute.tools"}
    assert set(PYPROJECT["tool"]["setuptools"]["packages"]) == packages


def test_the_product_api_loads_no_tooling() -> None:
    code = "import sys, sqlroute; print(sorted(name for name in sys.modules if name.startswith('sqlroute.')))"
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT))
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert "sqlroute.tools" not in loaded and "sqlroute.cli" not in loaded, loaded
