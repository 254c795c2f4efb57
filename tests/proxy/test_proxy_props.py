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
