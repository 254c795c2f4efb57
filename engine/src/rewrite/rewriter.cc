#include "rewrite/rewriter.h"

#include "common/strings.h"
#include "rewrite/derived_columns.h"
#include "rewrite/encrypt_rewriter.h"
#include "rewrite/in_list_values.h"
#include "rewrite/insert_values.h"
#include "rewrite/pagination.h"
#include "rewrite/sql_builder.h"
#include "rewrite/table_tokens.h"
#include "rewrite/union_all.h"

namespace sqlroute::rewrite {
namespace {

void AppendName(std::string& out, bool quoted, std::string_view name, std::string_view suffix = {}) {
  if (quoted) out += '`';
  out += name;
  out += suffix;
  if (quoted) out += '`';
}

}  // namespace

RewriteResult Rewrite(const RewriteInput& input) {
  const ast::Statement& statement = input.statement;
  const route::RouteContext& route = input.route;
  RewriteResult result;
  if (input.spare) result.units.swap(*input.spare);
  result.units.resize(route.units.size());
  if (input.skip_rewrite) {
    for (std::size_t i = 0; i < route.units.size(); ++i) {
      result.units[i] = {route.units[i].data_source, statement.sql, input.params};
    }
    return result;
  }
  std::vector<SqlToken> tokens;
  std::vector<Value> params = input.params;
  // INSERT ... VALUES / SET sends each row's parameters and those of ON DUPLICATE KEY UPDATE
  // (ShardingSphere's GroupedParameterBuilder): values beyond the markers stay behind. Other
  // statements pass every value (StandardParameterBuilder).
  bool insert_values = (statement.kind == ast::StatementKind::Insert || statement.kind == ast::StatementKind::Replace) &&
                       statement.insert.select == ast::kNoQuery;
  if (insert_values && params.size() > statement.param_markers.size()) params.resize(statement.param_markers.size());
  AddTableTokens(input, tokens);
  EncryptRewriter encrypt(input);
  encrypt.AddTokens(tokens);  // before derived columns: a `*` expansion precedes them
  std::vector<int32_t> dropped_params;  // in a HAVING the units do not receive
  PlanSelectMerge(input, tokens, result.merge, dropped_params, result.warnings);
  result.merge.decrypt = encrypt.decrypt();
  RewritePagination(input, result.merge, tokens, params);
  encrypt.ReplaceParams(params);
  // They follow every parameter the IN-list split drops, so those keep their indexes.
  for (auto it = dropped_params.rbegin(); it != dropped_params.rend(); ++it) {
    params.erase(params.begin() + *it);
  }
  InsertRewriter insert(input, encrypt);
  if (insert.active()) {
    insert.AddTokens(tokens);
    if (!statement.insert.set_form) {
      const ast::Span& values = statement.insert.values_span;
      tokens.push_back({values.begin, values.end, TokenKind::InsertValues, "", "", false});
    }
  }
  InListRewriter in_list(input);
  if (in_list.active()) in_list.AddToken(tokens);
  SortAndCheck(tokens, statement.sql);
  for (std::size_t i = 0; i < route.units.size(); ++i) {
    const RouteUnit& unit = route.units[i];
    auto text_of = [&](const SqlToken& token, std::string& out) {
      switch (token.kind) {
        case TokenKind::Text: out += token.text; return;
        case TokenKind::TableName: {
          const std::string* actual = ActualTable(unit, token.text);
          AppendName(out, token.quoted, actual && !actual->empty() ? *actual : token.text);
          return;
        }
        case TokenKind::ConstraintName: {
          const std::string* actual = ActualTable(unit, token.table);
          if (actual && !actual->empty()) {
            AppendName(out, token.quoted, token.text, "_" + *actual);
          } else {
            AppendName(out, token.quoted, token.text);
          }
          return;
        }
        case TokenKind::InsertValues: insert.AppendValues(i, out); return;
        case TokenKind::InListItems: in_list.AppendItems(i, out); return;
      }
      out += token.text;
    };
    SqlUnit& out = result.units[i];
    out.data_source = unit.data_source;
    if (tokens.empty()) {
      out.sql = statement.sql;
    } else {
      BuildSql(statement.sql, tokens, text_of, out.sql);
    }
    out.params = insert.active() ? insert.Params(i)
                                 : encrypt.ExpandParams(in_list.active() ? in_list.Params(i, params) : params);
  }
  AggregateUnionAll(input, result.units);
  return result;
}

}  // namespace sqlroute::rewrite
