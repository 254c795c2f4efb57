"""The suite's sharded schema: t_order split over two storage units by user_id % 2 and two tables
each by order_id % 2, t_config broadcast, and an unsharded copy `reference.t_order` to compare
merged results with."""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Set, Tuple

SERVER_YAML = """\
authority:
  users:
    - user: root@%
      password: root
    - sharding@%:sharding
  privilege:
    type: ALL_PERMITTED
props:
  max-connections-size-per-query: 1
  kernel-executor-size: 16
  proxy-frontend-executor-size: 2
  max-allowed-packet: 33554432
"""

RULES_YAML = """\
databaseName: sharding_db
dataSources:
  ds_0:
    url: jdbc:mysql://127.0.0.1:{port0}/demo_ds_0
    username: root
    password: ""
    maxPoolSize: 40
    minPoolSize: 1
  ds_1:
    url: jdbc:mysql://127.0.0.1:{port1}/demo_ds_1
    username: root
    password: ""
    maxPoolSize: 40
    minPoolSize: 1
rules:
- !SHARDING
  tables:
    t_order:
      actualDataNodes: ds_${{0..1}}.t_order_${{0..1}}
      databaseStrategy:
        standard: {{shardingColumn: user_id, shardingAlgorithmName: database_inline}}
      tableStrategy:
        standard: {{shardingColumn: order_id, shardingAlgorithmName: table_inline}}
  shardingAlgorithms:
    database_inline:
      type: INLINE
      props: {{algorithm-expression: "ds_${{user_id % 2}}"}}
    table_inline:
      type: INLINE
      props: {{algorithm-expression: "t_order_${{order_id % 2}}"}}
- !BROADCAST
  tables: [t_config, t_doc]
"""

# Primary and replica are two servers without replication: which copy a read returns shows where it went.
READWRITE_YAML = """\
databaseName: readwrite_db
dataSources:
  write_ds: {{url: "jdbc:mysql://127.0.0.1:{port0}/rw_db", username: root, password: ""}}
  read_ds: {{url: "jdbc:mysql://127.0.0.1:{port1}/rw_db", username: root, password: ""}}
rules:
- !READWRITE_SPLITTING
  dataSourceGroups:
    readwrite_ds:
      writeDataSourceName: write_ds
      readDataSourceNames: [read_ds]
      transactionalReadQueryStrategy: PRIMARY
      loadBalancerName: random
  loadBalancers:
    random: {{type: RANDOM}}
"""

ORDER_COLUMNS = "order_id BIGINT NOT NULL PRIMARY KEY, user_id INT NOT NULL, status VARCHAR(32), amount DECIMAL(10,2)"


def physical_orders(servers: List) -> Dict[Tuple[str, str], Set[int]]:
    """order_id values by (data source, actual table), read from MariaDB directly."""
    found: Dict[Tuple[str, str], Set[int]] = {}
    for index, server in enumerate(servers):
        with server.connect() as connection, connection.cursor() as cursor:
            for table in (0, 1):
                cursor.execute(f"SELECT order_id FROM demo_ds_{index}.t_order_{table}")
                found[(f"ds_{index}", f"t_order_{table}")] = {row[0] for row in cursor.fetchall()}
    return found


def expected_node(order_id: int, user_id: int) -> Tuple[str, str]:
    """Where the INLINE rules put a row."""
    return f"ds_{user_id % 2}", f"t_order_{order_id % 2}"


def data_sources_yaml(sources: Dict[str, Tuple[int, str]], password: str = "") -> str:
    """A rule file's `dataSources:` section: each name's database at 127.0.0.1:port, user root."""
    lines = ["dataSources:"]
    for name, (port, database) in sources.items():
        lines.append(f'  {name}: {{url: "jdbc:mysql://127.0.0.1:{port}/{database}", username: root, '
                     f'password: "{password}"}}')
    return "\n".join(lines) + "\n"


def write_configuration(conf_dir: Path, servers: List) -> None:
    (conf_dir / "server.yaml").write_text(SERVER_YAML)
    ports = {"port0": servers[0].port, "port1": servers[1].port}
    (conf_dir / "database-sharding.yaml").write_text(RULES_YAML.format(**ports))
    (conf_dir / "database-readwrite.yaml").write_text(READWRITE_YAML.format(**ports))


def create_physical_schema(servers: List) -> None:
    for index, server in enumerate(servers):
        with server.connect() as connection, connection.cursor() as cursor:
            cursor.execute(f"CREATE DATABASE demo_ds_{index}")
            for table in (0, 1):
                cursor.execute(f"CREATE TABLE demo_ds_{index}.t_order_{table} ({ORDER_COLUMNS})")
            cursor.execute(f"CREATE TABLE demo_ds_{index}.t_config (k VARCHAR(32) PRIMARY KEY, v VARCHAR(64))")
            cursor.execute(f"CREATE TABLE demo_ds_{index}.t_doc (id INT PRIMARY KEY, body LONGTEXT)")
            # Rows over 16 MiB (the large packet tests) must pass between the proxy and MariaDB.
            cursor.execute("SET GLOBAL max_allowed_packet = 64 * 1024 * 1024")
    for name, server in (("primary", servers[0]), ("replica", servers[1])):
        with server.connect() as connection, connection.cursor() as cursor:
            cursor.execute("CREATE DATABASE rw_db")
            cursor.execute("CREATE TABLE rw_db.t_where (id INT PRIMARY KEY, copy VARCHAR(16))")
            cursor.execute("INSERT INTO rw_db.t_where VALUES (1, %s)", (name,))
    with servers[0].connect() as connection, connection.cursor() as cursor:
        cursor.execute("CREATE DATABASE reference")
        cursor.execute(f"CREATE TABLE reference.t_order ({ORDER_COLUMNS})")
