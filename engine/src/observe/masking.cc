#include "observe/masking.h"

#include <algorithm>

#include "cache/sql_normalizer.h"
#include "observe/secret_places.h"
#include "rules/rule_set_access.h"
#include "sqlroute/sql_masking.h"

namespace sqlroute::observe {
namespace {

class SecretCollector {
 public:
  void Add(const Props& props) {
    for (const auto& [key, value] : props.items()) {
      if (!value.empty() && Props::IsSecretKey(key)) values_.push_back(value);
    }
  }
  void Add(const config::NamedList<config::AlgorithmConfig>& algorithms) {
    for (const auto& algorithm : algorithms) Add(algorithm.value.props);
  }
  std::vector<std::string> Take() {
    std::sort(values_.begin(), values_.end(), [](const std::string& a, const std::string& b) {
      return a.size() != b.size() ? a.size() > b.size() : a < b;
    });
    values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
    return std::move(values_);
  }

 private:
  std::vector<std::string> values_;
};

bool HoldsSecret(std::string_view text, const std::vector<std::string>& secrets) {
  for (const std::string& secret : secrets) {
    if (text.find(secret) != std::string_view::npos) return true;
  }
  return false;
}

// `text` starts with `word` (upper case), ignoring case.
bool StartsWithWord(std::string_view text, std::string_view word) {
  if (text.size() < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if ((text[i] & ~0x20) != word[i]) return false;
  }
  return true;
}

// What one pass over the text says about where secrets may be.
struct TextScan {
  bool secret_words = false;      // a word of observe/secret_places.h: PASSWORD, IDENTIFIED, REPLACE, *CRYPT*, *CODE*
  bool encoded_literals = false;  // a literal whose value may not be its text: escapes, hex or bit strings
};

TextScan ScanText(std::string_view sql) {
  TextScan scan;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    char c = static_cast<char>(sql[i] & ~0x20);  // upper case for letters
    std::string_view rest = sql.substr(i);
    switch (c) {
      case 'P': scan.secret_words |= StartsWithWord(rest, "PASSWORD"); break;
      case 'I': scan.secret_words |= StartsWithWord(rest, "IDENTIFIED"); break;
      case 'R': scan.secret_words |= StartsWithWord(rest, "REPLACE"); break;
      case 'C': scan.secret_words |= StartsWithWord(rest, "CRYPT") || StartsWithWord(rest, "CODE"); break;
      case 'X': case 'B': scan.encoded_literals |= i + 1 < sql.size() && sql[i + 1] == '\''; break;
      default: break;
    }
    char next = i + 1 < sql.size() ? static_cast<char>(sql[i + 1] | 0x20) : '\0';
    if (sql[i] == '\\' || (sql[i] == '0' && (next == 'x' || next == 'b'))) scan.encoded_literals = true;
  }
  return scan;
}

// No literal or text of the scanned SQL can hold a secret, and no token needs looking at: the
// text of every literal is its value but for doubled quotes, which no quote-free secret spans.
bool PlainlyFree(std::string_view sql, const TextScan& scan, const std::vector<std::string>& secrets) {
  if (scan.secret_words) return false;
  if (secrets.empty()) return true;
  if (scan.encoded_literals) return false;
  for (const std::string& secret : secrets) {
    if (secret.find_first_of("'\"`") != std::string::npos || sql.find(secret) != std::string_view::npos) return false;
  }
  return true;
}

std::vector<std::string> ShowParams(const std::vector<Value>& params, bool everything, const std::vector<bool>& places,
                                    const std::vector<std::string>& secrets) {
  std::vector<std::string> shown;
  shown.reserve(params.size());
  for (std::size_t i = 0; i < params.size(); ++i) {
    std::string text = params[i].ToDisplay();
    bool secret = everything || (i < places.size() && places[i]) || HoldsSecret(params[i].text(), secrets) ||
                  HoldsSecret(text, secrets);
    shown.push_back(secret ? kMask : std::move(text));
  }
  return shown;
}

struct Range {
  std::size_t begin, end;
};

// `sql` with each range (merged where they overlap or touch) replaced by ***.
std::string Replace(std::string_view sql, std::vector<Range> ranges) {
  std::sort(ranges.begin(), ranges.end(), [](const Range& a, const Range& b) { return a.begin < b.begin; });
  std::string out;
  std::size_t copied = 0;
  for (std::size_t i = 0; i < ranges.size();) {
    std::size_t begin = ranges[i].begin, end = ranges[i].end;
    for (++i; i < ranges.size() && ranges[i].begin <= end; ++i) end = std::max(end, ranges[i].end);
    out.append(sql.substr(copied, begin - copied));
    out += kMask;
    copied = end;
  }
  out.append(sql.substr(copied));
  return out;
}

}  // namespace

Secrets ConfiguredSecrets(const RuleSet& rules) {
  const config::RuleConfig& config = rules::RuleSetAccess::Compiled(rules).config;
  SecretCollector collector;
  collector.Add(config.props);
  for (const auto& data_source : config.data_sources) collector.Add(data_source.value.props);
  if (config.sharding) {
    collector.Add(config.sharding->sharding_algorithms);
    collector.Add(config.sharding->key_generators);
    collector.Add(config.sharding->auditors);
  }
  if (config.readwrite_splitting) collector.Add(config.readwrite_splitting->load_balancers);
  if (config.encrypt) collector.Add(config.encrypt->encryptors);
  if (config.shadow) collector.Add(config.shadow->algorithms);
  return {rules.version(), collector.Take()};
}

bool MasksEverything(const ast::Statement& statement, const rules::CompiledRules& rules) {
  if (ast::ClassOf(statement.kind) == ast::StatementClass::DCL) return true;
  if (!rules.encrypt) return false;
  for (const ast::TableRef& table : statement.tables) {
    if (rules.encrypt->Find(table.name.name) != nullptr) return true;
  }
  return false;
}

MaskedSql Mask(std::string_view sql, const std::vector<Value>& params, bool everything,
               const std::vector<std::string>& secrets) {
  MaskedSql out;
  TextScan scan = ScanText(sql);
  if (!everything && PlainlyFree(sql, scan, secrets)) {
    out.sql = std::string(sql);
    out.params = ShowParams(params, false, {}, secrets);
    return out;
  }
  std::optional<cache::NormalizedSql> normalized = cache::Normalize(sql);
  if (!normalized) {
    out.sql = kMask;
    out.params.assign(params.size(), kMask);
    return out;
  }
  SecretPlaces places;
  if (!everything && scan.secret_words) places = FindSecretPlaces(sql, *normalized);
  std::vector<Range> ranges;
  for (std::size_t i = 0; i < normalized->literals.size(); ++i) {
    const cache::LiteralToken& literal = normalized->literals[i];
    std::string_view token = sql.substr(literal.begin, literal.end - literal.begin);
    bool placed = i < places.literals.size() && places.literals[i];
    if (everything || placed || HoldsSecret(cache::DecodeLiteral(token, literal.type).text(), secrets)) {
      ranges.push_back({literal.begin, literal.end});
    }
  }
  for (const std::string& secret : secrets) {
    for (std::size_t at = sql.find(secret); at != std::string_view::npos; at = sql.find(secret, at + 1)) {
      ranges.push_back({at, at + secret.size()});
    }
  }
  out.sql = Replace(sql, std::move(ranges));
  out.params = ShowParams(params, everything, places.params, secrets);
  return out;
}

}  // namespace sqlroute::observe

namespace sqlroute {

std::string MaskLiterals(std::string_view sql) { return observe::Mask(sql, {}, true, {}).sql; }

}  // namespace sqlroute
