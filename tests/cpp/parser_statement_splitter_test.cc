// Multi-statement texts split at their top-level `;` (parser/statement_splitter.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "parser/sql_parser.h"
#include "parser/statement_splitter.h"
#include "sqlroute/error.h"

namespace sqlroute::parser {
namespace {

std::vector<std::string> Pieces(std::string_view text) {
  std::vector<std::string> result;
  for (const StatementSpan& span : SplitStatements(text)) result.emplace_back(text.substr(span.begin, span.end - span.begin));
  return result;
}

using Texts = std::vector<std::string>;

TEST(StatementSplitterTest, SplitsAtTopLevelSemicolons) {
  EXPECT_EQ(Pieces("DELETE FROM t WHERE id = 1; DELETE FROM t WHERE id = 2;DELETE FROM t"),
            (Texts{"DELETE FROM t WHERE id = 1", "DELETE FROM t WHERE id = 2", "DELETE FROM t"}));
  EXPECT_EQ(Pieces("SELECT 1"), (Texts{"SELECT 1"}));
}

TEST(StatementSplitterTest, QuotesNamesAndCommentsHoldTheirSemicolons) {
  EXPECT_EQ(Pieces("UPDATE t SET a = 'x;y', b = \"p;q\" WHERE `we;ird` = 1; SELECT 2"),
            (Texts{"UPDATE t SET a = 'x;y', b = \"p;q\" WHERE `we;ird` = 1", "SELECT 2"}));
  EXPECT_EQ(Pieces("SELECT 1 /* a; b */ -- c; d\n; # e; f\nSELECT 2"),
            (Texts{"SELECT 1", "# e; f\nSELECT 2"}));
  EXPECT_EQ(Pieces("SELECT 'it''s;' ; SELECT 'a\\';b'"), (Texts{"SELECT 'it''s;'", "SELECT 'a\\';b'"}));
}

TEST(StatementSplitterTest, CommentsBeforeAStatementStayWithIt) {
  EXPECT_EQ(Pieces("SELECT 1; /* SHARDINGSPHERE_HINT: WRITE_ROUTE_ONLY=true */ SELECT 2"),
            (Texts{"SELECT 1", "/* SHARDINGSPHERE_HINT: WRITE_ROUTE_ONLY=true */ SELECT 2"}));
}

TEST(StatementSplitterTest, EmptyStatementsAreDropped) {
  EXPECT_EQ(Pieces("SELECT 1;"), (Texts{"SELECT 1"}));
  EXPECT_EQ(Pieces("SELECT 1; ;; -- done\n"), (Texts{"SELECT 1"}));
  EXPECT_TRUE(Pieces(" ; /* nothing */ ").empty());
}

TEST(StatementSplitterTest, RoutineBodiesNeedNoDelimiter) {
  std::string procedure =
      "CREATE PROCEDURE p(IN x INT) BEGIN DECLARE y INT; SET y = CASE WHEN x > 0 THEN 1 ELSE 2 END; "
      "IF y > 1 THEN SELECT 1; END IF; BEGIN SELECT y; END; END";
  EXPECT_EQ(Pieces(procedure + "; CALL p(1)"), (Texts{procedure, "CALL p(1)"}));
  std::string trigger = "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.a = 1; SET NEW.b = 2; END";
  EXPECT_EQ(Pieces(trigger + ";SELECT 1"), (Texts{trigger, "SELECT 1"}));
  // A transaction's BEGIN opens no block.
  EXPECT_EQ(Pieces("BEGIN; UPDATE t SET a = 1; COMMIT"), (Texts{"BEGIN", "UPDATE t SET a = 1", "COMMIT"}));
}

TEST(StatementSplitterTest, CountsEachStatementsParameterMarkers) {
  std::vector<StatementSpan> spans = SplitStatements("UPDATE t SET a = ? WHERE id = ?; DELETE FROM t WHERE id = '?' OR id = ?");
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(spans[0].parameter_count, 2u);
  EXPECT_EQ(spans[1].parameter_count, 1u);
}

TEST(StatementSplitterTest, AnUnterminatedQuoteIsASyntaxError) {
  try {
    SplitStatements("SELECT 1; SELECT 'abc");
    FAIL() << "split";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::SQL_SYNTAX_ERROR);
  }
}

TEST(StatementSplitterTest, ParsingSeveralStatementsNamesTheApiThatRoutesThem) {
  try {
    Parse("DELETE FROM t WHERE id = 1; DELETE FROM t WHERE id = 2");
    FAIL() << "parsed";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::SQL_MULTI_STATEMENT);
    EXPECT_NE(error.message().find("Engine::RouteStatements"), std::string::npos) << error.message();
    EXPECT_NE(error.message().find("2 statements"), std::string::npos) << error.message();
  }
  // A stray `;`, or a first statement that does not parse, stays a plain syntax error.
  for (const char* text : {"SELECT 1;;", "SELECT ; SELECT 1"}) {
    try {
      Parse(text);
      FAIL() << "parsed " << text;
    } catch (const Error& error) {
      EXPECT_EQ(error.code(), ErrorCode::SQL_SYNTAX_ERROR) << text;
    }
  }
  EXPECT_NO_THROW(Parse("SELECT 1;"));
}

}  // namespace
}  // namespace sqlroute::parser
