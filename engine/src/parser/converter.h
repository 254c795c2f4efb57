#pragma once
// Converts the ANTLR parse tree of one statement into the statement model.
// Recursion follows the nesting of the SQL (bounded by the pre-scan); left-deep operator
// chains such as a OR b OR c ... are walked iteratively.
#include <vector>

#include "MySqlParser.h"
#include "ast/statement.h"
#include "parser/source_map.h"
#include "parser/value_runs.h"

namespace sqlroute::parser {

using P = sqlroute_gen::MySqlParser;

// Child lookups by rule index or token type. The generated accessors dynamic_cast every child on
// every call, which costs more than converting a short statement.
antlr4::ParserRuleContext* ChildRule(antlr4::ParserRuleContext* ctx, std::size_t rule_index, std::size_t nth = 0);
std::vector<antlr4::ParserRuleContext*> ChildRules(antlr4::ParserRuleContext* ctx, std::size_t rule_index);
antlr4::tree::TerminalNode* ChildToken(antlr4::ParserRuleContext* ctx, std::size_t token_type);
template <typename T>
T* Child(antlr4::ParserRuleContext* ctx, std::size_t rule_index, std::size_t nth = 0) {
  return static_cast<T*>(ChildRule(ctx, rule_index, nth));
}
template <typename T>
std::vector<T*> Children(antlr4::ParserRuleContext* ctx, std::size_t rule_index) {
  std::vector<T*> result;
  for (auto* each : ChildRules(ctx, rule_index)) result.push_back(static_cast<T*>(each));
  return result;
}

class Converter {
 public:
  // `runs`: the value runs cut from the parsed text; `out.param_markers` holds every '?' already.
  Converter(const SourceMap& source, const std::vector<ValueRun>& runs, ast::Statement& out);

  void Convert(P::StatementContext* ctx);
  // False when a cut run was not met where the converter re-adds runs (the text must be parsed whole).
  bool AllRunsExpanded() const;

 private:
  // convert_names.cc: spans, identifiers, tables
  ast::Span SpanOf(antlr4::ParserRuleContext* ctx) const;
  ast::Span SpanOf(antlr4::Token* token) const;
  ast::Span SpanOf(antlr4::tree::TerminalNode* node) const { return SpanOf(node->getSymbol()); }
  static ast::Span Cover(ast::Span first, ast::Span last) { return {first.begin, last.end}; }
  std::string Text(antlr4::ParserRuleContext* ctx) const;
  std::string Text(antlr4::Token* token) const;
  std::string Text(antlr4::tree::TerminalNode* node) const { return Text(node->getSymbol()); }
  ast::Identifier Ident(antlr4::ParserRuleContext* ctx) const;  // an identifier or a reserved word after a dot
  static std::vector<antlr4::ParserRuleContext*> NameParts(antlr4::ParserRuleContext* ctx);
  ast::Identifier Ident(P::TextStringContext* ctx) const;
  ast::ColumnRef Column(P::ColumnRefContext* ctx) const;
  int32_t AddTable(P::TableNameContext* name, ast::TableRole role, P::TableAliasContext* alias = nullptr);
  void AddTables(const std::vector<P::TableNameContext*>& names, ast::TableRole role);
  void AddSchema(P::IdentifierContext* ctx);
  int32_t ParamIndex(antlr4::Token* token) const { return ParamIndexAt(SpanOf(token).begin); }
  int32_t ParamIndexAt(uint32_t offset) const;
  void SortTablesBySource();

  // convert_query.cc
  ast::QueryId ConvertQueryExpression(P::QueryExpressionContext* ctx, ast::QueryId parent);
  ast::QueryId ConvertQueryTerm(P::QueryTermContext* ctx, ast::QueryId parent, ast::QueryId reserved);
  ast::QueryId NewQuery(ast::QueryId parent);
  // `scope`: the query expression or statement the WITH belongs to.
  void ConvertWith(P::WithClauseContext* ctx, ast::QueryId parent, ast::Span scope);
  std::vector<ast::Identifier> ColumnNames(P::ColumnNameListContext* ctx) const;
  void ConvertSpecification(P::QuerySpecificationContext* ctx, ast::QueryId id);
  ast::Projection ConvertProjection(P::SelectItemContext* ctx);
  void ConvertTableReferences(P::TableReferenceListContext* ctx, ast::TableRole role, ast::QueryId query);
  void ConvertJoinPart(P::JoinPartContext* part, ast::TableRole role, ast::QueryId query);
  std::vector<ast::Join>& JoinsOf(ast::QueryId query);  // the query's joins, or the UPDATE/DELETE joins
  void ConvertTableFactor(P::TableFactorContext* ctx, ast::TableRole role, ast::QueryId query);
  std::vector<ast::OrderItem> ConvertOrderItems(const std::vector<P::OrderItemContext*>& items);
  ast::Limit ConvertLimit(P::LimitClauseContext* ctx);
  ast::LimitValue ConvertLimitValue(P::LimitValueContext* ctx);
  void ConvertLocking(const std::vector<P::LockingClauseContext*>& clauses, ast::QueryId id);
  ast::QueryId Subquery(P::QueryExpressionContext* ctx);

  // convert_expr.cc
  ast::ExprId AddExpr(ast::Expr expr);
  ast::ExprId ConvertExpr(P::ExprContext* ctx);
  ast::ExprId ConvertPredicate(P::PredicateExprContext* ctx);
  ast::ExprId ConvertBitExpr(P::BitExprContext* ctx);
  ast::ExprId ConvertSimpleExpr(P::SimpleExprContext* ctx);
  ast::ExprId ConvertFunction(P::FunctionCallContext* ctx);
  ast::ExprId ConvertLiteral(P::LiteralContext* ctx);
  ast::WindowSpec ConvertWindowSpec(P::WindowSpecContext* ctx);  // empty for OVER name
  Value StringValue(P::TextStringContext* ctx) const;
  ast::ExprId Opaque(antlr4::ParserRuleContext* ctx);
  std::vector<ast::ExprId> ConvertExprs(const std::vector<P::ExprContext*>& exprs);
  ast::Assignment ConvertAssignment(P::AssignmentContext* ctx);
  std::vector<ast::Assignment> ConvertAssignments(P::AssignmentListContext* ctx);

  // convert_runs.cc: re-adding the values of cut runs
  const ValueRun* RunAt(ValueRun::Kind kind, uint32_t anchor);
  ast::ExprId AddSimpleValue(const SimpleValue& value);
  void ExpandInItems(ast::Expr& in);
  void ExpandRows(uint32_t anchor, std::vector<ast::InsertRow>& rows);

  // convert_dml.cc
  void ConvertSelect(P::SelectStatementContext* ctx);
  void ConvertInsert(P::InsertStatementContext* ctx);
  ast::ExprId ConvertInsertValue(P::InsertValueContext* ctx);
  void ConvertUpdate(P::UpdateStatementContext* ctx);
  void ConvertDmlTail(antlr4::ParserRuleContext* ctx);
  void ConvertReturning(P::ReturningClauseContext* ctx);
  void ConvertDelete(P::DeleteStatementContext* ctx);
  void ConvertLoadData(P::LoadDataStatementContext* ctx);

  // convert_ddl.cc
  bool ConvertDdl(P::StatementContext* ctx);
  void ConvertCreateTable(P::CreateTableContext* ctx);
  void ConvertAlterTable(P::AlterTableContext* ctx);
  void ConvertTableConstraint(P::TableConstraintContext* ctx);
  ast::ColumnDefinition ConvertColumnDefinition(P::ColumnDefinitionContext* ctx);
  ast::AlterItem ConvertAlterItem(P::AlterItemContext* item);
  void AddIndexColumns(P::KeyPartListContext* ctx);
  void ConvertConstraintName(P::ConstraintNameContext* ctx);
  void AddIndexName(P::IdentifierContext* ctx);
  void ConvertSequence(P::SequenceStatementContext* ctx);

  // convert_admin.cc: TCL, DAL, DCL
  bool ConvertAdmin(P::StatementContext* ctx);
  void ConvertSet(P::SetStatementContext* ctx);
  void ConvertShow(P::ShowStatementContext* ctx);
  void ConvertExplain(P::ExplainStatementContext* ctx);
  void ConvertGrantObject(P::GrantObjectContext* ctx);
  ast::VariableAssignment ConvertSetItem(P::SetItemContext* item);

  // convert_procedural.cc: PREPARE / EXECUTE / DEALLOCATE, HANDLER, SIGNAL / RESIGNAL, GET DIAGNOSTICS
  bool ConvertProcedural(P::StatementContext* ctx);
  void ConvertHandler(P::HandlerStatementContext* ctx);
  void ConvertSignalSet(P::SignalSetContext* ctx);  // SET items of SIGNAL / RESIGNAL

  // convert_server.cc: server administration and replication
  bool ConvertServer(P::StatementContext* ctx);

  const SourceMap& source_;
  ast::Statement& st_;
  const std::vector<ValueRun>& runs_;
  std::vector<bool> runs_expanded_;
  ast::QueryId current_query_ = ast::kNoQuery;  // block whose clauses are being converted
};

}  // namespace sqlroute::parser
