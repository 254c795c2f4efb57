"""One engine shared by several threads: routing releases the GIL and stays correct."""

from concurrent.futures import ThreadPoolExecutor

import sqlroute


def expected_unit(user_id: int) -> sqlroute.SqlUnit:
    table = user_id % 10
    return sqlroute.SqlUnit(f"ds_{table % 4}", f"SELECT * FROM t_user_{table} WHERE id = ?", [user_id])


def route_range(engine: sqlroute.Engine, start: int) -> list:
    return [engine.route("SELECT * FROM t_user WHERE id = ?", [i]).units for i in range(start, start + 300)]


def test_concurrent_routes_match_serial_results(engine: sqlroute.Engine) -> None:
    starts = [i * 1000 for i in range(8)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda start: route_range(engine, start), starts))
    for start, units_per_call in zip(starts, results):
        assert units_per_call == [[expected_unit(i)] for i in range(start, start + 300)]
