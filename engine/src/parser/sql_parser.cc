#include "parser/sql_parser.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <string>
#include <vector>

#include "parser/converter.h"
#include "parser/exit_guard.h"
#include "parser/nesting_scan.h"
#include "parser/parse_session.h"
#include "parser/parse_stats.h"
#include "parser/statement_splitter.h"
#include "parser/value_runs.h"
#include "sqlroute/error_text.h"

#if defined(__SANITIZE_ADDRESS__)
#define SQLROUTE_ADDRESS_SANITIZER
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SQLROUTE_ADDRESS_SANITIZER
#endif
#endif

namespace sqlroute::parser {
namespace {

using sqlroute_gen::MySqlLexer;

std::atomic<uint64_t> cut_parses{0};

// Statements this small and shallow parse on the caller's stack; others on a thread of their own.
constexpr std::size_t kInlineBytes = 8192;
constexpr int kInlineDepth = 40;
// AddressSanitizer gives each local a padded slot of its own: a level of nesting then costs about
// 35 KB instead of a few, so its builds reserve four times the stack.
#ifdef SQLROUTE_ADDRESS_SANITIZER
constexpr std::size_t kStackScale = 4;
#else
constexpr std::size_t kStackScale = 1;
#endif
constexpr std::size_t kLargeStackBytes = (std::size_t{256} << 20) * kStackScale;  // reserved, touched as needed
// :=, INTERVAL and JOIN nest to the right without parentheses; each level costs a few KB of stack, so
// their count is bounded by a multiple of the depth limit that the large stack holds comfortably.
constexpr int kRightChainsPerDepth = 20;

void CollectTokens(ParseSession& session, const SourceMap& source, const std::vector<ValueRun>& runs,
                   ast::Statement& st) {
  auto span_of = [&](antlr4::Token* token) {
    return ast::Span{source.ByteOffset(token->getStartIndex()), source.EndOffset(token->getStopIndex() + 1)};
  };
  bool in_versioned = false;
  uint32_t versioned_begin = 0;
  auto add_comment = [&](ast::Span span) { st.comments.push_back({std::string(st.text(span)), span}); };
  for (antlr4::Token* token : session.tokens()) {
    switch (token->getType()) {
      case MySqlLexer::PARAM:
        st.param_markers.push_back(span_of(token));
        break;
      case MySqlLexer::BLOCK_COMMENT:
      case MySqlLexer::LINE_COMMENT:
        add_comment(span_of(token));
        break;
      case MySqlLexer::VERSIONED_COMMENT_START:
        in_versioned = true;
        versioned_begin = span_of(token).begin;
        break;
      case MySqlLexer::VERSIONED_COMMENT_END:
        if (in_versioned) add_comment({versioned_begin, span_of(token).end});
        in_versioned = false;
        break;
      default:
        break;
    }
  }
  if (in_versioned) add_comment({versioned_begin, static_cast<uint32_t>(st.sql.size())});
  bool cut_params = false;
  for (const auto& run : runs) {
    for (const auto& value : run.values) {
      if (value.kind != SimpleKind::Param) continue;
      st.param_markers.push_back(value.span);
      cut_params = true;
    }
  }
  if (cut_params) {
    std::sort(st.param_markers.begin(), st.param_markers.end(),
              [](const ast::Span& a, const ast::Span& b) { return a.begin < b.begin; });
  }
}

std::size_t CutValueCount(const std::vector<ValueRun>& runs) {
  std::size_t count = 0;
  for (const auto& run : runs) count += run.values.size();
  return count;
}

// Parses `sql` with `runs` cut from the text ANTLR sees; false when the converter did not meet
// every run where it re-adds them.
bool ParseText(std::string_view sql, const std::vector<ValueRun>& runs, ast::Statement& st) {
  st.sql = std::string(sql);
  std::string parsed = CutRuns(sql, runs);
  std::vector<SourceCut> cuts;
  uint32_t removed = 0;
  for (const auto& run : runs) {
    cuts.push_back({run.anchor - removed, run.end - run.anchor});
    removed += run.end - run.anchor;
  }
  SourceMap source(st.sql, parsed, std::move(cuts));
  ExitGuard exit_guard;
  try {
    ParseSession session(parsed, source);
    auto* root = session.Parse();
    st.exprs.reserve(session.token_count() / 2 + 4 + CutValueCount(runs));
    CollectTokens(session, source, runs, st);
    Converter converter(source, runs, st);
    converter.Convert(root->statement());
    return converter.AllRunsExpanded();
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {
    throw Error(Message<msg::SyntaxErrorDetail>(arg::detail = e.what()));
  }
}

std::size_t CutBytes(const std::vector<ValueRun>& runs) {
  std::size_t bytes = 0;
  for (const auto& run : runs) bytes += run.end - run.anchor;
  return bytes;
}

// Long runs of simple values are cut before ANTLR parses; false when that parse fails or the
// runs do not land where the converter re-adds them (the statement is then parsed whole).
bool ParseCut(std::string_view sql, const std::vector<ValueRun>& runs, ast::Statement& st) {
  try {
    if (!ParseText(sql, runs, st)) return false;
  } catch (const Error&) {
    return false;
  }
  cut_parses.fetch_add(1, std::memory_order_relaxed);
  return true;
}

ast::Statement ParseOnThisStack(std::string_view sql, const std::vector<ValueRun>& runs) {
  ast::Statement st;
  if (!runs.empty() && ParseCut(sql, runs, st)) return st;
  st = ast::Statement();
  ParseText(sql, {}, st);
  return st;
}

struct StackJob {
  std::string_view sql;
  const std::vector<ValueRun>& runs;
  ast::Statement result;
  std::exception_ptr error;
};

void* RunStackJob(void* arg) {
  auto* job = static_cast<StackJob*>(arg);
  try {
    job->result = ParseOnThisStack(job->sql, job->runs);
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}

// Falls back to the caller's stack when no thread can be started and the statement is shallow.
ast::Statement ParseOnLargeStack(std::string_view sql, const std::vector<ValueRun>& runs, bool shallow) {
  StackJob job{sql, runs, {}, nullptr};
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, kLargeStackBytes);
  pthread_t thread;
  int failed = pthread_create(&thread, &attributes, RunStackJob, &job);
  pthread_attr_destroy(&attributes);
  if (failed != 0) {
    if (shallow) return ParseOnThisStack(sql, runs);
    throw Error(Message<msg::NoParseStack>());
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
  return std::move(job.result);
}

}  // namespace

uint64_t CutRunParseCount() { return cut_parses.load(std::memory_order_relaxed); }

namespace {

ast::Statement ParseOneStatement(std::string_view sql, const ParseLimits& limits);

// A syntax error in a text of several statements whose first one parses alone: say so, and
// which API routes them. Otherwise the error stands.
[[noreturn]] void RethrowForStatements(std::string_view sql, const ParseLimits& limits) {
  std::vector<StatementSpan> statements;
  try {
    statements = SplitStatements(sql);
    if (statements.size() > 1) ParseOneStatement(sql.substr(statements[0].begin, statements[0].end - statements[0].begin), limits);
  } catch (const Error&) {
    statements.clear();
  }
  if (statements.size() > 1) throw Error(Message<msg::MultiStatementText>(arg::count = statements.size()));
  throw;
}

}  // namespace

ast::Statement Parse(std::string_view sql, const ParseLimits& limits) {
  try {
    return ParseOneStatement(sql, limits);
  } catch (const Error& error) {
    if (error.code() != ErrorCode::SQL_SYNTAX_ERROR) throw;
    RethrowForStatements(sql, limits);
  }
}

namespace {

ast::Statement ParseOneStatement(std::string_view sql, const ParseLimits& limits) {
  if (sql.size() > limits.max_sql_bytes) {
    throw Error(Message<msg::StatementTooLarge>(arg::bytes = sql.size(), arg::limit = limits.max_sql_bytes));
  }
  std::vector<ValueRun> runs = limits.cut_value_runs ? FindValueRuns(sql) : std::vector<ValueRun>{};
  std::vector<PlainStretch> plain;
  plain.reserve(runs.size());
  for (const auto& run : runs) plain.push_back({run.anchor, run.end});
  Nesting nesting = ScanNesting(sql, plain);
  int depth = std::max(nesting.depth, nesting.prefix_run);
  if (depth > limits.max_depth || nesting.right_chains > limits.max_depth * kRightChainsPerDepth) {
    throw Error(Message<msg::StatementTooDeep>(arg::depth = depth, arg::limit = limits.max_depth));
  }
  bool shallow = depth <= kInlineDepth && nesting.right_chains <= kInlineDepth;
  if (sql.size() > kInlineBytes || !shallow) {
    // Cut runs add no nesting: when what ANTLR sees is small, it is parsed here.
    ast::Statement st;
    bool small = shallow && !runs.empty() && sql.size() - CutBytes(runs) <= kInlineBytes;
    if (!small) return ParseOnLargeStack(sql, runs, shallow);
    if (ParseCut(sql, runs, st)) return st;
    return ParseOnLargeStack(sql, {}, shallow);
  }
  return ParseOnThisStack(sql, runs);
}

}  // namespace

void WarmUp() {
  static const char* const kStatements[] = {
      "SELECT c FROM sbtest1 WHERE id = ?",
      "SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?",
      "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?",
      "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
      "UPDATE sbtest1 SET k = k + 1 WHERE id = ?",
      "UPDATE sbtest1 SET c = ? WHERE id = ?",
      "DELETE FROM sbtest1 WHERE id = ?",
      "INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?)",
      "SELECT o.id, COUNT(*) AS n FROM t_order o LEFT JOIN t_order_item i ON o.order_id = i.order_id "
      "WHERE o.user_id IN (1, 2) AND o.status = 'x' GROUP BY o.id HAVING n > 1 ORDER BY o.id DESC LIMIT 10, 20",
      "INSERT INTO t (a, b) VALUES (1, 'x'), (2, NULL) ON DUPLICATE KEY UPDATE b = VALUES(b)",
      "SELECT * FROM t WHERE a = (SELECT MAX(a) FROM t2) FOR UPDATE",
      "BEGIN", "COMMIT", "SET autocommit = 1", "SHOW TABLES", "USE db",
      "CREATE TABLE t (id BIGINT NOT NULL AUTO_INCREMENT, PRIMARY KEY (id)) ENGINE=InnoDB",
  };
  for (const char* sql : kStatements) {
    try {
      Parse(sql);
    } catch (const Error&) {
    }
  }
}

}  // namespace sqlroute::parser
