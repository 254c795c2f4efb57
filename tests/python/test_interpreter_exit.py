"""The interpreter exits cleanly while daemon threads are still inside the engine.

CPython (before 3.14) ends a daemon thread that takes the GIL back during finalization with a
forced unwind, which used to abort the process ("terminate called without an active
exception") when the thread returned from engine.route() or called a Python algorithm. Each
scenario runs in a fresh interpreter a few times, since the abort depends on timing (it
happened on every run before the fix).
"""

import os
import subprocess
import sys
import textwrap

import pytest

from conftest import EXAMPLE_RULES, REPO_ROOT

RUNS = 5

START_THREADS = """
    import sys, threading, time
    import sqlroute
    engine = sqlroute.Engine.from_yaml(sys.argv[1])
    started = threading.Barrier(9)
    def work():
        started.wait()
        while True:
            {call}
    for _ in range(8):
        threading.Thread(target=work, daemon=True).start()
    started.wait()
    time.sleep(0.05)
    print("exiting", flush=True)
"""

PYTHON_ALGORITHM = """
    class Mod10:
        def __init__(self, props):
            pass
        def do_sharding(self, targets, value):
            return next((t for t in targets if t.endswith("_" + str(value.value % 10))), None)
    sqlroute.register_algorithm("sharding", "PY_MOD10", Mod10)
    engine = sqlroute.Engine.from_yaml_string('''
    dataSources: {ds_0: {url: "jdbc:mysql://h/d"}}
    rules:
    - !SHARDING
      tables:
        t_user:
          actualDataNodes: ds_0.t_user_${0..9}
          tableStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: py}}
      shardingAlgorithms:
        py: {type: PY_MOD10}
    ''')
"""


def run_until_exit(script: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT / "python"))
    return subprocess.run([sys.executable, "-c", script, str(EXAMPLE_RULES)], capture_output=True, text=True,
                          env=env, timeout=60)


@pytest.mark.parametrize("call", [
    'engine.route("SELECT * FROM t_user WHERE id IN (?, ?, ?)", [1, 2, 3])',
    'engine.route_batch("INSERT INTO t_user (id, name) VALUES (?, ?)", [[i, "n"] for i in range(20)])',
    'sqlroute.check_yaml(sys.argv[1])',
])
def test_exit_with_daemon_threads_inside_the_engine(call: str) -> None:
    script = textwrap.dedent(START_THREADS.format(call=call))
    for _ in range(RUNS):
        result = run_until_exit(script)
        assert (result.returncode, result.stdout) == (0, "exiting\n"), result.stderr


def test_exit_with_daemon_threads_inside_a_python_algorithm() -> None:
    script = textwrap.dedent(START_THREADS.format(call='engine.route("SELECT * FROM t_user WHERE id = ?", [7])'))
    script = script.replace("started = threading.Barrier(9)",
                            textwrap.dedent(PYTHON_ALGORITHM) + "started = threading.Barrier(9)")
    for _ in range(RUNS):
        result = run_until_exit(script)
        assert (result.returncode, result.stdout) == (0, "exiting\n"), result.stderr


def test_atexit_callbacks_registered_before_import_can_still_route() -> None:
    script = textwrap.dedent("""
        import atexit, sys
        def last_words():
            print(engine.route("SELECT * FROM t_user WHERE id = ?", [7]).units[0].data_source, flush=True)
        atexit.register(last_words)
        import sqlroute
        engine = sqlroute.Engine.from_yaml(sys.argv[1])
    """)
    result = run_until_exit(script)
    assert (result.returncode, result.stdout) == (0, "ds_3\n"), result.stderr


def test_atexit_callbacks_may_route_in_new_threads() -> None:
    script = textwrap.dedent("""
        import atexit, sys, threading
        def last_words():
            worker = threading.Thread(target=lambda: print(
                engine.route("SELECT * FROM t_user WHERE id = ?", [8]).units[0].data_source, flush=True))
            worker.start()
            worker.join()
        atexit.register(last_words)
        import sqlroute
        engine = sqlroute.Engine.from_yaml(sys.argv[1])
    """)
    result = run_until_exit(script)
    assert (result.returncode, result.stdout) == (0, "ds_0\n"), result.stderr
