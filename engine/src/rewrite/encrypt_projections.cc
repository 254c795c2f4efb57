#include "rewrite/encrypt_projections.h"

#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::rewrite {
namespace {

using ast::QueryId;

class ProjectionRewriter {
 public:
  ProjectionRewriter(const RewriteInput& input, const EncryptScope& scope, EncryptOutput& out)
      : statement_(input.statement), bound_(input.bound), route_(input.route), scope_(scope), out_(out) {}

  void Run() {
    for (std::size_t i = 0; i < statement_.queries.size(); ++i) {
      QueryId id = static_cast<QueryId>(i);
      const ast::Query& query = statement_.queries[i];
      CheckItems(query.order_by, id, "ORDER BY");
      GroupBy(query.group_by, id);
      CheckDerivedHaving(query);
      if (!query.combined.empty()) CheckCombine(id);
      Projections(query.projections, id, id == statement_.main_query);
    }
    CheckItems(statement_.order_by, ast::kNoQuery, "ORDER BY");
    Projections(statement_.returning, ast::kNoQuery, true);  // MariaDB's RETURNING: the statement's result
  }

 private:
  // An ORDER BY / GROUP BY item on an encrypted column: named, through a derived table, or as
  // the position or alias of an encrypted projection (the units would order ciphertext).
  bool EncryptedItem(const ast::OrderItem& item, QueryId query) const {
    if (item.expr == ast::kNoExpr) return false;
    if (Encrypted(item.expr) || ThroughDerived(item.expr).has_value()) return true;
    if (query == ast::kNoQuery) return false;
    const auto& projections = statement_.queries[static_cast<std::size_t>(query)].projections;
    const bind::ColumnOwner& owner = bound_.owner(item.expr);
    for (std::size_t i = 0; i < projections.size(); ++i) {
      const ast::Projection& projection = projections[i];
      bool named = item.position == static_cast<int>(i) + 1 ||
                   (owner.kind == bind::OwnerKind::Alias && owner.projection == static_cast<int32_t>(i));
      if (named && projection.expr != ast::kNoExpr && ReadsEncrypted(projection.expr)) return true;
    }
    return false;
  }

  void CheckItems(const std::vector<ast::OrderItem>& items, QueryId query, const char* clause) const {
    for (const auto& item : items) {
      if (EncryptedItem(item, query)) {
        throw Error(Message<msg::EncryptClauseUnsupported>(arg::clause = clause),
                    PositionAt(statement_.sql, item.span.begin));
      }
    }
  }

  // GROUP BY an encrypted column groups by its assisted query column, else its cipher column,
  // back-quoted (ShardingSphere's EncryptGroupByItemTokenGenerator). On several units the merge
  // would group rows ordered by the assisted column by the projected ciphertext: refused there,
  // as are items naming a derived table's column or an encrypted projection by position or alias.
  void GroupBy(const std::vector<ast::OrderItem>& items, QueryId query) const {
    for (const auto& item : items) {
      const rules::EncryptColumn* column = item.position > 0 ? nullptr : Encrypted(item.expr);
      if (column && route_.SingleUnit()) {
        out_.Replace(statement_.expr(item.expr).column.name.span, Backquote(column->query().column));
      } else if (EncryptedItem(item, query)) {
        throw Error(Message<msg::EncryptClauseUnsupported>(arg::clause = "GROUP BY"),
                    PositionAt(statement_.sql, item.span.begin));
      }
    }
  }

  // HAVING on a derived table's encrypted column would compare ciphertext with plaintext (WHERE
  // and ON read its derived query columns: encrypt_predicates.cc).
  void CheckDerivedHaving(const ast::Query& query) const {
    ast::ExprId root = query.having;
    if (root != ast::kNoExpr && AnyColumn(root, [&](ast::ExprId column) { return ThroughDerived(column).has_value(); })) {
      throw Error(Message<msg::EncryptClauseUnsupported>(arg::clause = "HAVING"),
                  PositionAt(statement_.sql, statement_.expr(root).span.begin));
    }
  }

  template <class Test>
  bool AnyColumn(ast::ExprId id, const Test& test) const {
    const ast::Expr& expr = statement_.expr(id);
    if (expr.kind == ast::ExprKind::Column) return test(id);
    for (ast::ExprId child : expr.children) {
      if (AnyColumn(child, test)) return true;
    }
    return false;
  }

  bool ReadsEncrypted(ast::ExprId id) const {
    return AnyColumn(id, [&](ast::ExprId column) { return Encrypted(column) || ThroughDerived(column).has_value(); });
  }

  void CheckCombine(QueryId first) const {
    std::vector<QueryId> blocks = statement_.queries[static_cast<std::size_t>(first)].combined;
    blocks.insert(blocks.begin(), first);
    for (QueryId id : blocks) {
      const auto& projections = statement_.queries[static_cast<std::size_t>(id)].projections;
      for (const auto& projection : projections) {
        bool encrypted = projection.star ? !StarTables(projection, projections, id).second.empty()
                                         : Encrypted(projection.expr) != nullptr;
        if (encrypted) {
          throw Error(Message<msg::EncryptProjectionInCombine>(), PositionAt(statement_.sql, projection.span.begin));
        }
      }
    }
  }

  // The projections of block `id`, or (kNoQuery) of RETURNING; `main`: they are the result.
  void Projections(const std::vector<ast::Projection>& projections, QueryId id, bool main) {
    bool derived_tables = id != ast::kNoQuery && !statement_.queries[static_cast<std::size_t>(id)].derived_tables.empty();
    int position = 0;
    bool fixed = true;
    for (const auto& projection : projections) {
      if (projection.star) {
        auto [tables, encrypted] = StarTables(projection, projections, id);
        if (derived_tables && StarReadsEncryptedDerived(projection, id)) {
          throw Error(Message<msg::EncryptStarWithSubquery>(), PositionAt(statement_.sql, projection.span.begin));
        }
        if (encrypted.empty()) {
          fixed = false;
          continue;
        }
        if (derived_tables && !projection.star_owner) {
          throw Error(Message<msg::EncryptStarWithSubquery>(), PositionAt(statement_.sql, projection.span.begin));
        }
        ExpandStar(projection, tables, main, id != ast::kNoQuery && statement_.queries[static_cast<std::size_t>(id)].alias,
                   fixed, position);
        continue;
      }
      const ast::Expr& expr = statement_.expr(projection.expr);
      const rules::EncryptColumn* column = Encrypted(projection.expr);
      if (expr.kind != ast::ExprKind::Column && ReadsEncrypted(projection.expr)) {
        throw Error(Message<msg::EncryptedInsideProjection>(arg::projection = statement_.text(projection.span)),
                    PositionAt(statement_.sql, projection.span.begin));
      }
      auto derived = column ? std::nullopt : ThroughDerived(projection.expr);
      if (const char* clause = derived ? PredicateClause(id) : nullptr) {
        // A predicate sub-query projecting a derived table's encrypted column yields ciphertext
        // that the enclosing predicate would compare with its query column.
        throw Error(Message<msg::EncryptClauseUnsupported>(arg::clause = clause),
                    PositionAt(statement_.sql, projection.span.begin));
      }
      if (derived && main) {
        const std::string& label = projection.alias ? projection.alias->name : expr.column.name.name;
        out_.decrypt.push_back({{label, fixed ? position : -1}, derived->table->name.name, derived->column->logic,
                                derived->column->cipher.encryptor_name});
      }
      bool derived_table = id != ast::kNoQuery && statement_.queries[static_cast<std::size_t>(id)].alias;
      if ((column || derived) && derived_table) {
        DerivedTableColumns(projection, projection.expr, column ? *column : *derived->column, column != nullptr);
      } else if (column || derived) {
        // A derived table's column reads its `_C` name (EncryptDerivedColumnSuffix), as written.
        const ast::Identifier& written = expr.column.name;
        auto [name, aliased] = column ? ProjectedColumn(*column, written, id)
                                      : std::make_pair(LikeWritten(written.name + "_C", written), true);
        std::string alias = aliased && !projection.alias ? " AS " + LikeWritten(written.name, written) : "";
        if (projection.span.end == written.span.end) {
          out_.Replace(written.span, name + alias);
        } else {  // (column): the alias follows the parentheses
          out_.Replace(written.span, name);
          if (!alias.empty()) out_.Replace({projection.span.end, projection.span.end}, alias);
        }
        if (main && column) {
          Decrypt(projection.alias ? projection.alias->name : written.name, *column, projection.expr, fixed, position);
        }
      }
      ++position;
    }
  }

  // The column an encrypted column projection reads (ShardingSphere's
  // EncryptProjectionTokenGenerator) and whether the logical name follows as its alias. A
  // predicate sub-query reads the assisted query column when there is one, without an alias. In a
  // predicate sub-query the column is written as the logical one was; elsewhere in backquotes (the
  // dialect's quote, as for every physical table's derived column).
  std::pair<std::string, bool> ProjectedColumn(const rules::EncryptColumn& column, const ast::Identifier& written,
                                               QueryId id) const {
    bool predicate = PredicateSubquery(id);
    if (predicate && column.assisted_query) return {LikeWritten(column.assisted_query->column, written), false};
    return {predicate ? LikeWritten(column.cipher.column, written) : Backquote(column.cipher.column), true};
  }

  // A derived table's projection of an encrypted column (ShardingSphere's TABLE sub-query and
  // EncryptDerivedColumnSuffix): its cipher, assisted query and like query columns as `<name>_C`,
  // `_A`, `_L`, written as the column was. From the table itself they read the configured columns
  // and take the projection's alias, else the column's name; through a nested derived table they
  // read that table's `_C` / `_A` / `_L` columns and are aliased only after an alias.
  void DerivedTableColumns(const ast::Projection& projection, ast::ExprId id, const rules::EncryptColumn& column,
                           bool physical) {
    const ast::ColumnRef& ref = statement_.expr(id).column;
    const ast::Identifier& written = ref.name;
    const ast::Identifier* alias = projection.alias ? &*projection.alias : physical ? &written : nullptr;
    std::vector<std::pair<const rules::EncryptItem*, const char*>> items{{&column.cipher, "_C"}};
    if (column.assisted_query) items.emplace_back(&*column.assisted_query, "_A");
    if (column.like_query) items.emplace_back(&*column.like_query, "_L");
    auto read = [&](std::size_t i) {
      return LikeWritten(physical ? items[i].first->column : written.name + items[i].second, written);
    };
    auto aliased = [&](std::size_t i) {
      return alias ? " AS " + LikeWritten(alias->name + items[i].second, *alias) : std::string();
    };
    // The whole projection from the column on, unless parentheses close after it: then the
    // column, and the rest where its alias (or the projection) ends.
    uint32_t tail = projection.alias ? projection.alias->span.begin : projection.span.end;
    bool parenthesized = statement_.text({written.span.end, tail}).find(')') != std::string_view::npos;
    std::vector<SqlToken> pieces;
    uint32_t at = parenthesized ? tail : written.span.begin;
    if (parenthesized) {
      out_.Replace(written.span, read(0));
      Text(pieces, at, projection.alias ? LikeWritten(alias->name + "_C", *alias) : aliased(0));
    } else {
      Text(pieces, at, read(0) + aliased(0));
    }
    for (std::size_t i = 1; i < items.size(); ++i) {
      Text(pieces, at, ", ");
      if (ref.owner) {
        auto resolved = physical ? scope_.Resolve(id) : std::nullopt;
        if (resolved && !resolved->table->alias) {
          pieces.push_back({at, at, TokenKind::TableName, resolved->table->name.name, "", ref.owner->quoted});
        } else {
          Text(pieces, at, LikeWritten(ref.owner->name, *ref.owner));
        }
        Text(pieces, at, ".");
      }
      Text(pieces, at, read(i) + aliased(i));
    }
    pieces.push_back({at, parenthesized ? (projection.alias ? projection.alias->span.end : at) : projection.span.end,
                      TokenKind::Text, "", "", false});
    for (auto& piece : pieces) out_.tokens.push_back(std::move(piece));
  }

  // The clause (WHERE, ON or HAVING) a block sits in as an IN / EXISTS / compared scalar
  // sub-query, or nullptr; a derived table of such a block is not one.
  const char* PredicateClause(QueryId id) const {
    if (id == ast::kNoQuery || id == statement_.main_query) return nullptr;
    if (statement_.queries[static_cast<std::size_t>(id)].alias) return nullptr;
    const ast::Span& block = statement_.queries[static_cast<std::size_t>(id)].span;
    auto inside = [&](ast::ExprId root) {
      if (root == ast::kNoExpr) return false;
      const ast::Span& span = statement_.expr(root).span;
      return span.begin <= block.begin && block.end <= span.end;
    };
    if (inside(statement_.where)) return "WHERE";
    for (const ast::Query& query : statement_.queries) {
      if (inside(query.where)) return "WHERE";
      if (inside(query.having)) return "HAVING";
      for (const auto& join : query.joins) {
        if (inside(join.on)) return "ON";
      }
    }
    return nullptr;
  }

  bool PredicateSubquery(QueryId id) const { return PredicateClause(id) != nullptr; }

  // Whether a `*` of block `id` covers a derived table that projects an encrypted column (its
  // units would return the `_C` / `_A` / `_L` columns).
  bool StarReadsEncryptedDerived(const ast::Projection& star, QueryId id) const {
    for (QueryId derived : statement_.queries[static_cast<std::size_t>(id)].derived_tables) {
      const auto& alias = statement_.queries[static_cast<std::size_t>(derived)].alias;
      bool covered = !star.star_owner || (alias && EqualsIgnoreCase(alias->name, star.star_owner->name));
      if (covered && ProjectsEncrypted(derived)) return true;
    }
    return false;
  }

  bool ProjectsEncrypted(QueryId id) const {
    const auto& projections = statement_.queries[static_cast<std::size_t>(id)].projections;
    for (const auto& projection : projections) {
      if (projection.star ? !StarTables(projection, projections, id).second.empty() ||
                                StarReadsEncryptedDerived(projection, id)
                          : ReadsEncrypted(projection.expr)) {
        return true;
      }
    }
    return false;
  }

  // The tables a `*` covers, and those of them with encrypted columns.
  std::pair<std::vector<const ast::TableRef*>, std::vector<const ast::TableRef*>> StarTables(
      const ast::Projection& star, const std::vector<ast::Projection>& projections, QueryId id) const {
    std::vector<const ast::TableRef*> covered;
    std::vector<const ast::TableRef*> encrypted;
    const bind::BoundStar* bound = bound_.StarOf(id, static_cast<int32_t>(&star - projections.data()));
    for (int32_t index : bound_.StarTables(*bound)) {
      const ast::TableRef* ref = &statement_.tables[static_cast<std::size_t>(index)];
      covered.push_back(ref);
      if (scope_.TableOf(*ref)) encrypted.push_back(ref);
    }
    return {covered, encrypted};
  }

  // `*` -> owner.`column`, owner.`cipher` AS `logical`, ... from metadata. The owner is the
  // alias, else the table name (a table token, renamed per unit). An owner written before
  // `.*` stays and serves the first column. In a derived table an encrypted column gives its
  // cipher, assisted query and like query columns as `<logical>_C`, `_A`, `_L`.
  void ExpandStar(const ast::Projection& star, const std::vector<const ast::TableRef*>& tables, bool main,
                  bool derived_table, bool& fixed, int& position) {
    std::vector<SqlToken> pieces;
    uint32_t at = star.span.end - 1;  // the '*'
    for (const ast::TableRef* ref : tables) {
      const bind::BoundTable& bound_table = bound_.table(static_cast<int32_t>(ref - statement_.tables.data()));
      const auto* columns = bound_table.columns;
      if (!columns) {
        throw Error(Message<msg::EncryptStarNeedsMetadata>(arg::table = ref->name.name),
                    PositionAt(statement_.sql, star.span.begin));
      }
      const rules::EncryptTable* table = scope_.TableOf(*ref);
      auto owner = [&] {
        if (ref->alias) {
          Text(pieces, at, LikeWritten(ref->alias->name, *ref->alias));
        } else {
          pieces.push_back({at, at, TokenKind::TableName, ref->name.name, "", ref->name.quoted});
        }
        Text(pieces, at, ".");
      };
      for (const auto& name : *columns) {
        if (bind::IsInvisibleColumn(bound_table, name)) continue;  // as ShorthandProjectionSegmentBinder expands `*`
        if (!pieces.empty()) Text(pieces, at, ", ");
        if (!pieces.empty() || !star.star_owner) owner();
        const rules::EncryptColumn* column = table ? table->Find(name) : nullptr;
        if (column && derived_table) {
          Text(pieces, at, Backquote(column->cipher.column) + " AS " + Backquote(name + "_C"));
          for (const auto& [item, suffix] : {std::pair{&column->assisted_query, "_A"}, {&column->like_query, "_L"}}) {
            if (!*item) continue;
            Text(pieces, at, ", ");
            owner();
            Text(pieces, at, Backquote((*item)->column) + " AS " + Backquote(name + suffix));
          }
        } else if (column) {
          Text(pieces, at, Backquote(column->cipher.column) + " AS " + Backquote(name));
          if (main) out_.decrypt.push_back({{name, fixed ? position : -1}, ref->name.name, column->logic, column->cipher.encryptor_name});
        } else {
          Text(pieces, at, Backquote(name));
        }
        ++position;
      }
    }
    pieces.back().end = at + 1;  // the last piece replaces the '*'
    for (auto& piece : pieces) out_.tokens.push_back(std::move(piece));
  }

  static void Text(std::vector<SqlToken>& pieces, uint32_t at, std::string text) {
    if (!pieces.empty() && pieces.back().kind == TokenKind::Text) {
      pieces.back().text += text;
    } else {
      pieces.push_back({at, at, TokenKind::Text, std::move(text), "", false});
    }
  }

  void Decrypt(const std::string& label, const rules::EncryptColumn& column, ast::ExprId id, bool fixed, int position) {
    auto resolved = scope_.Resolve(id);
    out_.decrypt.push_back({{label, fixed ? position : -1}, resolved->table->name.name, column.logic,
                            column.cipher.encryptor_name});
  }

  std::optional<EncryptedRef> ThroughDerived(ast::ExprId id) const {
    const ast::Expr& expr = statement_.expr(id);
    if (expr.kind != ast::ExprKind::Column || Encrypted(id)) return std::nullopt;
    return scope_.ThroughDerived(id);
  }

  const rules::EncryptColumn* Encrypted(ast::ExprId id) const {
    const ast::Expr& expr = statement_.expr(id);
    if (expr.kind != ast::ExprKind::Column) return nullptr;
    auto resolved = scope_.Resolve(id);
    return resolved ? resolved->column : nullptr;
  }

  const ast::Statement& statement_;
  const bind::BoundStatement& bound_;
  const route::RouteContext& route_;
  const EncryptScope& scope_;
  EncryptOutput& out_;
};

}  // namespace

void RewriteEncryptProjections(const RewriteInput& input, const EncryptScope& scope, EncryptOutput& out) {
  ProjectionRewriter(input, scope, out).Run();
}

}  // namespace sqlroute::rewrite
