"""bench/proxy/run.sh's harness on one tiny scenario, so that it keeps working: the encryption scenario
with AES only, one short oltp_read_write per endpoint (direct, HAProxy, the proxy), its report and its
data check (cipher text in MariaDB equal to AES computed without the engine, plain text through the proxy)."""

from __future__ import annotations

import json
import shutil
import sys

import pytest

from proxy_process import PROXY_BINARY, REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "bench" / "proxy"))


def test_one_tiny_scenario_runs_and_checks_its_data(tmp_path):
    if shutil.which("haproxy") is None:
        pytest.skip("haproxy is not installed (scripts/ensure-deps.sh installs it)")
    assert PROXY_BINARY.exists(), f"{PROXY_BINARY} is not built (bash scripts/build.sh)"
    import proxy_bench
    status = proxy_bench.main(["--out", str(tmp_path), "--scenarios", "encrypt", "--encrypt-algorithms", "AES",
                               "--tests", "oltp_read_write", "--time", "1", "--table-size", "300",
                               "--load-threads", "2"])
    (scenario,) = json.loads((tmp_path / "proxy.json").read_text())
    assert status == 0 and scenario["problems"] == [], scenario["problems"]
    rows = {row["target"]: row["result"] for row in scenario["rows"]}
    assert set(rows) == {"direct", "HAProxy", "proxy (AES)"}
    for result in rows.values():
        # oltp_read_write with --range_selects=off: 10 reads, 4 writes, BEGIN and COMMIT a transaction
        assert result["tps"] > 0 and result["reads"] == 10 * result["writes"] / 4
        assert result["ignored"] == 0 and 0 < result["p95"] <= result["p99"]
    assert rows["proxy (AES)"]["cpu_us"] > 0 and rows["HAProxy"]["cpu_us"] > 0 and rows["direct"]["cpu_us"] is None
    assert len(scenario["checks"]) == 1 and scenario["checks"][0].startswith("AES: every stored c and pad")
    report = (tmp_path / "proxy.txt").read_text()
    assert "proxy (AES)" in report and "data check passed: AES" in report
    page = (tmp_path / "proxy.html").read_text()
    assert page.count("<svg") == 3 and "proxy (AES)" in page
