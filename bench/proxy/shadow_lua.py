"""Seed 003's modified sysbench oltp_common.lua for the shadow scenario: sysbench's own script with the
SIMPLE_HINT comment added to the statements the seed marks, written into a scratch directory at run
time. As in the seed, the point selects, both updates and the delete end in ` /*shadow:true*/` and the
insert in `/*shadow:true*/`; the range selects stay unmarked."""

from __future__ import annotations

from pathlib import Path

SYSBENCH_COMMON = Path("/usr/share/sysbench/oltp_common.lua")
HINTS = {  # sysbench's statement ending -> the seed's
    'WHERE id=?",': 'WHERE id=? /*shadow:true*/",',
    'VALUES (?, ?, ?, ?)",': 'VALUES (?, ?, ?, ?)/*shadow:true*/",',
}
HINTED_STATEMENTS = 5  # point_selects, index_updates, non_index_updates, deletes, inserts


def write_shadow_lua(directory: Path) -> Path:
    """Writes the modified oltp_common.lua into `directory` (for sysbench's LUA_PATH) and returns it."""
    script = SYSBENCH_COMMON.read_text()
    hinted = sum(script.count(ending) for ending in HINTS)
    if hinted != HINTED_STATEMENTS:
        raise RuntimeError(f"{SYSBENCH_COMMON} has {hinted} statements to hint, the seed hints {HINTED_STATEMENTS}")
    for ending, with_hint in HINTS.items():
        script = script.replace(ending, with_hint)
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "oltp_common.lua").write_text(script)
    return directory
