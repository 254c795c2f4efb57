#include "session_statements.h"

#include <algorithm>
#include <cctype>

namespace sqlroute::proxy {

namespace {

struct Token {
  std::string text;   // as written (quotes removed for quoted names)
  std::string upper;  // upper-cased
};

// Words, numbers, quoted strings and single punctuation characters; comments are skipped.
std::vector<Token> Tokenize(std::string_view sql) {
  std::vector<Token> tokens;
  // Reserved for a token per 4 characters: one allocation where growing took five (sysbench
  // point select: allocations per statement 47 -> 44).
  tokens.reserve(sql.size() / 4 + 1);
  std::size_t i = 0;
  while (i < sql.size()) {
    char c = sql[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '#' || (c == '-' && sql.substr(i, 3) == "-- ")) {
      std::size_t end = sql.find('\n', i);
      i = end == std::string_view::npos ? sql.size() : end;
    } else if (c == '/' && sql.substr(i, 2) == "/*") {
      std::size_t end = sql.find("*/", i + 2);
      i = end == std::string_view::npos ? sql.size() : end + 2;
    } else if (c == '`' || c == '\'' || c == '"') {
      std::size_t end = sql.find(c, i + 1);
      if (end == std::string_view::npos) end = sql.size();
      std::string text(sql.substr(i + 1, end - i - 1));
      tokens.push_back({text, text});
      i = end + 1;
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '@' || c == '$' || c == '.') {
      std::size_t start = i;
      while (i < sql.size() && (std::isalnum(static_cast<unsigned char>(sql[i])) || sql[i] == '_' ||
                                sql[i] == '@' || sql[i] == '$' || sql[i] == '.')) {
        ++i;
      }
      std::string text(sql.substr(start, i - start));
      std::string upper = text;
      std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char ch) { return std::toupper(ch); });
      tokens.push_back({text, upper});
    } else {
      tokens.push_back({std::string(1, c), std::string(1, c)});
      ++i;
    }
  }
  while (!tokens.empty() && tokens.back().upper == ";") tokens.pop_back();
  return tokens;
}

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char ch) { return std::tolower(ch); });
  return text;
}

bool Is(const std::vector<Token>& tokens, std::size_t index, std::string_view word) {
  return index < tokens.size() && tokens[index].upper == word;
}

bool IsFromOrIn(const std::vector<Token>& tokens, std::size_t index) {
  return index < tokens.size() && (tokens[index].upper == "FROM" || tokens[index].upper == "IN");
}

bool IsShowTables(const std::vector<Token>& tokens) {
  return Is(tokens, 1, "TABLES") || (Is(tokens, 1, "FULL") && Is(tokens, 2, "TABLES"));
}

// SHOW [FULL] TABLES [FROM | IN db] [LIKE 'p'].
LocalStatement ClassifyShowTables(const std::vector<Token>& tokens) {
  LocalStatement statement;
  statement.kind = LocalStatement::Kind::ShowTables;
  statement.flag = Is(tokens, 1, "FULL");
  std::size_t next = statement.flag ? 3 : 2;
  if (IsFromOrIn(tokens, next) && next + 1 < tokens.size()) {
    statement.name = tokens[next + 1].text;
    next += 2;
  }
  if (Is(tokens, next, "LIKE") && next + 1 < tokens.size()) statement.like = tokens[next + 1].text;
  return statement;
}

// The database another SHOW names: SHOW [FULL] COLUMNS | FIELDS | INDEX | INDEXES | KEYS FROM t
// FROM | IN db (or FROM db.t), SHOW TABLE STATUS FROM | IN db; "" when it names none.
std::string ShownDatabase(const std::vector<Token>& tokens) {
  std::size_t at = Is(tokens, 1, "FULL") ? 2 : 1;
  for (const char* word : {"COLUMNS", "FIELDS", "INDEX", "INDEXES", "KEYS"}) {
    if (!Is(tokens, at, word) || !IsFromOrIn(tokens, at + 1) || at + 2 >= tokens.size()) continue;
    if (IsFromOrIn(tokens, at + 3) && at + 4 < tokens.size()) return tokens[at + 4].text;
    const std::string& table = tokens[at + 2].text;
    std::size_t dot = table.find('.');
    return dot == std::string::npos ? "" : table.substr(0, dot);
  }
  if (Is(tokens, 1, "TABLE") && Is(tokens, 2, "STATUS") && IsFromOrIn(tokens, 3) && tokens.size() > 4) {
    return tokens[4].text;
  }
  return "";
}

// SET a = 1, @@session.autocommit = 0, NAMES utf8mb4 ...: autocommit wins if it appears.
LocalStatement ClassifySet(const std::vector<Token>& tokens) {
  LocalStatement statement;
  statement.kind = LocalStatement::Kind::SetSession;
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    std::string name = tokens[i].upper;
    for (const char* prefix : {"@@SESSION.", "@@LOCAL.", "@@GLOBAL.", "@@"}) {
      if (name.rfind(prefix, 0) == 0) name = name.substr(std::string(prefix).size());
    }
    if (name == "AUTOCOMMIT" && i + 2 < tokens.size() && (tokens[i + 1].upper == "=" || tokens[i + 1].upper == ":")) {
      std::size_t value = tokens[i + 1].upper == ":" ? i + 3 : i + 2;
      if (value >= tokens.size()) break;
      const std::string& text = tokens[value].upper;
      statement.kind = LocalStatement::Kind::SetAutocommit;
      statement.flag = text == "1" || text == "ON" || text == "TRUE";
    }
  }
  return statement;
}

// SELECT @@x [AS y], DATABASE() ... [LIMIT n]: only system variables and session functions.
LocalStatement ClassifySelect(const std::vector<Token>& tokens) {
  LocalStatement statement;
  std::size_t i = 1;
  std::vector<LocalStatement::Item> items;
  while (i < tokens.size()) {
    LocalStatement::Item item;
    if (tokens[i].upper.rfind("@@", 0) == 0) {
      item.expression = Lower(tokens[i].text);
      item.label = tokens[i].text;
      ++i;
    } else if (i + 2 < tokens.size() && tokens[i + 1].upper == "(" && tokens[i + 2].upper == ")") {
      static const char* const kFunctions[] = {"DATABASE", "SCHEMA", "VERSION", "CONNECTION_ID", "USER",
                                               "CURRENT_USER", "SESSION_USER", "SYSTEM_USER", "LAST_INSERT_ID"};
      if (std::find(std::begin(kFunctions), std::end(kFunctions), tokens[i].upper) == std::end(kFunctions)) {
        return statement;
      }
      item.expression = Lower(tokens[i].text) + "()";
      item.label = tokens[i].text + "()";
      i += 3;
    } else {
      return statement;
    }
    if (Is(tokens, i, "AS") && i + 1 < tokens.size()) {
      item.label = tokens[i + 1].text;
      i += 2;
    }
    items.push_back(std::move(item));
    if (Is(tokens, i, ",")) {
      ++i;
      continue;
    }
    if (Is(tokens, i, "LIMIT") || i == tokens.size()) break;
    return statement;
  }
  if (items.empty()) return statement;
  statement.kind = LocalStatement::Kind::SelectSystem;
  statement.items = std::move(items);
  return statement;
}

bool IsDistSqlRuleWord(const std::string& word) {
  static const char* const kWords[] = {"SHARDING", "READWRITE_SPLITTING", "ENCRYPT", "SHADOW", "BROADCAST",
                                       "MASK",     "STORAGE",             "SINGLE",  "DEFAULT", "RESOURCE",
                                       "RESOURCES"};
  return std::find(std::begin(kWords), std::end(kWords), word) != std::end(kWords);
}

}  // namespace

LocalStatement ClassifyStatement(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  LocalStatement statement;
  if (tokens.empty()) return statement;
  const std::string& first = tokens[0].upper;
  using Kind = LocalStatement::Kind;
  if (first == "BEGIN" && tokens.size() <= 2) {
    statement.kind = Kind::Begin;
  } else if (first == "START" && Is(tokens, 1, "TRANSACTION")) {
    statement.kind = Kind::Begin;
  } else if ((first == "COMMIT" || first == "ROLLBACK") &&
             (tokens.size() == 1 || (tokens.size() == 2 && tokens[1].upper == "WORK"))) {
    statement.kind = first == "COMMIT" ? Kind::Commit : Kind::Rollback;
  } else if (first == "SET") {
    if (Is(tokens, 1, "DEFAULT") || Is(tokens, 1, "DIST")) {
      statement.kind = Kind::DistSqlUpdate;  // SET DEFAULT SINGLE TABLE STORAGE UNIT
    } else {
      statement = ClassifySet(tokens);
    }
  } else if (first == "SELECT") {
    statement = ClassifySelect(tokens);
  } else if (first == "USE" && tokens.size() == 2) {
    statement.kind = Kind::Use;
    statement.name = tokens[1].text;
  } else if (first == "SHOW" && (Is(tokens, 1, "DATABASES") || Is(tokens, 1, "SCHEMAS"))) {
    statement.kind = Kind::ShowDatabases;
  } else if (first == "SHOW" && IsShowTables(tokens)) {
    statement = ClassifyShowTables(tokens);
  } else if ((first == "CREATE" || first == "DROP") && (Is(tokens, 1, "DATABASE") || Is(tokens, 1, "SCHEMA"))) {
    bool create = first == "CREATE";
    std::size_t name = 2;
    if (create && Is(tokens, 2, "IF") && Is(tokens, 3, "NOT") && Is(tokens, 4, "EXISTS")) name = 5;
    if (!create && Is(tokens, 2, "IF") && Is(tokens, 3, "EXISTS")) name = 4;
    if (name < tokens.size()) {
      statement.kind = create ? Kind::CreateDatabase : Kind::DropDatabase;
      statement.flag = name > 2;
      statement.name = tokens[name].text;
    }
  } else if (first == "REGISTER" || first == "UNREGISTER" || first == "LOAD" ||
             ((first == "CREATE" || first == "ALTER" || first == "DROP") && tokens.size() > 1 &&
              (IsDistSqlRuleWord(tokens[1].upper) || (tokens[1].upper == "IF" && tokens.size() > 3 &&
                                                      IsDistSqlRuleWord(tokens.back().upper))))) {
    statement.kind = Kind::DistSqlUpdate;
  } else if (first == "ADD" && Is(tokens, 1, "RESOURCE")) {
    statement.kind = Kind::DistSqlUpdate;
  } else if (first == "PREVIEW" ||
             (first == "SHOW" && tokens.size() > 1 &&
              (IsDistSqlRuleWord(tokens[1].upper) || tokens[1].upper == "RULES" || tokens[1].upper == "UNUSED" ||
               tokens[1].upper == "COMPUTE"))) {
    statement.kind = Kind::DistSqlQuery;
  }
  if (first == "SHOW" && statement.kind == Kind::None) statement.database = ShownDatabase(tokens);
  return statement;
}

std::vector<std::string> SplitStatements(std::string_view text) {
  std::vector<std::string> statements;
  std::size_t start = 0;
  std::size_t i = 0;
  auto flush = [&](std::size_t end) {
    std::string_view piece = text.substr(start, end - start);
    bool blank = std::all_of(piece.begin(), piece.end(), [](unsigned char c) { return std::isspace(c); });
    if (!blank) statements.emplace_back(piece);
  };
  while (i < text.size()) {
    char c = text[i];
    if (c == '\'' || c == '"' || c == '`') {
      for (++i; i < text.size() && text[i] != c; ++i) {
        if (text[i] == '\\' && c != '`') ++i;
      }
      ++i;
    } else if (c == '#' || (c == '-' && text.substr(i, 3) == "-- ")) {
      std::size_t end = text.find('\n', i);
      i = end == std::string_view::npos ? text.size() : end;
    } else if (c == '/' && text.substr(i, 2) == "/*") {
      std::size_t end = text.find("*/", i + 2);
      i = end == std::string_view::npos ? text.size() : end + 2;
    } else if (c == ';') {
      flush(i);
      start = ++i;
    } else {
      ++i;
    }
  }
  if (start < text.size()) flush(text.size());
  return statements;
}

namespace {

// Where `piece` has more than blanks and comments, or npos.
std::size_t FirstWord(std::string_view piece) {
  std::size_t i = 0;
  while (i < piece.size()) {
    if (std::isspace(static_cast<unsigned char>(piece[i]))) {
      ++i;
    } else if (piece[i] == '#' || piece.substr(i, 3) == "-- ") {
      i = piece.find('\n', i);
    } else if (piece.substr(i, 2) == "/*") {
      std::size_t end = piece.find("*/", i + 2);
      i = end == std::string_view::npos ? end : end + 2;
    } else {
      return i;
    }
  }
  return std::string_view::npos;
}

}  // namespace

std::optional<SecondStatement> FindSecondStatement(std::string_view text) {
  if (text.find(';') == std::string_view::npos) return std::nullopt;
  std::vector<std::string> statements = SplitStatements(text);
  // The pieces follow each other in `text`; comments after the last `;` are no statement.
  std::size_t end = text.find(statements.empty() ? std::string() : statements[0]);
  std::size_t start = std::string_view::npos;
  for (std::size_t i = 1; i < statements.size() && start == std::string_view::npos; ++i) {
    std::size_t piece = text.find(statements[i], end + statements[i - 1].size());
    if (std::size_t word = FirstWord(statements[i]); word != std::string_view::npos) start = piece + word;
    end = piece;
  }
  if (start == std::string_view::npos) return std::nullopt;
  SecondStatement found;
  found.excerpt = std::string(text.substr(start, 80));
  found.line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + start, '\n'));
  return found;
}

}  // namespace sqlroute::proxy
