"""Seed 003's modified sysbench oltp_common.lua for the shadow scenario: sysbench's own script with its
statement definitions replaced by the seed's, whose point selects, updates, deletes and inserts carry
the SIMPLE_HINT comment `/*shadow:true*/`. Written into a scratch directory at run time."""

from __future__ import annotations

import re
from pathlib import Path

SYSBENCH_COMMON = Path("/usr/share/sysbench/oltp_common.lua")

# The seed's block, verbatim.
SEED_STMT_DEFS = """local stmt_defs = {
   point_selects = {
      "SELECT c FROM sbtest%u WHERE id=? /*shadow:true*/",
      t.INT},
   simple_ranges = {
      "SELECT c FROM sbtest%u WHERE id BETWEEN ? AND ?",
      t.INT, t.INT},
   sum_ranges = {
      "SELECT SUM(k) FROM sbtest%u WHERE id BETWEEN ? AND ?",
       t.INT, t.INT},
   order_ranges = {
      "SELECT c FROM sbtest%u WHERE id BETWEEN ? AND ? ORDER BY c",
       t.INT, t.INT},
   distinct_ranges = {
      "SELECT DISTINCT c FROM sbtest%u WHERE id BETWEEN ? AND ? ORDER BY c",
      t.INT, t.INT},
   index_updates = {
      "UPDATE sbtest%u SET k=k+1 WHERE id=? /*shadow:true*/",
      t.INT},
   non_index_updates = {
      "UPDATE sbtest%u SET c=? WHERE id=? /*shadow:true*/",
      {t.CHAR, 120}, t.INT},
   deletes = {
      "DELETE FROM sbtest%u WHERE id=? /*shadow:true*/",
      t.INT},
   inserts = {
      "INSERT INTO sbtest%u (id, k, c, pad) VALUES (?, ?, ?, ?)/*shadow:true*/",
      t.INT, t.INT, {t.CHAR, 120}, {t.CHAR, 60}},
}
"""


def write_shadow_lua(directory: Path) -> Path:
    """Writes the modified oltp_common.lua into `directory` (for sysbench's LUA_PATH) and returns it."""
    original = SYSBENCH_COMMON.read_text()
    modified, replaced = re.subn(r"^local stmt_defs = \{\n.*?^\}\n", lambda _: SEED_STMT_DEFS, original,
                                 flags=re.MULTILINE | re.DOTALL)
    if replaced != 1:
        raise RuntimeError(f"{SYSBENCH_COMMON} has no stmt_defs block to replace")
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "oltp_common.lua").write_text(modified)
    return directory
