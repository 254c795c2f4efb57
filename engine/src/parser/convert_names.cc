// Spans, identifiers, table references and the statement dispatch.
#include <algorithm>
#include <numeric>

#include "parser/converter.h"
#include "parser/literal_text.h"

namespace sqlroute::parser {

using ast::Span;

Converter::Converter(const SourceMap& source, const std::vector<ValueRun>& runs, ast::Statement& out)
    : source_(source), st_(out), runs_(runs), runs_expanded_(runs.size(), false) {}

namespace {

bool IsToken(antlr4::tree::ParseTree* child) { return typeid(*child) == typeid(antlr4::tree::TerminalNodeImpl); }

}  // namespace

antlr4::ParserRuleContext* ChildRule(antlr4::ParserRuleContext* ctx, std::size_t rule_index, std::size_t nth) {
  for (auto* child : ctx->children) {
    if (IsToken(child)) continue;
    auto* rule = static_cast<antlr4::ParserRuleContext*>(child);
    if (rule->getRuleIndex() == rule_index && nth-- == 0) return rule;
  }
  return nullptr;
}

std::vector<antlr4::ParserRuleContext*> ChildRules(antlr4::ParserRuleContext* ctx, std::size_t rule_index) {
  std::vector<antlr4::ParserRuleContext*> result;
  for (auto* child : ctx->children) {
    if (IsToken(child)) continue;
    auto* rule = static_cast<antlr4::ParserRuleContext*>(child);
    if (rule->getRuleIndex() == rule_index) result.push_back(rule);
  }
  return result;
}

antlr4::tree::TerminalNode* ChildToken(antlr4::ParserRuleContext* ctx, std::size_t token_type) {
  for (auto* child : ctx->children) {
    if (!IsToken(child)) continue;
    auto* token = static_cast<antlr4::tree::TerminalNode*>(child);
    if (token->getSymbol()->getType() == token_type) return token;
  }
  return nullptr;
}

Span Converter::SpanOf(antlr4::Token* token) const {
  return {source_.ByteOffset(token->getStartIndex()), source_.EndOffset(token->getStopIndex() + 1)};
}

Span Converter::SpanOf(antlr4::ParserRuleContext* ctx) const {
  antlr4::Token* start = ctx->getStart();
  antlr4::Token* stop = ctx->getStop();
  Span span = SpanOf(start);
  if (stop != nullptr && stop->getTokenIndex() >= start->getTokenIndex()) span.end = SpanOf(stop).end;
  return span;
}

std::string Converter::Text(antlr4::ParserRuleContext* ctx) const {
  Span span = SpanOf(ctx);
  return std::string(source_.sql().substr(span.begin, span.end - span.begin));
}

std::string Converter::Text(antlr4::Token* token) const {
  Span span = SpanOf(token);
  return std::string(source_.sql().substr(span.begin, span.end - span.begin));
}

ast::Identifier Converter::Ident(antlr4::ParserRuleContext* ctx) const {
  ast::Identifier id;
  id.span = SpanOf(ctx);
  std::string_view text = source_.sql().substr(id.span.begin, id.span.end - id.span.begin);
  id.quoted = ctx->getStart()->getType() == P::QUOTED_IDENTIFIER;
  id.name = DecodeIdentifier(text);
  return id;
}

ast::Identifier Converter::Ident(P::TextStringContext* ctx) const {
  ast::Identifier id;
  id.span = SpanOf(ctx);
  id.quoted = true;
  id.name = StringValue(ctx).text();
  return id;
}

// The identifier and reservedWord children of a dotted name, in order.
std::vector<antlr4::ParserRuleContext*> Converter::NameParts(antlr4::ParserRuleContext* ctx) {
  std::vector<antlr4::ParserRuleContext*> parts;
  for (auto* child : ctx->children) {
    if (IsToken(child)) continue;
    auto* rule = static_cast<antlr4::ParserRuleContext*>(child);
    if (rule->getRuleIndex() == P::RuleIdentifier || rule->getRuleIndex() == P::RuleReservedWord) parts.push_back(rule);
  }
  return parts;
}

ast::ColumnRef Converter::Column(P::ColumnRefContext* ctx) const {
  ast::ColumnRef column;
  auto parts = NameParts(ctx);
  column.name = Ident(parts.back());
  if (parts.size() >= 2) column.owner = Ident(parts[parts.size() - 2]);
  if (parts.size() == 3) column.schema = Ident(parts[0]);
  return column;
}

int32_t Converter::AddTable(P::TableNameContext* name, ast::TableRole role, P::TableAliasContext* alias) {
  ast::TableRef table;
  auto parts = NameParts(name);
  table.name = Ident(parts.back());
  if (parts.size() == 2) table.schema = Ident(parts[0]);
  table.role = role;
  table.span = SpanOf(name);
  if (alias != nullptr) {
    table.alias = Ident(Child<P::IdentifierContext>(alias, P::RuleIdentifier));
    table.span.end = SpanOf(alias).end;
  }
  st_.tables.push_back(std::move(table));
  return static_cast<int32_t>(st_.tables.size() - 1);
}

void Converter::AddTables(const std::vector<P::TableNameContext*>& names, ast::TableRole role) {
  for (auto* name : names) AddTable(name, role);
}

void Converter::AddSchema(P::IdentifierContext* ctx) {
  if (ctx != nullptr) st_.schema_names.push_back(Ident(ctx));
}

int32_t Converter::ParamIndexAt(uint32_t offset) const {
  const auto& markers = st_.param_markers;
  auto it = std::lower_bound(markers.begin(), markers.end(), offset,
                             [](const ast::Span& marker, uint32_t at) { return marker.begin < at; });
  return static_cast<int32_t>(it - markers.begin());
}

// Conversion follows the clauses in text order almost everywhere; this makes the order exact.
void Converter::SortTablesBySource() {
  auto& tables = st_.tables;
  std::vector<int32_t> order(tables.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    return tables[static_cast<size_t>(a)].span.begin < tables[static_cast<size_t>(b)].span.begin;
  });
  bool sorted = true;
  for (size_t i = 0; i < order.size(); ++i) sorted = sorted && order[i] == static_cast<int32_t>(i);
  if (sorted) return;
  std::vector<int32_t> new_index(tables.size());
  std::vector<ast::TableRef> reordered;
  reordered.reserve(tables.size());
  for (size_t i = 0; i < order.size(); ++i) {
    new_index[static_cast<size_t>(order[i])] = static_cast<int32_t>(i);
    reordered.push_back(std::move(tables[static_cast<size_t>(order[i])]));
  }
  tables = std::move(reordered);
  for (auto& query : st_.queries) {
    for (auto& index : query.from_tables) index = new_index[static_cast<size_t>(index)];
  }
  if (st_.insert.table >= 0) st_.insert.table = new_index[static_cast<size_t>(st_.insert.table)];
}

void Converter::Convert(P::StatementContext* ctx) {
  using K = ast::StatementKind;
  auto* first = static_cast<antlr4::ParserRuleContext*>(ctx->children[0]);  // statement: one alternative rule
  std::size_t rule = first->getRuleIndex();
  if (rule == P::RuleSelectStatement) {
    ConvertSelect(static_cast<P::SelectStatementContext*>(first));
  } else if (rule == P::RuleInsertStatement) {
    ConvertInsert(static_cast<P::InsertStatementContext*>(first));
  } else if (rule == P::RuleUpdateStatement) {
    ConvertUpdate(static_cast<P::UpdateStatementContext*>(first));
  } else if (rule == P::RuleDeleteStatement) {
    ConvertDelete(static_cast<P::DeleteStatementContext*>(first));
  } else if (auto* c = ctx->loadDataStatement()) {
    ConvertLoadData(c);
  } else if (auto* c = ctx->callStatement()) {
    st_.kind = K::Call;
    ConvertExprs(c->expr());
  } else if (auto* c = ctx->doStatement()) {
    st_.kind = K::Do;
    ConvertExprs(c->expr());
  } else if (!ConvertDdl(ctx) && !ConvertAdmin(ctx) && !ConvertProcedural(ctx)) {
    ConvertServer(ctx);
  }
  SortTablesBySource();
}

}  // namespace sqlroute::parser
