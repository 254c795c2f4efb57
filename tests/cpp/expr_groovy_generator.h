#pragma once
// Random inline expressions for the Groovy differential test: algorithm expressions over sharding
// columns of every value kind (Integer, Long, BigInteger, BigDecimal, String, date and datetime
// text) and data-node lists (ranges, lists, nested `${}`). Shaped so that most of them evaluate:
// operands mostly have the types their operators take, exponents stay small.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "sqlroute/value.h"

namespace sqlroute::expr::groovy_gen {

struct Binding {
  std::string name;
  Value value;              // what the interpreter gets
  std::string groovy_kind;  // i l g d s: what tests/groovy/inline_oracle.groovy builds
  std::string groovy_text;
};

struct Case {
  bool is_list = false;
  std::string expression;
  std::vector<Binding> bindings;
};

class Generator {
 public:
  explicit Generator(uint64_t seed) : random_(seed) {}

  Case Closure() {
    Case c;
    c.bindings = Bindings();
    c.expression = Pick({"t_", "ds_", "", "t_order_"});
    if (Chance(3)) {  // no `${`: a constant
      c.expression += "$id";
      return c;
    }
    int parts = Int(1, 3);
    for (int i = 0; i < parts; ++i) {
      if (i > 0) c.expression += Pick({"_", ".", "", "-"});
      c.expression += Chance(8) ? "$->{" : "${";
      c.expression += Any(3) + "}";
    }
    if (Chance(15)) c.expression += "_$" + Pick({"id", "name", "uid"});  // $name interpolation
    return c;
  }

  Case List() {
    Case c;
    c.is_list = true;
    int items = Int(1, 3);
    for (int i = 0; i < items; ++i) {
      if (i > 0) c.expression += Pick({",", ", ", " , "});
      c.expression += ListItem();
    }
    return c;
  }

 private:
  int Int(int low, int high) { return std::uniform_int_distribution<int>(low, high)(random_); }
  bool Chance(int percent) { return Int(1, 100) <= percent; }
  std::string Pick(std::initializer_list<const char*> options) {
    return *(options.begin() + Int(0, static_cast<int>(options.size()) - 1));
  }
  std::string Digits(int count) {
    std::string digits = std::to_string(Int(1, 9));
    while (static_cast<int>(digits.size()) < count) digits += static_cast<char>('0' + Int(0, 9));
    return digits;
  }

  std::vector<Binding> Bindings() {
    std::vector<Binding> result;
    int64_t small = Int(-60, 60);
    int32_t id = Chance(20) ? (Chance(50) ? INT32_MAX : INT32_MIN) : Chance(50) ? static_cast<int32_t>(small)
                                                                                 : static_cast<int32_t>(random_());
    result.push_back({"id", Value::Int(id), "i", std::to_string(id)});
    int64_t uid = Chance(15) ? INT64_MIN + Int(0, 1) : Chance(50) ? small * 1000003 : static_cast<int64_t>(random_());
    result.push_back({"uid", Value::Long(uid), "l", std::to_string(uid)});
    std::string big = (Chance(30) ? "-" : "") + Digits(Int(1, 30));
    result.push_back({"big", Value::BigInt(big), "g", big});
    std::string amount = (Chance(30) ? "-" : "") + (Chance(30) ? "0" : Digits(Int(1, 6)));
    if (Chance(80)) amount += "." + std::to_string(Int(0, 9)) + (Chance(50) ? std::to_string(Int(0, 99)) : "");
    result.push_back({"amount", Value::Decimal(amount), "d", amount});
    std::string name;
    static const char* kPieces[] = {"a", "b", "Z", "9", "_", "-", "x1", "é", "中", " "};
    for (int i = Int(0, 6); i > 0; --i) name += kPieces[Int(0, 9)];
    result.push_back({"name", Value::String(name), "s", name});
    char date[32];
    std::snprintf(date, sizeof date, "%04d-%02d-%02d", Int(1999, 2030), Int(1, 12), Int(1, 28));
    result.push_back({"day", Value::Date(date), "s", date});
    std::string at = std::string(date) + " " + std::to_string(Int(10, 23)) + ":0" + std::to_string(Int(0, 9)) + ":3" +
                     std::to_string(Int(0, 9));
    result.push_back({"at", Value::DateTime(at), "s", at});
    return result;
  }

  std::string Any(int depth) {
    switch (Int(0, 9)) {
      case 0:
      case 1: return Text(depth);
      case 2: return Boolean(depth);
      default: return Numeric(depth);
    }
  }

  std::string NumericLeaf() {
    switch (Int(0, 12)) {
      case 0:
      case 1:
      case 2: return "id";
      case 3:
      case 4: return "uid";
      case 5: return "big";
      case 6: return "amount";
      case 7: return std::to_string(Int(0, 40));
      case 8: return std::to_string(Int(1, 99)) + "L";
      case 9: return std::to_string(Int(1, 99)) + "G";
      case 10: return std::to_string(Int(0, 20)) + "." + std::to_string(Int(0, 99));
      case 11: return std::to_string(Int(0, 9)) + ".5d";
      default: return "(" + Text(1) + ").length()";
    }
  }

  // A numeric expression that reads a column: shifts on constants alone are folded by Groovy's
  // compiler with Java's primitive rules, not NumberMath's.
  std::string IntegralWithColumn(int depth) {
    std::string column = Pick({"id", "uid", "id", "uid", "big"});
    if (depth <= 0 || Chance(50)) return column;
    return "(" + column + " " + Pick({"+", "-", "*", "%", "&", "|", "^"}) + " " + Numeric(depth - 1) + ")";
  }

  std::string Numeric(int depth) {
    if (depth <= 0 || Chance(25)) return NumericLeaf();
    std::string a = Numeric(depth - 1);
    switch (Int(0, 24)) {
      case 0: return a + " + (" + Numeric(depth - 1) + ")";
      case 1: return a + " - (" + Numeric(depth - 1) + ")";
      case 2: return "(" + a + ") * (" + Numeric(depth - 1) + ")";
      case 3: return "(" + a + ") / (" + Numeric(depth - 1) + ")";
      case 4: return "(" + a + ") % " + std::to_string(Int(1, 17));
      case 5: return "(" + a + ") ** " + std::to_string(Int(-2, 5));
      case 6: return "(" + a + ") ** (" + Numeric(0) + " % 4)";
      case 7: return "(" + a + ") " + Pick({"&", "|", "^"}) + " (" + Numeric(depth - 1) + ")";
      case 8: return IntegralWithColumn(depth - 1) + " " + Pick({"<<", ">>", ">>>"}) + " " + Pick({"3", "33", "1L", "2G", "id", "70"});
      case 9: return "~(" + a + ")";
      case 10: return "-(" + a + ")";
      case 11: return "Math.abs(" + a + ")";
      case 12: return "(" + a + ").abs()";
      case 13: return "Math." + Pick({"floorMod", "floorDiv"}) + "(" + a + ", " + Pick({"7", "3L", "5G", "-4", "id"}) + ")";
      case 14: return "Math." + Pick({"max", "min"}) + "(" + a + ", " + Numeric(depth - 1) + ")";
      case 15: return "(" + a + ")." + Pick({"intdiv", "mod"}) + "(" + Pick({"3", "4L", "5G", "-2"}) + ")";
      case 16: return "(" + a + ").hashCode()";
      case 17: return "(" + a + ")." + Pick({"intValue", "longValue", "doubleValue", "toBigInteger", "toBigDecimal"}) + "()";
      case 18: return "(" + Text(depth - 1) + ").hashCode()";
      // A column in a branch: Groovy's compiler widens two constant branches to one primitive type.
      case 19: return "(" + Boolean(depth - 1) + " ? " + Pick({"id", "uid", "big", "amount"}) + " : " + a + ")";
      case 20: return "(id % 3) * (" + a + ")";
      case 21: return "(" + a + ") ** 2 + 1";
      case 22: return "-(" + a + ") ** 2";
      case 23: return IntegralWithColumn(depth - 1) + " << 2 + 1";
      default: return "(" + a + ") " + Pick({"&", "|"}) + " (" + Numeric(depth - 1) + ") ^ " + NumericLeaf();
    }
  }

  std::string TextLeaf() {
    switch (Int(0, 5)) {
      case 0:
      case 1: return "name";
      case 2: return "day";
      case 3: return "at";
      default: return "'" + Pick({"a", "ab", "X_1", "", "2024"}) + "'";
    }
  }

  std::string Text(int depth) {
    if (depth <= 0 || Chance(30)) return TextLeaf();
    std::string a = Text(depth - 1);
    switch (Int(0, 11)) {
      case 0: return a + " + (" + Any(depth - 1) + ")";
      case 1: return "String.valueOf(" + Numeric(depth - 1) + ")";
      case 2: return "(" + Numeric(depth - 1) + ").toString()";
      case 3: return a + ".substring(" + std::to_string(Int(0, 3)) + (Chance(50) ? ", " + std::to_string(Int(3, 6)) : "") + ")";
      case 4: return a + "." + Pick({"padLeft", "padRight"}) + "(" + std::to_string(Int(0, 8)) + ", '" + Pick({"0", "ab"}) + "')";
      case 5: return a + "." + Pick({"toUpperCase", "toLowerCase", "trim"}) + "()";
      case 6: return a + ".replace('" + Pick({"-", "a", ":"}) + "', '" + Pick({"", "_"}) + "')";
      case 7: return "\"" + Pick({"p", ""}) + "${" + Any(depth - 1) + "}\"";
      case 8: return "(" + Boolean(depth - 1) + " ? " + a + " : " + Text(depth - 1) + ")";
      case 9: return "(" + a + " ?: '" + Pick({"none", "z"}) + "')";
      case 10: return a + ".charAt(" + std::to_string(Int(0, 2)) + ")";
      default: return a + " + (" + Numeric(depth - 1) + ") % " + std::to_string(Int(2, 5));
    }
  }

  std::string Boolean(int depth) {
    if (depth <= 0) return Pick({"true", "false", "(id > 0)"});
    switch (Int(0, 7)) {
      case 0: return Numeric(depth - 1) + " " + Pick({"<", "<=", ">", ">=", "==", "!="}) + " " + Numeric(depth - 1);
      case 1: return Text(depth - 1) + " " + Pick({"==", "!=", "<"}) + " " + Text(depth - 1);
      case 2: return "!(" + Boolean(depth - 1) + ")";
      case 3: return "(" + Boolean(depth - 1) + ") " + Pick({"&&", "||", "&", "|", "^"}) + " (" + Boolean(depth - 1) + ")";
      case 4: return Text(depth - 1) + "." + Pick({"startsWith", "endsWith", "contains"}) + "('" + Pick({"a", "2", ""}) + "')";
      case 5: return "(" + Numeric(depth - 1) + ").equals(" + Numeric(0) + ")";
      case 6: return Numeric(depth - 1) + " == " + Numeric(depth - 1) + " | " + Pick({"true", "false"});
      default: return Pick({"true", "false"});
    }
  }

  std::string Placeholder() {
    std::string open = Chance(10) ? "$->{" : "${";
    switch (Int(0, 8)) {
      case 0:
      case 1: return open + std::to_string(Int(0, 3)) + Pick({"..", "..<"}) + std::to_string(Int(0, 12)) + "}";
      case 2: return open + "'" + Pick({"a", "x"}) + "'..'" + Pick({"c", "a", "b"}) + "'}";
      case 3: return open + "['" + Pick({"x", "y"}) + "', '" + Pick({"y", "z", "x"}) + "']}";
      case 4: return open + "[" + std::to_string(Int(0, 9)) + ", " + std::to_string(Int(0, 9)) + " + 1, " + std::to_string(Int(0, 3)) + " ** 2]}";
      case 5: return open + "[\"n${" + std::to_string(Int(0, 9)) + " % 4}\", 'm']}";
      case 6: return open + "(" + std::to_string(Int(0, 9)) + " << 1)..(" + std::to_string(Int(0, 4)) + " | 8)}";
      case 7: return open + std::to_string(Int(0, 30)) + " % " + std::to_string(Int(1, 7)) + "}";
      default: return open + "[" + std::to_string(Int(0, 2)) + ".." + std::to_string(Int(0, 2)) + "]}";
    }
  }

  std::string ListItem() {
    if (Chance(10)) return "ds_" + std::to_string(Int(0, 3)) + ".t_x";
    std::string item = Pick({"ds_", "db", "", "shard_"});
    int placeholders = Int(1, 2);
    for (int i = 0; i < placeholders; ++i) {
      item += Placeholder();
      if (i + 1 < placeholders || Chance(60)) item += Pick({".t_", "_", ".t_order_"});
    }
    return item;
  }

  std::mt19937_64 random_;
};

inline std::vector<Case> Generate(uint64_t seed, size_t closures, size_t lists) {
  Generator generator(seed);
  std::vector<Case> cases;
  for (size_t i = 0; i < closures; ++i) cases.push_back(generator.Closure());
  for (size_t i = 0; i < lists; ++i) cases.push_back(generator.List());
  return cases;
}

}  // namespace sqlroute::expr::groovy_gen
