// Differential test of the inline-expression interpreter against Groovy itself (Debian's `groovy`,
// one JVM for the whole run): random algorithm expressions over typed sharding columns and random
// data-node lists, evaluated by expr::Closure / expr::ExpandList and by
// tests/groovy/inline_oracle.groovy (ShardingSphere's GroovyInlineExpressionParser steps), compared
// as text; where Groovy throws, the interpreter must throw too. A fixed seed runs here;
// SQLROUTE_GROOVY_SECONDS (scripts/fuzz.sh groovy) keeps drawing new seeds for that long.
// Date and datetime columns reach the interpreter as their text, so Groovy gets the same Strings.
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "expr/inline_expression.h"
#include "expr_groovy_generator.h"
#include "sqlroute/error.h"

namespace sqlroute::expr {
namespace {

struct Outcome {
  bool ok = false;
  std::vector<std::string> texts;  // one for a closure, the items for a list
  std::string error;
};

std::string Escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') out += "\\\\";
    else if (c == '\t') out += "\\t";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

std::vector<std::string> SplitFields(const std::string& line) {
  std::vector<std::string> fields(1);
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c == '\t') {
      fields.emplace_back();
    } else if (c == '\\' && i + 1 < line.size()) {
      char next = line[++i];
      fields.back() += next == 't' ? '\t' : next == 'n' ? '\n' : next;
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

// The length of the decimal number (digits, a point, digits, an optional exponent) at `at`, or 0.
size_t DecimalNumberLength(const std::string& text, size_t at) {
  size_t i = at;
  auto digits = [&] {
    size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    return i > start;
  };
  if (!digits() || i >= text.size() || text[i] != '.') return 0;
  ++i;
  if (!digits()) return 0;
  if (i < text.size() && text[i] == 'E') {
    size_t mark = i++;
    if (i < text.size() && text[i] == '-') ++i;
    if (!digits()) i = mark;
  }
  return i - at;
}

// How far the double printed around `at` starts before it: over digits, its exponent and one point.
size_t BackToNumberStart(const std::string& text, size_t at) {
  size_t start = at;
  bool point = false;
  while (start > 0) {
    char c = text[start - 1];
    bool exponent_sign = c == '-' && start >= 2 && text[start - 2] == 'E';
    if (std::isdigit(static_cast<unsigned char>(c)) || c == 'E' || exponent_sign || (c == '.' && !point)) {
      point = point || c == '.';
      --start;
    } else {
      break;
    }
  }
  return at - start;
}

// Equal texts, or texts whose only differences are doubles printed with different digits of the
// same value: Java 19 made Double.toString print the shortest digits, and Debian's Groovy runs
// on Java 17 (our interpreter prints as Java 19+ does).
bool SameText(const std::string& ours, const std::string& theirs) {
  size_t i = 0, j = 0;
  while (true) {
    while (i < ours.size() && j < theirs.size() && ours[i] == theirs[j]) ++i, ++j;
    if (i == ours.size() && j == theirs.size()) return true;
    size_t back = std::min(BackToNumberStart(ours, i), BackToNumberStart(theirs, j));
    size_t a = DecimalNumberLength(ours, i - back), b = DecimalNumberLength(theirs, j - back);
    if (!a || !b || i - back + a <= i || j - back + b <= j) return false;
    if (std::strtod(ours.substr(i - back, a).c_str(), nullptr) != std::strtod(theirs.substr(j - back, b).c_str(), nullptr))
      return false;
    i += a - back;
    j += b - back;
  }
}

bool SameTexts(const std::vector<std::string>& ours, const std::vector<std::string>& theirs) {
  if (ours.size() != theirs.size()) return false;
  for (size_t i = 0; i < ours.size(); ++i) {
    if (!SameText(ours[i], theirs[i])) return false;
  }
  return true;
}

std::string RequestLine(const groovy_gen::Case& c) {
  std::string line = std::string(c.is_list ? "L" : "C") + "\t" + Escape(c.expression);
  for (const auto& binding : c.bindings) {
    line += "\t" + Escape(binding.name) + "\t" + binding.groovy_kind + "\t" + Escape(binding.groovy_text);
  }
  return line;
}

// Runs the whole batch through one Groovy process.
std::vector<Outcome> RunGroovy(const std::vector<groovy_gen::Case>& cases) {
  auto dir = std::filesystem::temp_directory_path();
  std::string stem = "sqlroute_groovy_" + std::to_string(getpid());
  auto requests = dir / (stem + ".in"), answers = dir / (stem + ".out");
  {
    std::ofstream out(requests);
    for (const auto& c : cases) out << RequestLine(c) << "\n";
  }
  std::string script = std::string(SQLROUTE_TESTS_DIR) + "/groovy/inline_oracle.groovy";
  std::string command = "groovy '" + script + "' < '" + requests.string() + "' > '" + answers.string() + "' 2>/dev/null";
  int status = std::system(command.c_str());
  std::vector<Outcome> outcomes;
  std::ifstream in(answers);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields = SplitFields(line);
    Outcome outcome;
    outcome.ok = fields[0] == "OK";
    if (outcome.ok) {
      outcome.texts.assign(fields.begin() + 1, fields.end());
    } else {
      outcome.error = fields.size() > 1 ? fields[1] : "";
    }
    outcomes.push_back(std::move(outcome));
  }
  std::filesystem::remove(requests);
  std::filesystem::remove(answers);
  EXPECT_EQ(status, 0) << "groovy failed (scripts/ensure-deps.sh installs it): " << command;
  return outcomes;
}

Outcome RunInterpreter(const groovy_gen::Case& c) {
  Outcome outcome;
  try {
    if (c.is_list) {
      outcome.texts = ExpandList(c.expression);
    } else {
      std::vector<std::pair<std::string, Value>> bindings;
      for (const auto& binding : c.bindings) bindings.emplace_back(binding.name, binding.value);
      outcome.texts = {Closure::Compile(c.expression)->Evaluate(bindings)};
    }
    outcome.ok = true;
  } catch (const Error& error) {
    outcome.error = std::string(ErrorCodeName(error.code())) + ": " + error.message();
  }
  return outcome;
}

std::string Describe(const groovy_gen::Case& c, const Outcome& ours, const Outcome& groovy) {
  auto text = [](const Outcome& o) {
    if (!o.ok) return "error " + o.error;
    std::string joined;
    for (const auto& t : o.texts) joined += (joined.empty() ? "[" : ", ") + t;
    return joined + "]";
  };
  std::string bindings;
  for (const auto& b : c.bindings) bindings += " " + b.name + "=" + b.value.ToDisplay();
  return c.expression + "  with" + bindings + "\n    sqlroute: " + text(ours) + "\n    groovy:   " + text(groovy);
}

struct Summary {
  size_t cases = 0, both_ok = 0;
  std::vector<std::string> mismatches;
};

void RunSeed(uint64_t seed, size_t closures, size_t lists, Summary* summary) {
  std::vector<groovy_gen::Case> cases = groovy_gen::Generate(seed, closures, lists);
  std::vector<Outcome> groovy = RunGroovy(cases);
  ASSERT_EQ(groovy.size(), cases.size()) << "groovy answered " << groovy.size() << " of " << cases.size();
  for (size_t i = 0; i < cases.size(); ++i) {
    Outcome ours = RunInterpreter(cases[i]);
    bool same = ours.ok == groovy[i].ok && (!ours.ok || SameTexts(ours.texts, groovy[i].texts));
    if (ours.ok && groovy[i].ok) ++summary->both_ok;
    if (!same) summary->mismatches.push_back("seed " + std::to_string(seed) + ": " + Describe(cases[i], ours, groovy[i]));
  }
  summary->cases += cases.size();
}

void Report(const Summary& summary) {
  std::ostringstream shown;
  for (size_t i = 0; i < summary.mismatches.size() && i < 25; ++i) shown << summary.mismatches[i] << "\n";
  EXPECT_TRUE(summary.mismatches.empty())
      << summary.mismatches.size() << " of " << summary.cases << " cases differ from Groovy:\n" << shown.str();
  // Most cases must evaluate on both sides, or the comparison says little.
  EXPECT_GT(summary.both_ok * 2, summary.cases) << summary.both_ok << " of " << summary.cases << " evaluated";
}

TEST(InlineGroovyDifferential, FixedSeedMatchesGroovy) {
  if (std::getenv("SQLROUTE_GROOVY_SECONDS")) GTEST_SKIP() << "the timed run below replaces it";
  Summary summary;
  RunSeed(20261203, 1200, 300, &summary);
  Report(summary);
}

TEST(InlineGroovyDifferential, TimedRandomSeeds) {
  const char* seconds = std::getenv("SQLROUTE_GROOVY_SECONDS");
  if (!seconds) GTEST_SKIP() << "set SQLROUTE_GROOVY_SECONDS (bash scripts/fuzz.sh groovy SECONDS)";
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(std::atoll(seconds));
  std::random_device device;
  Summary summary;
  while (std::chrono::steady_clock::now() < deadline) {
    uint64_t seed = (static_cast<uint64_t>(device()) << 32) | device();
    RunSeed(seed, 4000, 1000, &summary);
    std::fprintf(stderr, "groovy differential: %zu cases, %zu differ\n", summary.cases, summary.mismatches.size());
  }
  Report(summary);
}

}  // namespace
}  // namespace sqlroute::expr
