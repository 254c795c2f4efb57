#include "rewrite/encrypt_ddl.h"

#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::rewrite {
namespace {

using ast::AlterAction;

// EncryptColumnDataType.DEFAULT_DATA_TYPE: the type every derived column is created with.
constexpr const char* kDerivedColumnType = "VARCHAR(4000)";

class DdlRewriter {
 public:
  DdlRewriter(const RewriteInput& input, const rules::EncryptTable& table, EncryptOutput& out)
      : statement_(input.statement), table_(table), out_(out) {}

  void Run() {
    if (statement_.kind == ast::StatementKind::CreateTable) CreateTable();
    if (statement_.kind == ast::StatementKind::AlterTable) {
      for (const auto& item : statement_.alter_items) AlterItem(item);
    }
    for (const auto& column : statement_.index_columns) {
      if (const auto* encrypted = table_.Find(column.name)) out_.Replace(column.span, LikeWritten(encrypted->query().column, column));
    }
  }

 private:
  // `name VARCHAR(4000)` for each of the cipher, assisted and like columns.
  std::vector<std::string> Definitions(const rules::EncryptColumn& column, const ast::Identifier& written) const {
    std::vector<std::string> result;
    for (const auto* item : column.items()) result.push_back(LikeWritten(item->column, written) + " " + kDerivedColumnType);
    return result;
  }

  // A definition directly followed by another column definition is replaced up to it, the
  // separator included (ShardingSphere writes `, ` there); any other only up to its own end, so
  // that a following constraint and its separator stay as written.
  void CreateTable() {
    const auto& columns = statement_.table_columns;
    const auto& elements = statement_.table_elements;
    for (const auto& column : columns) {
      const rules::EncryptColumn* encrypted = table_.Find(column.name.name);
      if (!encrypted) continue;
      std::string text = Join(Definitions(*encrypted, column.name), ", ");
      ast::Span span = column.span;
      for (std::size_t i = 0; i + 1 < elements.size(); ++i) {
        if (elements[i].begin != column.span.begin) continue;
        for (const auto& next : columns) {
          if (next.span.begin == elements[i + 1].begin) {
            span.end = next.span.begin;
            text += ", ";
          }
        }
        break;
      }
      out_.Replace(span, std::move(text));
    }
  }

  void AlterItem(const ast::AlterItem& item) {
    switch (item.action) {
      case AlterAction::AddColumns:
        for (const auto& column : item.definitions) AddColumn(item, column);
        break;
      case AlterAction::ModifyColumn:
        for (const auto& column : item.definitions) Reject(column.name, "modify", item);
        break;
      case AlterAction::ChangeColumn:
        Reject(*item.column, "change", item);
        for (const auto& column : item.definitions) {
          if (table_.Find(column.name.name)) {
            throw Error(
                Message<msg::AlteredColumnAlgorithm>(arg::column = column.name.name, arg::previous = item.column->name,
                                                     arg::table = table_.table),
                PositionAt(statement_.sql, item.span.begin));
          }
        }
        break;
      case AlterAction::DropColumn: Reject(*item.column, "drop", item); break;
      case AlterAction::AlterColumn: Reject(*item.column, "alter", item); break;
      case AlterAction::RenameColumn:
        Reject(*item.column, "rename", item);
        Reject(*item.new_name, "rename", item);
        break;
      case AlterAction::Other: break;
    }
    if (item.after) {
      if (const auto* encrypted = table_.Find(item.after->name)) out_.Replace(item.after->span, LikeWritten(encrypted->cipher.column, *item.after));
    }
  }

  void AddColumn(const ast::AlterItem& item, const ast::ColumnDefinition& column) {
    const rules::EncryptColumn* encrypted = table_.Find(column.name.name);
    if (!encrypted) return;
    std::vector<std::string> definitions = Definitions(*encrypted, column.name);
    out_.Replace(column.span, definitions.front());
    for (std::size_t i = 1; i < definitions.size(); ++i) {
      out_.Replace({item.span.end, item.span.end}, ", ADD COLUMN " + definitions[i]);
    }
  }

  void Reject(const ast::Identifier& column, const char* operation, const ast::AlterItem& item) const {
    if (!table_.Find(column.name)) return;
    throw Error(Message<msg::CipherColumnOperation>(arg::operation = operation),
                PositionAt(statement_.sql, item.span.begin));
  }

  const ast::Statement& statement_;
  const rules::EncryptTable& table_;
  EncryptOutput& out_;
};

}  // namespace

void RewriteEncryptDdl(const RewriteInput& input, EncryptOutput& out) {
  const ast::Statement& statement = input.statement;
  const auto& rules = input.rules;
  bool ddl = statement.kind == ast::StatementKind::CreateTable || statement.kind == ast::StatementKind::AlterTable ||
             statement.kind == ast::StatementKind::CreateIndex;
  if (!ddl || !rules.encrypt) return;
  for (const auto& ref : statement.tables) {
    if (ref.role != ast::TableRole::Ddl) continue;
    if (ref.schema && !EqualsIgnoreCase(ref.schema->name, rules.config.database_name)) return;
    if (const rules::EncryptTable* table = rules.encrypt->Find(ref.name.name)) DdlRewriter(input, *table, out).Run();
    return;
  }
}

}  // namespace sqlroute::rewrite
