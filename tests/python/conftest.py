"""Shared fixtures: paths of the repository, the example rule set and its engine."""

import tempfile
from pathlib import Path

import pytest
from hypothesis.configuration import set_hypothesis_home_dir

import sqlroute

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_RULES = REPO_ROOT / "examples" / "sharding.yaml"
GOLDEN_DIR = REPO_ROOT / "tests" / "golden"


@pytest.fixture(scope="session")
def engine() -> sqlroute.Engine:
    """The example rule set: t_user split by id with MOD 10 over ds_0..ds_3."""
    return sqlroute.Engine.from_yaml(EXAMPLE_RULES)


SECRET = "s3cr3t-Passw0rd"


@pytest.fixture(scope="session")
def secret_engine() -> sqlroute.Engine:
    """The example rules with the data source password SECRET."""
    return sqlroute.Engine.from_yaml_string(EXAMPLE_RULES.read_text().replace("password: test", f"password: {SECRET}"))


# Hypothesis keeps its example database and caches outside the source tree.
set_hypothesis_home_dir(str(Path(tempfile.gettempdir()) / "sqlroute-hypothesis"))
