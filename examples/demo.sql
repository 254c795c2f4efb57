-- Statements for `python3 -m sqlroute demo examples/sharding.yaml examples/demo.sql`
-- (scripts/demo.sh). One statement per line; parameters follow ` -- params:`,
-- separated by spaces: 7, -1.5, NULL, 'quoted text', long:7, decimal:1.50, date:2024-01-31.

-- A point select: MOD 10 sends id 7 to t_user_7 on ds_3.
SELECT * FROM t_user WHERE id = ? -- params: 7
-- Literal values route the same way.
SELECT name FROM t_user WHERE id = 12
-- IN lists touch one table per distinct shard.
SELECT * FROM t_user WHERE id IN (?, ?, ?) -- params: 1 11 4
-- Rows of a multi-row INSERT are split by shard.
INSERT INTO t_user (id, name) VALUES (?, ?), (?, ?) -- params: 3 'Ann' 8 'Bob'
-- Without a sharding condition a statement goes to every table.
SELECT COUNT(*) FROM t_user
-- An update of one row.
UPDATE t_user SET name = ? WHERE id = ? -- params: 'Carol' 25
