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
  if (!suffix.empty()) out += suffix;
  if (quoted) out += '`';
}

}  // namespace

RewriteResult Rewrite(const RewriteInput& input) {
  const ast::Statement& statement = input.statement;
  const route::RouteContext& route = input.route;
  RewriteResult result;
  if (input.spare) result.units.swap(*input.spare);
  if (input.skip_rewrite) {
    result.units.resize(route.units.size());
    for (std::size_t i = 0; i < route.units.size(); ++i) {
      result.units[i] = {route.units[i].data_source, statement.sql, input.params};
    }
    return result;
  }
  std::vector<SqlToken> tokens;
  UnitParams params(input.params);
  // INSERT ... VALUES / SET sends each row's parameters and those of ON DUPLICATE KEY UPDATE
  // (ShardingSphere's GroupedParameterBuilder): values beyond the markers stay behind. Other
  // statements pass every value (StandardParameterBuilder).
  bool insert_values = (statement.kind == ast::StatementKind::Insert || statement.kind == ast::StatementKind::Replace) &&
                       statement.insert.select == ast::kNoQuery;
  if (insert_values && params.get().size() > statement.param_markers.size()) {
    params.Edit().resize(statement.param_markers.size());
  }
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
    params.Edit().erase(params.Edit().begin() + *it);
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
  // Units that UNION ALL joins (union_all.h) are written straight into their joint statement:
  // route/sharding/in_100000_values copies its 8 MB of unit SQL once, not twice.
  std::size_t targets = route.units.size();
  std::vector<std::size_t> target_of;  // empty: each unit is a statement of its own
  std::vector<std::size_t> joined;     // units per joint statement
  if (route.units.size() > 1 && UnionAllApplies(input)) {
    target_of = UnionAllTargets(route.units, input.rules.max_union_size_per_datasource, targets);
    joined.assign(targets, 0);
    for (std::size_t t : target_of) ++joined[t];
  }
  result.units.resize(targets);
  std::size_t opened = 0;  // statements begun (numbered in order of their first unit)
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
    std::size_t t = target_of.empty() ? i : target_of[i];
    SqlUnit& out = result.units[t];
    if (t < opened) {
      out.sql += " UNION ALL ";
    } else {
      ++opened;
      out.data_source = unit.data_source;
      out.sql.clear();
      out.sql.reserve((joined.empty() ? 1 : joined[t]) * (statement.sql.size() + 32));
      out.params.clear();
    }
    if (tokens.empty()) {
      out.sql += statement.sql;
    } else {
      AppendSql(statement.sql, tokens, text_of, out.sql);
    }
    if (insert.active()) {
      insert.AppendParams(i, out.params);
    } else if (in_list.active()) {
      encrypt.AppendExpandedParams(in_list.Params(i, params.get()), out.params);
    } else {
      encrypt.AppendExpandedParams(params.get(), out.params);
    }
  }
  return result;
}

}  // namespace sqlroute::rewrite
