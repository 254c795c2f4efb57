"""server.yaml's props reach every logical database's engine, under the rule file's own props (one
set of ShardingSphere ConfigurationProperties per database), and are never written back into a
rule file."""

from __future__ import annotations

from proxy_process import ProxyProcess
from schema import data_sources_yaml

RULES = """\
databaseName: {name}
{data_sources}rules:
- !SHARDING
  tables:
    t_prop:
      actualDataNodes: ds_${{0..1}}.t_prop
      databaseStrategy: {{standard: {{shardingColumn: user_id, shardingAlgorithmName: by_user}}}}
  shardingAlgorithms:
    by_user: {{type: INLINE, props: {{algorithm-expression: "ds_${{user_id % 2}}"}}}}
{props}"""

QUERY = "PREVIEW SELECT * FROM t_prop WHERE user_id IN (1, 2, 3, 4)"


def preview(process, database):
    with process.connect(database=database) as connection, connection.cursor() as cursor:
        cursor.execute(QUERY)
        return [list(row) for row in cursor.fetchall()]


def test_server_props_apply_unless_the_rule_file_sets_them(storage_servers):
    sources = data_sources_yaml({"ds_0": (storage_servers[0].port, "demo_ds_0"),
                                 "ds_1": (storage_servers[1].port, "demo_ds_1")})
    files = {
        "database-server-props.yaml": RULES.format(name="server_props_db", data_sources=sources, props=""),
        "database-own-props.yaml": RULES.format(name="own_props_db", data_sources=sources,
                                                props="props:\n  in-list-split-enabled: false\n  sql-show: false\n"),
    }
    server_props = "  in-list-split-enabled: true\n  sql-show: true\n"
    with ProxyProcess.running(storage_servers, props=server_props, files=files) as process:
        split = preview(process, "server_props_db")
        whole = preview(process, "own_props_db")
        with process.connect(database="server_props_db") as connection, connection.cursor() as cursor:
            cursor.execute("CREATE BROADCAST TABLE RULE t_props_written")
        written = (process.conf_dir / "database-server-props.yaml").read_text()
        log = process.log()
    assert split == [["ds_0", "SELECT * FROM t_prop WHERE user_id IN (2, 4)"],
                     ["ds_1", "SELECT * FROM t_prop WHERE user_id IN (1, 3)"]]
    assert whole == [["ds_0", "SELECT * FROM t_prop WHERE user_id IN (1, 2, 3, 4)"],
                     ["ds_1", "SELECT * FROM t_prop WHERE user_id IN (1, 2, 3, 4)"]]
    assert "Actual SQL: ds_0 ::: SELECT * FROM t_prop WHERE user_id IN (2, 4)" in log  # sql-show
    assert "Actual SQL: ds_0 ::: SELECT * FROM t_prop WHERE user_id IN (1, 2, 3, 4)" not in log  # own_props_db
    assert "t_props_written" in written
    assert "in-list-split-enabled" not in written and "metadata" not in written


CONNECTION_RULES = """\
databaseName: {name}
{data_sources}rules:
- !SHARDING
  tables:
    t_conn:
      actualDataNodes: ds_0.t_conn_${{0..3}}
      tableStrategy: {{standard: {{shardingColumn: id, shardingAlgorithmName: by_id}}}}
  shardingAlgorithms:
    by_id: {{type: INLINE, props: {{algorithm-expression: "t_conn_${{id % 4}}"}}}}
{props}"""


SERVER_PROPS = "  max-connections-size-per-query: 1\n  max-union-size-per-datasource: 1\n"


def test_a_rule_files_max_connections_size_per_query_partitions_the_units_over_backend_connections(storage_servers):
    """The executor runs each statement's units as the plan's execution groups say: with
    max-connections-size-per-query 4 (the rule file's, over server.yaml's 1) the four units of one data
    source (no UNION ALL: max-union-size-per-datasource 1) run over four connections, with 1 over one
    (ShardingSphere's ConnectionStrictly)."""
    backend = storage_servers[0].connect("demo_ds_0")
    with backend.cursor() as cursor:
        for table in range(4):
            cursor.execute(f"CREATE TABLE IF NOT EXISTS t_conn_{table} (id INT PRIMARY KEY)")
            cursor.execute(f"REPLACE INTO t_conn_{table} VALUES ({table})")
    backend.commit()
    sources = data_sources_yaml({"ds_0": (storage_servers[0].port, "demo_ds_0")})
    files = {
        "database-one.yaml": CONNECTION_RULES.format(name="one_connection_db", data_sources=sources, props=""),
        "database-four.yaml": CONNECTION_RULES.format(name="four_connections_db", data_sources=sources,
                                                      props="props:\n  max-connections-size-per-query: 4\n"),
    }
    try:
        with ProxyProcess.running(storage_servers, props=SERVER_PROPS, files=files) as process:
            seen = {}
            for database in ("one_connection_db", "four_connections_db"):
                with process.connect(database=database) as connection, connection.cursor() as cursor:
                    cursor.execute("SELECT id, CONNECTION_ID() FROM t_conn")
                    rows = cursor.fetchall()
                assert sorted(row[0] for row in rows) == [0, 1, 2, 3]
                seen[database] = len({row[1] for row in rows})
        assert seen == {"one_connection_db": 1, "four_connections_db": 4}
    finally:
        with backend.cursor() as cursor:
            for table in range(4):
                cursor.execute(f"DROP TABLE IF EXISTS t_conn_{table}")
        backend.close()
