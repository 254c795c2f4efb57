// Keywords as names: every keyword of the grammar that MySQL 8.0 does not reserve is usable as a
// table name, a column name and an alias; every reserved one is usable back-quoted or after a
// dot. The keywords come from the grammar itself (parser/fixed_tokens.h), so a new one is tested
// as soon as the lexer knows it.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "parser/fixed_tokens.h"
#include "parser/sql_parser.h"
#include "parser_span_check.h"
#include "sqlroute/error.h"

namespace sqlroute::parser {
namespace {

// The words the MySQL 8.0 manual's "Keywords and Reserved Words" page marks (R).
const std::set<std::string>& MySqlReservedWords() {
  static const std::set<std::string> kWords = {
      "ACCESSIBLE", "ADD", "ALL", "ALTER", "ANALYZE", "AND", "AS", "ASC", "ASENSITIVE", "BEFORE", "BETWEEN",
      "BIGINT", "BINARY", "BLOB", "BOTH", "BY", "CALL", "CASCADE", "CASE", "CHANGE", "CHAR", "CHARACTER",
      "CHECK", "COLLATE", "COLUMN", "CONDITION", "CONSTRAINT", "CONTINUE", "CONVERT", "CREATE", "CROSS",
      "CUBE", "CUME_DIST", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "CURRENT_USER", "CURSOR",
      "DATABASE", "DATABASES", "DAY_HOUR", "DAY_MICROSECOND", "DAY_MINUTE", "DAY_SECOND", "DEC", "DECIMAL",
      "DECLARE", "DEFAULT", "DELAYED", "DELETE", "DENSE_RANK", "DESC", "DESCRIBE", "DETERMINISTIC",
      "DISTINCT", "DISTINCTROW", "DIV", "DOUBLE", "DROP", "DUAL", "EACH", "ELSE", "ELSEIF", "EMPTY",
      "ENCLOSED", "ESCAPED", "EXCEPT", "EXISTS", "EXIT", "EXPLAIN", "FALSE", "FETCH", "FIRST_VALUE", "FLOAT",
      "FLOAT4", "FLOAT8", "FOR", "FORCE", "FOREIGN", "FROM", "FULLTEXT", "FUNCTION", "GENERATED", "GET",
      "GRANT", "GROUP", "GROUPING", "GROUPS", "HAVING", "HIGH_PRIORITY", "HOUR_MICROSECOND", "HOUR_MINUTE",
      "HOUR_SECOND", "IF", "IGNORE", "IN", "INDEX", "INFILE", "INNER", "INOUT", "INSENSITIVE", "INSERT",
      "INT", "INT1", "INT2", "INT3", "INT4", "INT8", "INTEGER", "INTERSECT", "INTERVAL", "INTO",
      "IO_AFTER_GTIDS", "IO_BEFORE_GTIDS", "IS", "ITERATE", "JOIN", "JSON_TABLE", "KEY", "KEYS", "KILL", "LAG",
      "LAST_VALUE", "LATERAL", "LEAD", "LEADING", "LEAVE", "LEFT", "LIKE", "LIMIT", "LINEAR", "LINES", "LOAD",
      "LOCALTIME", "LOCALTIMESTAMP", "LOCK", "LONG", "LONGBLOB", "LONGTEXT", "LOOP", "LOW_PRIORITY",
      "MASTER_BIND", "MASTER_SSL_VERIFY_SERVER_CERT", "MATCH", "MAXVALUE", "MEDIUMBLOB", "MEDIUMINT",
      "MEDIUMTEXT", "MIDDLEINT", "MINUTE_MICROSECOND", "MINUTE_SECOND", "MOD", "MODIFIES", "NATURAL", "NOT",
      "NO_WRITE_TO_BINLOG", "NTH_VALUE", "NTILE", "NULL", "NUMERIC", "OF", "ON", "OPTIMIZE", "OPTIMIZER_COSTS",
      "OPTION", "OPTIONALLY", "OR", "ORDER", "OUT", "OUTER", "OUTFILE", "OVER", "PARTITION", "PERCENT_RANK",
      "PRECISION", "PRIMARY", "PROCEDURE", "PURGE", "RANGE", "RANK", "READ", "READS", "READ_WRITE", "REAL",
      "RECURSIVE", "REFERENCES", "REGEXP", "RELEASE", "RENAME", "REPEAT", "REPLACE", "REQUIRE", "RESIGNAL",
      "RESTRICT", "RETURN", "REVOKE", "RIGHT", "RLIKE", "ROW", "ROWS", "ROW_NUMBER", "SCHEMA", "SCHEMAS",
      "SECOND_MICROSECOND", "SELECT", "SENSITIVE", "SEPARATOR", "SET", "SHOW", "SIGNAL", "SMALLINT",
      "SPATIAL", "SPECIFIC", "SQL", "SQLEXCEPTION", "SQLSTATE", "SQLWARNING", "SQL_BIG_RESULT",
      "SQL_CALC_FOUND_ROWS", "SQL_SMALL_RESULT", "SSL", "STARTING", "STORED", "STRAIGHT_JOIN", "SYSTEM",
      "TABLE", "TERMINATED", "THEN", "TINYBLOB", "TINYINT", "TINYTEXT", "TO", "TRAILING", "TRIGGER", "TRUE",
      "UNDO", "UNION", "UNIQUE", "UNLOCK", "UNSIGNED", "UPDATE", "USAGE", "USE", "USING", "UTC_DATE",
      "UTC_TIME", "UTC_TIMESTAMP", "VALUES", "VARBINARY", "VARCHAR", "VARCHARACTER", "VARYING", "VIRTUAL",
      "WHEN", "WHERE", "WHILE", "WINDOW", "WITH", "WRITE", "XOR", "YEAR_MONTH", "ZEROFILL"};
  return kWords;
}

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

ast::Statement ParseOrFail(const std::string& sql) {
  SCOPED_TRACE(sql);
  try {
    ast::Statement st = Parse(sql);
    ExpectSpansWithin(st);
    return st;
  } catch (const Error& e) {
    ADD_FAILURE() << sql << ": " << e.what();
    return {};
  }
}

std::vector<std::string> TableNames(const ast::Statement& st) {
  std::vector<std::string> names;
  for (const auto& table : st.tables) names.push_back((table.schema ? table.schema->name + "." : "") + table.name.name);
  return names;
}

TEST(KeywordsTest, TheGrammarKnowsKeywordsOfBothKinds) {
  size_t reserved = 0;
  size_t free = 0;
  for (const FixedText& keyword : FixedTokens::Get().Keywords()) {
    (MySqlReservedWords().count(keyword.text) ? reserved : free) += 1;
  }
  EXPECT_GT(reserved, 150u);
  EXPECT_GT(free, 250u);
}

TEST(KeywordsTest, NonReservedKeywordsAreTableColumnAndAliasNames) {
  for (const FixedText& keyword : FixedTokens::Get().Keywords()) {
    if (MySqlReservedWords().count(keyword.text)) continue;
    const std::string w = Lower(keyword.text);
    SCOPED_TRACE(w);

    ast::Statement select = ParseOrFail("SELECT " + w + " FROM " + w + " WHERE " + w + " = 1");
    EXPECT_EQ(TableNames(select), std::vector<std::string>{w});

    ast::Statement aliased = ParseOrFail("SELECT a AS " + w + ", b " + w + " FROM t AS " + w + " JOIN u " + w);
    ASSERT_EQ(aliased.tables.size(), 2u);
    for (const auto& table : aliased.tables) {
      ASSERT_TRUE(table.alias.has_value());
      EXPECT_EQ(table.alias->name, w);
    }
    ASSERT_EQ(aliased.queries.size(), 1u);
    for (const auto& projection : aliased.queries[0].projections) {
      ASSERT_TRUE(projection.alias.has_value());
      EXPECT_EQ(projection.alias->name, w);
    }

    ast::Statement created = ParseOrFail("CREATE TABLE " + w + " (" + w + " INT, KEY (" + w + "))");
    EXPECT_EQ(TableNames(created), std::vector<std::string>{w});
    ASSERT_EQ(created.table_columns.size(), 1u);
    EXPECT_EQ(created.table_columns[0].name.name, w);

    ast::Statement inserted = ParseOrFail("INSERT INTO " + w + " (" + w + ") VALUES (1)");
    EXPECT_EQ(TableNames(inserted), std::vector<std::string>{w});
    ast::Statement updated = ParseOrFail("UPDATE " + w + " SET " + w + " = 1 WHERE " + w + "." + w + " = 2");
    EXPECT_EQ(TableNames(updated), std::vector<std::string>{w});
  }
}

TEST(KeywordsTest, ReservedKeywordsAreNamesBackQuotedOrAfterADot) {
  for (const FixedText& keyword : FixedTokens::Get().Keywords()) {
    if (!MySqlReservedWords().count(keyword.text)) continue;
    const std::string w = Lower(keyword.text);
    SCOPED_TRACE(w);

    ast::Statement quoted = ParseOrFail("SELECT `" + w + "` AS `" + w + "` FROM `" + w + "` AS `" + w + "`");
    EXPECT_EQ(TableNames(quoted), std::vector<std::string>{w});

    ast::Statement qualified = ParseOrFail("SELECT t." + w + ", db.t." + w + " FROM db." + w + " AS t");
    EXPECT_EQ(TableNames(qualified), std::vector<std::string>{"db." + w});

    ast::Statement created = ParseOrFail("CREATE TABLE db." + w + " (`" + w + "` INT)");
    EXPECT_EQ(TableNames(created), std::vector<std::string>{"db." + w});
  }
}

}  // namespace
}  // namespace sqlroute::parser
