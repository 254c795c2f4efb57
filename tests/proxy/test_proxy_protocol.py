"""The MySQL protocol of sqlroute-proxy, through pymysql and the `mariadb` command-line client:
login, session statements, commands, errors, malformed and oversized packets, many clients."""

from __future__ import annotations

import socket
import struct
import subprocess
import os
import threading

import pymysql
import pytest

from binary_protocol import BinaryClient, ServerError
from proxy_process import HOST


def mariadb_cli(proxy, *args, password="root", user="root"):
    return subprocess.run(["mariadb", "-h", HOST, "-P", str(proxy.port), f"-u{user}", f"-p{password}",
                           "--batch", *args], capture_output=True, text=True, timeout=60)


def test_login_with_both_user_forms(proxy):
    for user, password in (("root", "root"), ("sharding", "sharding")):
        with proxy.connect(user=user, password=password) as connection, connection.cursor() as cursor:
            cursor.execute("SELECT DATABASE(), CURRENT_USER()")
            assert cursor.fetchone() == ("sharding_db", f"{user}@127.0.0.1")


def test_bad_password_is_access_denied(proxy):
    with pytest.raises(pymysql.err.OperationalError) as failure:
        proxy.connect(password="wrong")
    assert failure.value.args[0] == 1045
    assert "Access denied for user 'root'" in failure.value.args[1]
    result = mariadb_cli(proxy, "-e", "SELECT 1", password="wrong")
    assert result.returncode != 0
    assert "ERROR 1045 (28000)" in result.stderr
    assert "wrong" not in result.stderr


def test_unknown_database_at_login(proxy):
    with pytest.raises(pymysql.err.OperationalError) as failure:
        proxy.connect(database="no_such_db")
    assert failure.value.args[0] == 1049


def test_session_statements_clients_send(proxy):
    with proxy.connect(database=None) as connection, connection.cursor() as cursor:
        cursor.execute("SET NAMES utf8mb4")
        cursor.execute("SELECT @@version_comment LIMIT 1")
        assert cursor.fetchone() == ("sqlroute-proxy",)
        cursor.execute("SELECT @@max_allowed_packet, @@session.autocommit AS ac")
        assert cursor.fetchone() == ("33554432", "1")
        assert [d[0] for d in cursor.description] == ["@@max_allowed_packet", "ac"]
        cursor.execute("SHOW DATABASES")
        assert cursor.fetchall() == (("readwrite_db",), ("sharding_db",))
        with pytest.raises(pymysql.err.OperationalError) as failure:
            cursor.execute("SELECT * FROM t_order")
        assert failure.value.args[0] == 1046
        connection.select_db("sharding_db")  # COM_INIT_DB
        cursor.execute("SELECT DATABASE()")
        assert cursor.fetchone() == ("sharding_db",)
        cursor.execute("USE sharding_db")
        connection.ping(reconnect=False)  # COM_PING
        with pytest.raises(pymysql.err.OperationalError) as failure:
            connection.select_db("missing")
        assert failure.value.args[0] == 1049
        with pytest.raises(pymysql.err.OperationalError) as failure:
            cursor.execute("SELECT @@no_such_variable")
        assert failure.value.args[0] == 1193


def test_mariadb_client_runs_statements(proxy):
    result = mariadb_cli(proxy, "sharding_db", "-e",
                         "INSERT INTO t_config (k, v) VALUES ('cli', 'x'); SELECT k, v FROM t_config WHERE k = 'cli'")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["k\tv", "cli\tx"]


def test_multi_statements(proxy):
    with proxy.connect(client_flag=pymysql.constants.CLIENT.MULTI_STATEMENTS) as connection:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 'a'; SELECT @@version_comment; SET NAMES utf8mb4")
            assert cursor.fetchall() == (("a",),)
            assert cursor.nextset()
            assert cursor.fetchall() == (("sqlroute-proxy",),)
            assert cursor.nextset()
            assert not cursor.nextset()


def test_multi_statements_refused_unless_enabled(proxy):
    # MySQL parses the text as one statement and fails at the second, as MariaDB does.
    with proxy.connect(client_flag=0) as connection:
        assert not connection.client_flag & pymysql.constants.CLIENT.MULTI_STATEMENTS
        with connection.cursor() as cursor:
            for sql, near in (("SELECT 'a'; SELECT 2", "SELECT 2' at line 1"),
                              ("SET NAMES utf8mb4;\n  SELECT ';' FROM t_config", "SELECT ';' FROM t_config' at line 2")):
                with pytest.raises(pymysql.err.ProgrammingError) as refused:
                    cursor.execute(sql)
                assert refused.value.args == (1064, "You have an error in your SQL syntax; check the manual that "
                                              "corresponds to your MySQL server version for the right syntax to use "
                                              "near '" + near)
            cursor.execute("SELECT 'one'; -- a trailing comment")
            assert cursor.fetchall() == (("one",),)
        connection._execute_command(pymysql.constants.COMMAND.COM_SET_OPTION, b"\x00\x00")  # multi-statements on
        assert connection._read_packet().is_eof_packet()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 'a'; SELECT 2")
            assert cursor.fetchall() == (("a",),)
            assert cursor.nextset() and cursor.fetchall() == ((2,),)


def test_set_option_and_reset_connection(proxy):
    with proxy.connect() as connection:
        connection._execute_command(pymysql.constants.COMMAND.COM_SET_OPTION, b"\x00\x00")
        assert connection._read_packet().is_eof_packet()
        connection._execute_command(0x1F, b"")  # COM_RESET_CONNECTION
        assert connection._read_packet().is_ok_packet()
        with connection.cursor() as cursor:
            cursor.execute("SELECT DATABASE()")
            assert cursor.fetchone() == ("sharding_db",)


def test_field_list(proxy):
    with proxy.connect() as connection:
        connection._execute_command(pymysql.constants.COMMAND.COM_FIELD_LIST, b"t_order\x00")
        names = []
        while True:
            packet = connection._read_packet()
            if packet.is_eof_packet():
                break
            names.append(pymysql.protocol.FieldDescriptorPacket(packet.get_all_data(), "utf8").name)
        assert names == ["order_id", "user_id", "status", "amount"]


def test_engine_errors_become_error_packets(proxy):
    with proxy.connect() as connection, connection.cursor() as cursor:
        with pytest.raises(pymysql.err.ProgrammingError) as failure:
            cursor.execute("SELEC 1")
        assert failure.value.args[0] == 1064
        assert "You have an error in your SQL syntax" in failure.value.args[1]
        with pytest.raises(pymysql.err.MySQLError) as failure:
            cursor.execute("UPDATE t_order SET user_id = 3 WHERE order_id = 1")
        assert failure.value.args[0] == 20041
        # the connection stays usable after an error
        cursor.execute("SELECT 1")


def test_backend_errors_pass_through(proxy):
    with proxy.connect() as connection, connection.cursor() as cursor:
        cursor.execute("INSERT INTO t_order (order_id, user_id, status) VALUES (900, 1, 'dup')")
        with pytest.raises(pymysql.err.IntegrityError) as failure:
            cursor.execute("INSERT INTO t_order (order_id, user_id, status) VALUES (900, 1, 'dup')")
        assert failure.value.args[0] == 1062
        assert "Duplicate entry '900'" in failure.value.args[1]
        cursor.execute("DELETE FROM t_order WHERE order_id = 900 AND user_id = 1")


def _logged_in_socket(proxy):
    """A raw socket after a successful login (pymysql does the handshake)."""
    connection = proxy.connect()
    return connection, connection._sock


def _read_raw_packet(sock):
    header = b""
    while len(header) < 4:
        chunk = sock.recv(4 - len(header))
        if not chunk:
            return None
        header += chunk
    size = int.from_bytes(header[:3], "little")
    payload = b""
    while len(payload) < size:
        payload += sock.recv(size - len(payload))
    return payload


def test_malformed_packet_closes_with_an_error(proxy):
    connection, sock = _logged_in_socket(proxy)
    body = bytes([0x17]) + b"\x01\x00"  # COM_STMT_EXECUTE cut inside its statement id
    sock.sendall(struct.pack("<I", len(body))[:3] + b"\x00" + body)
    payload = _read_raw_packet(sock)
    assert payload[0] == 0xFF
    assert struct.unpack("<H", payload[1:3])[0] == 1835
    assert _read_raw_packet(sock) is None  # closed, nothing else sent
    sock.close()


def test_malformed_handshake_response(proxy):
    sock = socket.create_connection((HOST, proxy.port), timeout=10)
    assert _read_raw_packet(sock)[0] == 10  # handshake v10
    body = b"\x00\x02"  # a response far too short
    sock.sendall(struct.pack("<I", len(body))[:3] + b"\x01" + body)
    payload = _read_raw_packet(sock)
    assert payload[0] == 0xFF and struct.unpack("<H", payload[1:3])[0] == 1835
    assert _read_raw_packet(sock) is None
    sock.close()


def test_packet_over_max_allowed_packet(proxy):
    connection, sock = _logged_in_socket(proxy)
    frame = b"\x03SELECT 1 /*" + b"x" * (0xFFFFFF - 12)
    # two full frames and the header of a third: the payload would pass max-allowed-packet (32 MiB)
    sock.sendall(b"\xff\xff\xff\x00" + frame + b"\xff\xff\xff\x01" + b"x" * 0xFFFFFF + b"\x10\x00\x00\x02")
    payload = _read_raw_packet(sock)
    assert payload[0] == 0xFF and struct.unpack("<H", payload[1:3])[0] == 1153
    assert _read_raw_packet(sock) is None
    sock.close()


def test_packets_over_16_mib(proxy):
    body = "y" * (17 * 1024 * 1024)
    with proxy.connect() as connection:
        # a client payload over 16 MiB arrives in two frames and is answered
        with connection.cursor() as cursor:
            cursor.execute("SELECT @@version_comment /*" + "z" * (17 * 1024 * 1024) + "*/")
            assert cursor.fetchone() == ("sqlroute-proxy",)
        client = BinaryClient(connection)
        insert = client.prepare("INSERT INTO t_doc (id, body) VALUES (?, ?)")
        client.send_long_data(insert, 1, body.encode())
        assert client.execute(insert, [1, None], long_data=[1]) == 1
        with connection.cursor() as cursor:
            cursor.execute("SELECT body FROM t_doc WHERE id = 1")  # a result row over 16 MiB
            assert cursor.fetchone()[0] == body
            cursor.execute("DELETE FROM t_doc WHERE id = 1")


def proxy_threads(proxy) -> int:
    return len(os.listdir(f"/proc/{proxy.process.pid}/task"))


def test_512_concurrent_connections(proxy):
    connections = []
    threads_before = proxy_threads(proxy)
    try:
        for _ in range(512):
            connections.append(proxy.connect())
        errors = []

        def ask(connection):
            try:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT COUNT(*) FROM t_config")
                    cursor.fetchone()
            except Exception as error:  # noqa: BLE001 - collected and asserted below
                errors.append(error)

        threads = [threading.Thread(target=ask, args=(c,)) for c in connections]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert proxy_threads(proxy) <= threads_before  # no thread per client
        with connections[0].cursor() as cursor:
            cursor.execute("SELECT CONNECTION_ID()")
            assert int(cursor.fetchone()[0]) > 0
    finally:
        for connection in connections:
            connection.close()
