#pragma once
// Walks a Program's AST with variables bound. Stateless apart from its inputs, so one
// Program can be evaluated from many threads at once.
#include <string>
#include <utility>
#include <vector>

#include "expr/program.h"
#include "sqlroute/value.h"

namespace sqlroute::expr {

using Bindings = std::vector<std::pair<std::string, Value>>;

class Evaluator {
 public:
  // `bindings` may be null when no variable is bound (data-node lists).
  Evaluator(const Program& program, const Bindings* bindings) : program_(program), bindings_(bindings) {}

  JValue Evaluate(int32_t node) const;
  // Appends the text of a Template node (a GString) without building an intermediate value.
  void AppendTemplate(int32_t node, std::string* out) const;
  // The texts of a Range node's elements, without building the list of values.
  std::vector<std::string> RangeTexts(int32_t node) const;

 private:
  struct RangeBounds {
    int64_t first = 0, step = 1;
    uint64_t size = 0;
    bool characters = false;  // 'a'..'c' yields strings
    bool ints = false;        // Integer endpoints yield Integers, else Longs
    JValue from, to;
  };
  RangeBounds Bounds(const Node& node) const;
  JValue Variable(const Node& node) const;
  JValue Range(const Node& node) const;
  JValue Call(const Node& node) const;

  const Program& program_;
  const Bindings* bindings_;
};

}  // namespace sqlroute::expr
