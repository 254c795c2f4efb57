#include "parser/fixed_tokens.h"

#include <algorithm>
#include <unordered_set>

#include "MySqlLexer.h"
#include "antlr4-runtime.h"
#include "sqlroute/error_text.h"

namespace sqlroute::parser {
namespace {

using antlr4::atn::ATNState;
using antlr4::atn::Transition;

constexpr std::size_t kMaxTextLength = 48;
constexpr std::size_t kMaxTexts = 64;
constexpr std::size_t kMaxSteps = 1u << 16;

// The rules parser/sql_lexer.cc matches by hand.
bool LexedByHand(const std::string& rule) {
  // Never destroyed: other threads may still read it while exit() runs.
  static const auto& kRules = *new const std::unordered_set<std::string>{
      "WHITESPACE",  "VERSIONED_COMMENT_START", "VERSIONED_COMMENT_END", "BLOCK_COMMENT", "LINE_COMMENT",
      "HEX_NUM",     "BIT_NUM",                 "FLOAT_NUM",             "DECIMAL_NUM",   "INTEGER_NUM",
      "NATIONAL_STRING", "CHARSET_STRING",      "STRING",                "DQ_STRING",     "QUOTED_IDENTIFIER",
      "SYSTEM_VAR",  "USER_VAR",                "IDENTIFIER"};
  return kRules.count(rule) != 0;
}

bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }
bool IsLower(char c) { return c >= 'a' && c <= 'z'; }

// Every text a lexer rule matches, when that is a finite set of ASCII texts. A character set
// of one letter in both cases (the grammar's letter fragments) adds the upper-case letter.
class TextEnumerator {
 public:
  // False when the rule matches other than a few plain texts.
  bool Enumerate(const antlr4::atn::ATN& atn, std::size_t rule) {
    texts.clear();
    steps_ = 0;
    exact_letters = false;
    std::string text;
    std::vector<ATNState*> returns;
    return Walk(atn.ruleToStartState[rule], text, returns);
  }

  std::vector<std::string> texts;
  bool exact_letters = false;  // a letter matched in one case only

 private:
  bool Walk(ATNState* state, std::string& text, std::vector<ATNState*>& returns) {
    if (++steps_ > kMaxSteps) return false;
    if (state->getStateType() == ATNState::RULE_STOP) {
      if (returns.empty()) {
        texts.push_back(text);
        return texts.size() <= kMaxTexts;
      }
      ATNState* follow = returns.back();
      returns.pop_back();
      bool ok = Walk(follow, text, returns);
      returns.push_back(follow);
      return ok;
    }
    for (Transition* transition : state->transitions) {
      bool ok = true;
      switch (transition->getSerializationType()) {
        case Transition::EPSILON:
          ok = Walk(transition->target, text, returns);
          break;
        case Transition::RULE:
          returns.push_back(static_cast<antlr4::atn::RuleTransition*>(transition)->followState);
          ok = Walk(transition->target, text, returns);
          returns.pop_back();
          break;
        case Transition::ATOM:
        case Transition::RANGE:
        case Transition::SET: {
          char c = 0;
          if (text.size() >= kMaxTextLength || !OneCharacter(transition->label(), c)) return false;
          text.push_back(c);
          ok = Walk(transition->target, text, returns);
          text.pop_back();
          break;
        }
        default:
          return false;
      }
      if (!ok) return false;
    }
    return true;
  }

  bool OneCharacter(const antlr4::misc::IntervalSet& set, char& c) {
    std::vector<ssize_t> codes = set.toList();
    for (ssize_t code : codes) {
      if (code <= 0 || code >= 0x80) return false;
    }
    if (codes.size() == 1) {
      c = static_cast<char>(codes[0]);
      if (IsUpper(c) || IsLower(c)) exact_letters = true;
      return true;
    }
    if (codes.size() == 2 && IsUpper(static_cast<char>(codes[0])) && codes[1] == codes[0] + ('a' - 'A')) {
      c = static_cast<char>(codes[0]);
      return true;
    }
    return false;
  }

  std::size_t steps_ = 0;
};

bool IsWord(const std::string& text) {
  if (text.empty() || !(IsUpper(text[0]) || text[0] == '_')) return false;
  return std::all_of(text.begin(), text.end(), [](char c) { return IsUpper(c) || c == '_' || (c >= '0' && c <= '9'); });
}

bool HasLetter(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](char c) { return IsUpper(c) || IsLower(c); });
}

std::size_t HashUpper(std::string_view word) {
  std::size_t hash = 14695981039346656037ull;
  for (char c : word) hash = (hash ^ static_cast<unsigned char>(IsLower(c) ? c - ('a' - 'A') : c)) * 1099511628211ull;
  return hash;
}

}  // namespace

const FixedTokens& FixedTokens::Get() {
  // Never destroyed: other threads may still read it while exit() runs.
  static const FixedTokens& tokens = *new const FixedTokens;
  return tokens;
}

FixedTokens::FixedTokens() {
  antlr4::ANTLRInputStream empty("");
  sqlroute_gen::MySqlLexer lexer(&empty);
  const antlr4::atn::ATN& atn = lexer.getATN();
  const std::vector<std::string>& names = lexer.getRuleNames();
  std::vector<FixedText> keywords;
  TextEnumerator enumerator;
  for (std::size_t rule = 0; rule < names.size(); ++rule) {
    const std::string& name = names[rule];
    std::size_t type = atn.ruleToTokenType[rule];
    if (name == "CHARSET_NAME") {
      if (!enumerator.Enumerate(atn, rule)) throw Error(Message<msg::LexerRuleNotNameList>(arg::rule = name));
      charset_names_ = enumerator.texts;
      continue;
    }
    bool fragment = type == 0 || type == antlr4::Token::INVALID_TYPE || lexer.getVocabulary().getSymbolicName(type) != name;
    if (fragment || LexedByHand(name)) continue;
    if (!enumerator.Enumerate(atn, rule)) throw Error(Message<msg::LexerRuleNotFixed>(arg::rule = name));
    for (const std::string& text : enumerator.texts) {
      if (IsWord(text) && !enumerator.exact_letters) {
        keywords.push_back({text, type});
      } else if (!text.empty() && !HasLetter(text)) {
        operators_[static_cast<unsigned char>(text[0])].push_back({text, type});
      } else {
        throw Error(Message<msg::LexerRuleNotKeyword>(arg::rule = name, arg::text = text));
      }
    }
  }
  std::size_t slots = 64;
  while (slots < 4 * keywords.size()) slots *= 2;
  keyword_slots_.resize(slots);
  keyword_mask_ = slots - 1;
  for (const FixedText& keyword : keywords) AddKeyword(keyword.text, keyword.type);
  for (auto& list : operators_) {
    std::stable_sort(list.begin(), list.end(), [](const FixedText& a, const FixedText& b) {
      return a.text.size() != b.text.size() ? a.text.size() > b.text.size() : a.type < b.type;
    });
  }
}

void FixedTokens::AddKeyword(const std::string& upper, std::size_t type) {
  for (std::size_t slot = HashUpper(upper) & keyword_mask_;; slot = (slot + 1) & keyword_mask_) {
    FixedText& entry = keyword_slots_[slot];
    if (entry.text.empty()) {
      entry = {upper, type};
      return;
    }
    if (entry.text == upper) {  // two rules match the word: the earlier one wins, as in ANTLR
      entry.type = std::min(entry.type, type);
      return;
    }
  }
}

std::vector<FixedText> FixedTokens::Keywords() const {
  std::vector<FixedText> result;
  for (const FixedText& entry : keyword_slots_) {
    if (!entry.text.empty()) result.push_back(entry);
  }
  std::sort(result.begin(), result.end(), [](const FixedText& a, const FixedText& b) { return a.text < b.text; });
  return result;
}

std::size_t FixedTokens::Keyword(std::string_view word) const {
  if (word.size() > kMaxTextLength) return 0;
  for (std::size_t slot = HashUpper(word) & keyword_mask_;; slot = (slot + 1) & keyword_mask_) {
    const FixedText& entry = keyword_slots_[slot];
    if (entry.text.empty()) return 0;
    if (entry.text.size() != word.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < word.size() && same; ++i) {
      char c = word[i];
      same = (IsLower(c) ? c - ('a' - 'A') : c) == entry.text[i];
    }
    if (same) return entry.type;
  }
}

}  // namespace sqlroute::parser
