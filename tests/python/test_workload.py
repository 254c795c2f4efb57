"""Workload reading: general logs of MySQL 5.x and 8.x, statement files, statement shapes."""

from sqlroute.tools.workload import WorkloadStatement, is_general_log, read_workload, statement_shape

MYSQL_57_LOG = (
    "Time                 Id Command    Argument\n"
    "240101 10:00:00\t    5 Connect\troot@localhost on \n"
    "\t\t    5 Query\tSELECT 1\n"
    "\t\t    6 Execute\tUPDATE t SET a = 'x\n"
    "y' WHERE id = 3\n"
    "\t\t    5 Quit\t\n"
)


def test_mysql_57_general_log() -> None:
    assert is_general_log(MYSQL_57_LOG)
    assert read_workload(MYSQL_57_LOG) == [
        WorkloadStatement(3, "SELECT 1", [], "5"),
        WorkloadStatement(4, "UPDATE t SET a = 'x\ny' WHERE id = 3", [], "6"),
    ]


def test_statement_files_are_not_general_logs() -> None:
    text = "SELECT * FROM t WHERE id = ? -- params: 7\n"
    assert not is_general_log(text)
    assert read_workload(text) == [WorkloadStatement(1, "SELECT * FROM t WHERE id = ?", [7])]


def test_statement_shape() -> None:
    assert statement_shape("SELECT  *\nFROM t WHERE id = 12 AND name = 'it''s' AND k IN (1, 2, 3)") == \
        "SELECT * FROM t WHERE id = ? AND name = ? AND k IN (?, ...)"
    assert statement_shape("INSERT INTO t_1 (a, b) VALUES (1, 'x'), (2, 'y')") == \
        "INSERT INTO t_1 (a, b) VALUES (?, ?), ..."
    assert statement_shape("SELECT a1 FROM t2 WHERE x = -1.5e3") == "SELECT a1 FROM t2 WHERE x = ?"
