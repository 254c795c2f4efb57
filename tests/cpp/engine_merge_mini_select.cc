#include "mini_select.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>

namespace sqlroute::testing {
namespace {

struct Token {
  std::string text;  // upper-cased for words; unquoted for strings
  bool string = false;
  std::size_t begin = 0;
  std::size_t end = 0;
};

std::vector<Token> Tokenize(const std::string& sql) {
  std::vector<Token> tokens;
  for (std::size_t i = 0; i < sql.size();) {
    unsigned char c = static_cast<unsigned char>(sql[i]);
    if (std::isspace(c)) {
      ++i;
    } else if (c == '\'') {
      std::size_t end = sql.find('\'', i + 1);
      tokens.push_back({sql.substr(i + 1, end - i - 1), true, i, end + 1});
      i = end + 1;
    } else if (std::isalnum(c) || c == '_' || c == '-') {
      std::size_t end = i + 1;
      while (end < sql.size() && (std::isalnum(static_cast<unsigned char>(sql[end])) || sql[end] == '_')) ++end;
      std::string word = sql.substr(i, end - i);
      std::transform(word.begin(), word.end(), word.begin(), [](unsigned char ch) { return std::toupper(ch); });
      tokens.push_back({word, false, i, end});
      i = end;
    } else {
      tokens.push_back({std::string(1, sql[i]), false, i, i + 1});
      ++i;
    }
  }
  return tokens;
}

struct Item {
  std::string function;  // "" for a column
  std::string column;    // "*" for COUNT(*)
  bool distinct = false;
  std::string separator = ",";
  std::string label;
};

struct OrderKey {
  std::string text;
  bool descending = false;
};

struct Select {
  bool distinct = false;
  std::vector<Item> items;
  std::string table;
  std::vector<std::string> group_by;
  std::vector<OrderKey> order_by;
  int64_t offset = 0;
  int64_t count = -1;
};

class Parser {
 public:
  Parser(const std::string& sql, std::size_t begin, std::size_t end)
      : sql_(sql), tokens_(Tokenize(sql.substr(0, end))), at_(0) {
    while (at_ < tokens_.size() && tokens_[at_].begin < begin) ++at_;
  }

  Select Parse() {
    Select select;
    Expect("SELECT");
    select.distinct = Accept("DISTINCT");
    do select.items.push_back(ParseItem()); while (Accept(","));
    Expect("FROM");
    select.table = Next().text;
    if (Accept("GROUP")) {
      Expect("BY");
      do select.group_by.push_back(Next().text); while (Accept(","));
    }
    if (Accept("ORDER")) {
      Expect("BY");
      do select.order_by.push_back(ParseOrderKey()); while (Accept(","));
    }
    if (Accept("LIMIT")) {
      select.count = std::stoll(Next().text);
      if (Accept(",")) {
        select.offset = select.count;
        select.count = std::stoll(Next().text);
      }
    }
    if (at_ != tokens_.size()) throw std::runtime_error("mini_select: unexpected `" + tokens_[at_].text + "`");
    return select;
  }

 private:
  Item ParseItem() {
    Item item;
    std::size_t begin = tokens_[at_].begin;
    std::string word = Next().text;
    if (Accept("(")) {
      item.function = word;
      item.distinct = Accept("DISTINCT");
      item.column = Next().text;
      if (Accept("SEPARATOR")) item.separator = Next().text;
      Expect(")");
    } else {
      item.column = word;
    }
    item.label = sql_.substr(begin, tokens_[at_ - 1].end - begin);
    if (Accept("AS")) {
      const Token& alias = Next();
      item.label = sql_.substr(alias.begin, alias.end - alias.begin);
    }
    return item;
  }

  OrderKey ParseOrderKey() {
    std::size_t begin = tokens_[at_].begin;
    Next();
    if (Accept("(")) {
      while (!Accept(")")) Next();
    }
    OrderKey key{sql_.substr(begin, tokens_[at_ - 1].end - begin), false};
    if (Accept("DESC")) key.descending = true;
    else Accept("ASC");
    return key;
  }

  const Token& Next() { return tokens_.at(at_++); }
  bool Accept(const char* text) {
    if (at_ == tokens_.size() || tokens_[at_].string || tokens_[at_].text != text) return false;
    ++at_;
    return true;
  }
  void Expect(const char* text) {
    if (!Accept(text)) throw std::runtime_error(std::string("mini_select: expected ") + text + " in " + sql_);
  }

  const std::string& sql_;
  std::vector<Token> tokens_;
  std::size_t at_;
};

std::string Upper(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char ch) { return std::toupper(ch); });
  return text;
}

std::size_t ColumnIndex(const Table& table, const std::string& name) {
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    if (Upper(table.columns[i]) == Upper(name)) return i;
  }
  throw std::runtime_error("mini_select: no column " + name);
}

std::string Average(int64_t sum, int64_t count) {
  int64_t scaled = sum * 10000;
  int64_t quotient = scaled / count;
  int64_t remainder = scaled % count;
  if (2 * std::abs(remainder) >= count) quotient += scaled < 0 ? -1 : 1;
  int64_t magnitude = std::abs(quotient);
  std::string fraction = std::to_string(magnitude % 10000);
  fraction.insert(0, 4 - fraction.size(), '0');
  return (quotient < 0 ? "-" : "") + std::to_string(magnitude / 10000) + "." + fraction;
}

class Evaluator {
 public:
  Evaluator(const Select& select, const Table& table, Collation collation)
      : select_(select), table_(table), collation_(collation) {}

  ResultSet Run() {
    ResultSet result;
    for (const Item& item : select_.items) result.columns.push_back(item.label);
    std::vector<std::pair<Row, Row>> rows;  // output row, sort keys
    if (Grouped()) {
      for (const auto& group : Groups()) rows.emplace_back(Project(group), Keys(group));
    } else {
      for (const Row& row : table_.rows) rows.emplace_back(Project({row}), Keys({row}));
    }
    if (select_.distinct) Deduplicate(rows);
    std::stable_sort(rows.begin(), rows.end(), [this](const auto& a, const auto& b) { return Before(a.second, b.second); });
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (static_cast<int64_t>(i) < select_.offset) continue;
      if (select_.count >= 0 && static_cast<int64_t>(result.rows.size()) >= select_.count) break;
      result.rows.push_back(rows[i].first);
    }
    return result;
  }

 private:
  bool Grouped() const {
    if (!select_.group_by.empty()) return true;
    return std::any_of(select_.items.begin(), select_.items.end(), [](const Item& item) { return !item.function.empty(); });
  }

  std::vector<std::vector<Row>> Groups() const {
    std::vector<std::vector<Row>> groups;
    std::map<Row, std::size_t, RowOrder> index(RowOrder{collation_});
    if (select_.group_by.empty()) groups.emplace_back();
    for (const Row& row : table_.rows) {
      if (select_.group_by.empty()) {
        groups[0].push_back(row);
        continue;
      }
      Row key;
      for (const std::string& column : select_.group_by) key.push_back(row[ColumnIndex(table_, column)]);
      auto found = index.find(key);
      if (found == index.end()) {
        found = index.emplace(key, groups.size()).first;
        groups.emplace_back();
      }
      groups[found->second].push_back(row);
    }
    return groups;
  }

  struct RowOrder {
    Collation collation;
    bool operator()(const Row& a, const Row& b) const {
      for (std::size_t i = 0; i < a.size(); ++i) {
        int order = CompareForMerge(a[i], b[i], collation);
        if (order != 0) return order < 0;
      }
      return false;
    }
  };

  Row Project(const std::vector<Row>& rows) const {
    Row result;
    for (const Item& item : select_.items) result.push_back(Evaluate(item, rows));
    return result;
  }

  Value Evaluate(const Item& item, const std::vector<Row>& rows) const {
    if (item.function.empty()) return rows.empty() ? Value() : rows.front()[ColumnIndex(table_, item.column)];
    std::vector<Value> values;
    for (const Row& row : rows) {
      Value value = item.column == "*" ? Value::Int(1) : row[ColumnIndex(table_, item.column)];
      if (value.is_null()) continue;
      if (item.distinct && std::any_of(values.begin(), values.end(), [&](const Value& seen) {
            return CompareForMerge(seen, value, collation_) == 0;
          })) {
        continue;
      }
      values.push_back(value);
    }
    if (item.function == "COUNT") return Value::Long(static_cast<int64_t>(values.size()));
    if (values.empty()) return Value();
    int64_t sum = 0;
    uint64_t bits = 0;  // BIT_XOR is BIGINT UNSIGNED
    for (const Value& value : values) {
      sum += value.int_value();
      bits ^= static_cast<uint64_t>(value.int_value());
    }
    if (item.function == "SUM") return Value::Decimal(std::to_string(sum));
    if (item.function == "AVG") return Value::Decimal(Average(sum, static_cast<int64_t>(values.size())));
    if (item.function == "BIT_XOR") {
      return bits >> 63 ? Value::BigInt(std::to_string(bits)) : Value::Long(static_cast<int64_t>(bits));
    }
    if (item.function == "GROUP_CONCAT") {
      std::string text = values.front().ToJavaString();
      for (std::size_t i = 1; i < values.size(); ++i) text += item.separator + values[i].ToJavaString();
      return Value::String(text);
    }
    auto order = [this](const Value& a, const Value& b) { return CompareForMerge(a, b, collation_) < 0; };
    if (item.function == "MIN") return *std::min_element(values.begin(), values.end(), order);
    return *std::max_element(values.begin(), values.end(), order);  // MAX
  }

  // ORDER BY keys: a projected item (by label or text) or a column of the first row.
  Row Keys(const std::vector<Row>& rows) const {
    Row keys;
    for (const OrderKey& key : select_.order_by) {
      auto item = std::find_if(select_.items.begin(), select_.items.end(), [&](const Item& each) {
        return Upper(each.label) == Upper(key.text) || (each.function.empty() && each.column == Upper(key.text));
      });
      keys.push_back(item != select_.items.end() ? Evaluate(*item, rows) : rows.front()[ColumnIndex(table_, key.text)]);
    }
    return keys;
  }

  bool Before(const Row& a, const Row& b) const {
    for (std::size_t i = 0; i < a.size(); ++i) {
      int order = CompareForMerge(a[i], b[i], collation_);
      if (order != 0) return select_.order_by[i].descending ? order > 0 : order < 0;
    }
    return false;
  }

  void Deduplicate(std::vector<std::pair<Row, Row>>& rows) const {
    std::set<Row, RowOrder> seen(RowOrder{collation_});
    std::vector<std::pair<Row, Row>> kept;
    for (auto& row : rows) {
      if (seen.insert(row.first).second) kept.push_back(std::move(row));
    }
    rows = std::move(kept);
  }

  const Select& select_;
  const Table& table_;
  Collation collation_;
};

}  // namespace

ResultSet EvaluateSelect(const std::string& sql, const std::map<std::string, Table>& tables, Collation collation) {
  ResultSet result;
  std::size_t begin = 0;
  while (begin < sql.size()) {
    std::size_t end = sql.find(" UNION ALL ", begin);
    if (end == std::string::npos) end = sql.size();
    Select select = Parser(sql, begin, end).Parse();
    ResultSet part = Evaluator(select, tables.at(select.table), collation).Run();
    result.columns = part.columns;
    for (Row& row : part.rows) result.rows.push_back(std::move(row));
    begin = end == sql.size() ? end : end + 11;
  }
  return result;
}

}  // namespace sqlroute::testing
