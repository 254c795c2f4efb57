#include "result_conversion.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <cmath>
#include <functional>

namespace sqlroute::proxy {

namespace {

bool IsInteger(std::uint8_t type) {
  return type == field_type::kTiny || type == field_type::kShort || type == field_type::kLong ||
         type == field_type::kInt24 || type == field_type::kLongLong || type == field_type::kYear;
}

// Calls on_placeholder(offset) for each `?` that is a parameter marker.
void ForEachPlaceholder(const std::string& sql, const std::function<void(std::size_t)>& on_placeholder) {
  std::size_t i = 0;
  while (i < sql.size()) {
    char c = sql[i];
    if (c == '\'' || c == '"' || c == '`') {
      for (++i; i < sql.size() && sql[i] != c; ++i) {
        if (sql[i] == '\\' && c != '`') ++i;
      }
      ++i;
    } else if (c == '-' && i + 2 < sql.size() && sql[i + 1] == '-' && (sql[i + 2] == ' ' || sql[i + 2] == '\t')) {
      i = sql.find('\n', i);
    } else if (c == '#') {
      i = sql.find('\n', i);
    } else if (c == '/' && i + 1 < sql.size() && sql[i + 1] == '*') {
      std::size_t end = sql.find("*/", i + 2);
      i = end == std::string::npos ? end : end + 2;
    } else {
      if (c == '?') on_placeholder(i);
      ++i;
    }
  }
}

}  // namespace

Value CellToValue(const ColumnInfo& column, const Cell& cell) {
  if (!cell) return Value::Null();
  const std::string& text = *cell;
  if (IsInteger(column.type)) return Value::Integer(text);
  switch (column.type) {
    case field_type::kDecimal:
    case field_type::kNewDecimal: return Value::Decimal(text);
    case field_type::kFloat:
    case field_type::kDouble: return Value::Double(std::strtod(text.c_str(), nullptr));
    case field_type::kDate: return Value::Date(text);
    case field_type::kTime: return Value::Time(text);
    case field_type::kDateTime:
    case field_type::kTimestamp: return Value::DateTime(text);
    default: break;
  }
  if (column.charset == kBinaryCharset && column.type != field_type::kBit) return Value::Bytes(text);
  return Value::String(text);
}

Cell ValueToCell(const Value& value) {
  switch (value.kind()) {
    case Value::Kind::Null: return std::nullopt;
    case Value::Kind::Bool: return std::string(value.int_value() ? "1" : "0");
    case Value::Kind::Int:
    case Value::Kind::Long: return std::to_string(value.int_value());
    case Value::Kind::Double: {
      double number = value.double_value();
      if (std::isfinite(number) && number == std::floor(number) && std::fabs(number) < 1e15) {
        return std::to_string(static_cast<long long>(number));
      }
      char text[32];
      auto end = std::to_chars(text, text + sizeof text, number).ptr;
      return std::string(text, end);
    }
    default: return value.text();
  }
}

ResultSet ToResultSet(BackendResult&& result) {
  ResultSet set;
  set.columns.reserve(result.columns.size());
  for (const ColumnInfo& column : result.columns) set.columns.push_back(column.name);
  set.rows.reserve(result.rows.size());
  for (std::vector<Cell>& cells : result.rows) {
    Row& row = set.rows.emplace_back();
    row.reserve(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) row.push_back(CellToValue(result.columns[i], cells[i]));
  }
  return set;
}

namespace {

std::optional<std::size_t> Position(const MergeColumn& column, const std::vector<ColumnInfo>& columns) {
  if (column.index >= 0) return static_cast<std::size_t>(column.index);
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const std::string& name = columns[i].name;
    if (name.size() == column.label.size() &&
        std::equal(name.begin(), name.end(), column.label.begin(),
                   [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) ==
                                               std::tolower(static_cast<unsigned char>(b)); })) {
      return i;
    }
  }
  return std::nullopt;
}

// MySQL's result type of a COUNT, SUM or AVG over values of `column`'s type.
void AggregateType(AggregationType aggregate, ColumnInfo& column) {
  bool approximate = column.type == field_type::kFloat || column.type == field_type::kDouble;
  column.charset = kBinaryCharset;
  column.flags = kBinaryFlag;
  if (aggregate == AggregationType::Count) {
    column.type = field_type::kLongLong;
    column.length = 21;
    column.decimals = 0;
  } else if (approximate) {
    column.type = field_type::kDouble;
    column.length = 22;
    column.decimals = 31;  // not fixed
  } else {
    std::uint8_t added = aggregate == AggregationType::Avg ? 4 : 0;
    column.type = field_type::kNewDecimal;
    column.decimals = static_cast<std::uint8_t>(std::min(column.decimals + added, 30));
    column.length = column.length + added + 1;
  }
}

}  // namespace

std::vector<ColumnInfo> MergedColumns(std::vector<ColumnInfo> unit_columns, const std::vector<std::string>& labels,
                                      const MergeInstructions& merge) {
  for (const MergeAggregation& aggregation : merge.aggregations) {
    bool derived_distinct = !aggregation.result_label.empty();
    std::optional<std::size_t> at = Position(aggregation.column, unit_columns);
    if (derived_distinct && at && *at < labels.size() && *at < unit_columns.size()) {
      AggregateType(aggregation.type, unit_columns[*at]);
    }
  }
  unit_columns.resize(std::min(unit_columns.size(), labels.size()));
  for (std::size_t i = 0; i < unit_columns.size(); ++i) unit_columns[i].name = labels[i];
  return unit_columns;
}

Value ParamToValue(const BinaryParam& param) {
  switch (param.kind) {
    case BinaryParam::Kind::Null: return Value::Null();
    case BinaryParam::Kind::Signed:
      if (param.signed_value >= INT32_MIN && param.signed_value <= INT32_MAX) {
        return Value::Int(static_cast<std::int32_t>(param.signed_value));
      }
      return Value::Long(param.signed_value);
    case BinaryParam::Kind::Unsigned:
      return Value::Integer(std::to_string(param.unsigned_value));
    case BinaryParam::Kind::Double: return Value::Double(param.double_value);
    case BinaryParam::Kind::Text: return Value::String(param.text);
    case BinaryParam::Kind::Bytes: return Value::Bytes(param.text);
    case BinaryParam::Kind::Date: return Value::Date(param.text);
    case BinaryParam::Kind::Time: return Value::Time(param.text);
    case BinaryParam::Kind::DateTime: return Value::DateTime(param.text);
  }
  return Value::Null();
}

std::string InlineParams(const std::string& sql, const std::vector<Value>& params) {
  if (params.empty()) return sql;
  std::string out;
  out.reserve(sql.size() + params.size() * 8);
  std::size_t copied = 0;
  std::size_t index = 0;
  ForEachPlaceholder(sql, [&](std::size_t offset) {
    out.append(sql, copied, offset - copied);
    out += index < params.size() ? params[index].ToSqlLiteral() : "?";
    ++index;
    copied = offset + 1;
  });
  out.append(sql, copied, std::string::npos);
  return out;
}

std::size_t CountPlaceholders(const std::string& sql) {
  std::size_t count = 0;
  ForEachPlaceholder(sql, [&](std::size_t) { ++count; });
  return count;
}

}  // namespace sqlroute::proxy
