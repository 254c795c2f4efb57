#include "rewrite/encrypt_predicates.h"

#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::rewrite {
namespace {

using ast::Expr;
using ast::ExprId;
using ast::ExprKind;

bool IsComparison(const std::string& op) {
  return op == "=" || op == "<>" || op == "!=" || op == "<" || op == ">" || op == "<=" || op == ">=";
}

class PredicateRewriter {
 public:
  PredicateRewriter(const RewriteInput& input, const EncryptScope& scope, EncryptOutput& out)
      : statement_(input.statement), rules_(input.rules), params_(input.params), scope_(scope), out_(out) {}

  void Run() {
    for (const ast::Query& query : statement_.queries) {
      for (const auto& join : query.joins) Predicate(join.on);
      Predicate(query.where);
      Predicate(query.having);
    }
    Predicate(statement_.where);
  }

 private:
  // A predicate after splitting AND / OR.
  void Predicate(ExprId id) {
    if (id == ast::kNoExpr) return;
    const Expr& expr = statement_.expr(id);
    switch (expr.kind) {
      case ExprKind::Binary:
        if (expr.op == "AND" || expr.op == "OR") {
          for (ExprId child : expr.children) Predicate(child);
        } else if (IsComparison(expr.op)) {
          Comparison(expr);
        } else if (HasEncrypted(id)) {
          throw Unsupported(expr.op, expr);
        }
        return;
      case ExprKind::Unary:
        if (expr.op == "NOT" || expr.op == "!") {
          Predicate(expr.children.front());
        } else {
          Rename(id);
        }
        return;
      case ExprKind::In: return InList(expr);
      case ExprKind::Between:
        if (HasEncrypted(id)) throw Unsupported("BETWEEN...AND...", expr);
        return;
      case ExprKind::Like:
        // EncryptConditionEngine supports LIKE only: NOT LIKE, REGEXP, ... are its unsupported operators.
        if (expr.op == "LIKE" && !expr.negated) return Like(expr);
        if (HasEncrypted(id)) throw Unsupported(expr.negated ? "NOT " + expr.op : expr.op, expr);
        return;
      default: Rename(id);
    }
  }

  void Comparison(const Expr& expr) {
    ExprId lhs = expr.children[0];
    ExprId rhs = expr.children[1];
    const rules::EncryptColumn* left = Encrypted(lhs);
    const rules::EncryptColumn* right = Encrypted(rhs);
    if (left && right) {
      if (!SameEncryptor(left->query(), right->query())) {
        throw Error(Message<msg::JoinDifferentEncryptors>(), PositionAt(statement_.sql, expr.span.begin));
      }
      RenameColumn(lhs, Query(*left));
      RenameColumn(rhs, Query(*right));
    } else if (left) {
      RenameColumn(lhs, Query(*left));
      Operand(rhs, left->query());
    } else if (right) {
      RenameColumn(rhs, Query(*right));
      Operand(lhs, right->query());
    } else {
      Rename(lhs);
      Rename(rhs);
    }
  }

  void InList(const Expr& expr) {
    ExprId lhs = expr.children.front();
    const rules::EncryptColumn* column = Encrypted(lhs);
    if (!column) {
      for (ExprId child : expr.children) Rename(child);
      return;
    }
    RenameColumn(lhs, Query(*column));
    for (std::size_t i = 1; i < expr.children.size(); ++i) Operand(expr.children[i], column->query());
  }

  void Like(const Expr& expr) {
    ExprId lhs = expr.children.front();
    auto resolved = Resolved(lhs);
    if (!resolved) {
      for (ExprId child : expr.children) Rename(child);
      return;
    }
    const rules::EncryptColumn& column = *resolved->column;
    if (!column.like_query) {
      throw Error(
          Message<msg::LikeQueryEncryptorMissing>(arg::table = resolved->table->name.name, arg::column = column.logic),
          PositionAt(statement_.sql, expr.span.begin));
    }
    RenameColumn(lhs, {&*column.like_query, "_L"});
    ExprId pattern = expr.children[1];
    const Expr& value = statement_.expr(pattern);
    if (value.kind == ExprKind::Function) {
      LikeFunction(value, *column.like_query);
    } else {
      Operand(pattern, *column.like_query);
    }
  }

  // like concat('%', 'abc', '%') -> like concat ('<enc %>', '<enc abc>', '<enc %>'), the arguments
  // of nested calls encrypted alike (ShardingSphere's EncryptPredicateFunctionRightValueToken).
  void LikeFunction(const Expr& call, const rules::EncryptItem& item) {
    out_.Replace(call.span, LikeCall(call, item));
  }

  std::string LikeCall(const Expr& call, const rules::EncryptItem& item) {
    std::string_view text = statement_.text(call.span);
    std::vector<std::string> arguments;
    for (ExprId child : call.children) {
      const Expr& argument = statement_.expr(child);
      if (argument.kind == ExprKind::Literal) {
        arguments.push_back(EncryptedLiteral(item, argument.literal));
      } else if (argument.kind == ExprKind::Function) {
        arguments.push_back(LikeCall(argument, item));
      } else {
        if (argument.kind == ExprKind::Param) Operand(child, item);
        arguments.emplace_back(statement_.text(argument.span));
      }
    }
    return Trim(std::string(text.substr(0, text.find('(')))) + " (" + Join(arguments, ", ") + ")";
  }

  // A value compared with an encrypted column: literals and parameters are encrypted.
  void Operand(ExprId id, const rules::EncryptItem& item) {
    const Expr& expr = statement_.expr(id);
    if (expr.kind == ExprKind::Literal) {
      out_.Replace(expr.span, EncryptedLiteral(item, expr.literal));
    } else if (expr.kind == ExprKind::Param) {
      if (static_cast<std::size_t>(expr.param_index) < params_.size()) {
        out_.params[expr.param_index] = {item.encryptor->Encrypt(params_[static_cast<std::size_t>(expr.param_index)])};
      }
    } else {
      Rename(id);
    }
  }

  // Every encrypted column inside `id` -> its query column.
  void Rename(ExprId id) {
    if (id == ast::kNoExpr) return;
    const Expr& expr = statement_.expr(id);
    if (expr.kind == ExprKind::Column) {
      if (const rules::EncryptColumn* column = Encrypted(id)) RenameColumn(id, Query(*column));
      return;
    }
    for (ExprId child : expr.children) Rename(child);
  }

  bool HasEncrypted(ExprId id) const {
    const Expr& expr = statement_.expr(id);
    if (expr.kind == ExprKind::Column) return Encrypted(id) != nullptr;
    for (ExprId child : expr.children) {
      if (HasEncrypted(child)) return true;
    }
    return false;
  }

  // The encrypted column a column reference means: a table's own, or one a derived table of the
  // block projects (ShardingSphere binds the derived column to its original table and column).
  std::optional<EncryptedRef> Resolved(ExprId id) const {
    const Expr& expr = statement_.expr(id);
    if (expr.kind != ExprKind::Column) return std::nullopt;
    if (auto physical = scope_.Resolve(id)) return physical;
    return scope_.ThroughDerived(id);
  }

  const rules::EncryptColumn* Encrypted(ExprId id) const {
    auto resolved = Resolved(id);
    return resolved ? resolved->column : nullptr;
  }

  // The item a predicate compares: the assisted query column, else the cipher column, with the
  // suffix a derived table projects it under (EncryptDerivedColumnSuffix).
  static std::pair<const rules::EncryptItem*, const char*> Query(const rules::EncryptColumn& column) {
    if (column.assisted_query) return {&*column.assisted_query, "_A"};
    return {&column.cipher, "_C"};
  }

  // ShardingSphere's EncryptPredicateColumnTokenGenerator: a physical table's column becomes the
  // item's column, back-quoted whatever the original quoting (the dialect's quote character); a
  // derived table's column its derived name `<column>_A` / `_C` / `_L`, quoted as written.
  void RenameColumn(ExprId id, std::pair<const rules::EncryptItem*, const char*> item) {
    const ast::Identifier& written = statement_.expr(id).column.name;
    bool physical = scope_.Resolve(id).has_value();
    out_.Replace(written.span, physical ? Backquote(item.first->column) : LikeWritten(written.name + item.second, written));
  }

  bool SameEncryptor(const rules::EncryptItem& a, const rules::EncryptItem& b) const {
    if (a.encryptor_name == b.encryptor_name) return true;
    const auto* left = rules_.encrypt->FindEncryptor(a.encryptor_name);
    const auto* right = rules_.encrypt->FindEncryptor(b.encryptor_name);
    return EqualsIgnoreCase(left->config.type, right->config.type) && left->config.props == right->config.props;
  }

  Error Unsupported(const std::string& clause, const Expr& expr) const {
    return Error(Message<msg::EncryptClauseUnsupported>(arg::clause = clause),
                 PositionAt(statement_.sql, expr.span.begin));
  }

  const ast::Statement& statement_;
  const rules::CompiledRules& rules_;
  const std::vector<Value>& params_;
  const EncryptScope& scope_;
  EncryptOutput& out_;
};

}  // namespace

void RewriteEncryptPredicates(const RewriteInput& input, const EncryptScope& scope, EncryptOutput& out) {
  PredicateRewriter(input, scope, out).Run();
}

}  // namespace sqlroute::rewrite
