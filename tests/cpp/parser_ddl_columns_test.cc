// The column side of DDL in the statement model: CREATE TABLE elements, ALTER TABLE items and
// index key parts, with spans the encrypt DDL rewrite splices at.
#include <gtest/gtest.h>

#include "parser/sql_parser.h"

namespace sqlroute {
namespace {

std::string Text(const ast::Statement& st, ast::Span span) { return std::string(st.text(span)); }

TEST(ParserDdlColumnsTest, CreateTableListsColumnsAndElements) {
  ast::Statement st = parser::Parse("CREATE TABLE t (id INT NOT NULL, pwd VARCHAR(9) DEFAULT '', PRIMARY KEY (`id`), KEY k (pwd(4)))");
  ASSERT_EQ(st.table_columns.size(), 2u);
  EXPECT_EQ(st.table_columns[1].name.name, "pwd");
  EXPECT_EQ(Text(st, st.table_columns[1].span), "pwd VARCHAR(9) DEFAULT ''");
  ASSERT_EQ(st.table_elements.size(), 4u);
  EXPECT_EQ(Text(st, st.table_elements[2]), "PRIMARY KEY (`id`)");
  ASSERT_EQ(st.index_columns.size(), 2u);
  EXPECT_EQ(Text(st, st.index_columns[0].span), "`id`");
  EXPECT_TRUE(st.index_columns[0].quoted);
  EXPECT_EQ(st.index_columns[1].name, "pwd");
}

TEST(ParserDdlColumnsTest, AlterTableItemsConcerningColumns) {
  ast::Statement st = parser::Parse(
      "ALTER TABLE t ADD COLUMN a INT AFTER b, ADD (c INT, d INT), MODIFY e TEXT FIRST, CHANGE COLUMN f g INT AFTER h, "
      "DROP i, ALTER COLUMN j SET DEFAULT 1, RENAME COLUMN k TO l, DROP INDEX m, ADD INDEX n (o), RENAME INDEX p TO q");
  ASSERT_EQ(st.alter_items.size(), 7u);
  const auto& add = st.alter_items[0];
  EXPECT_EQ(add.action, ast::AlterAction::AddColumns);
  EXPECT_EQ(Text(st, add.span), "ADD COLUMN a INT AFTER b");
  ASSERT_EQ(add.definitions.size(), 1u);
  EXPECT_EQ(Text(st, add.definitions[0].span), "a INT");
  ASSERT_TRUE(add.after.has_value());
  EXPECT_EQ(add.after->name, "b");
  EXPECT_EQ(st.alter_items[1].definitions.size(), 2u);
  EXPECT_EQ(st.alter_items[2].action, ast::AlterAction::ModifyColumn);
  EXPECT_FALSE(st.alter_items[2].after.has_value());
  const auto& change = st.alter_items[3];
  EXPECT_EQ(change.action, ast::AlterAction::ChangeColumn);
  EXPECT_EQ(change.column->name, "f");
  EXPECT_EQ(change.definitions[0].name.name, "g");
  EXPECT_EQ(change.after->name, "h");
  EXPECT_EQ(st.alter_items[4].action, ast::AlterAction::DropColumn);
  EXPECT_EQ(st.alter_items[4].column->name, "i");
  EXPECT_EQ(st.alter_items[5].action, ast::AlterAction::AlterColumn);
  EXPECT_EQ(st.alter_items[6].action, ast::AlterAction::RenameColumn);
  EXPECT_EQ(st.alter_items[6].new_name->name, "l");
  ASSERT_EQ(st.index_columns.size(), 1u);
  EXPECT_EQ(st.index_columns[0].name, "o");
}

TEST(ParserDdlColumnsTest, CreateIndexKeyPartsAndShowSchemaClause) {
  ast::Statement index = parser::Parse("CREATE UNIQUE INDEX i ON t (a, `b`(3) DESC, (c + 1))");
  ASSERT_EQ(index.index_columns.size(), 2u);
  EXPECT_EQ(index.index_columns[1].name, "b");
  ast::Statement show = parser::Parse("SHOW FULL COLUMNS FROM t IN db LIKE 'x%'");
  EXPECT_EQ(Text(show, show.schema_clause), "IN db");
  EXPECT_TRUE(parser::Parse("SHOW TABLES").schema_clause.empty());
}

}  // namespace
}  // namespace sqlroute
