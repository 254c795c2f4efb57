#pragma once
// A compiled inline expression: a flat AST over the source text. Immutable once parsed.
#include <cstdint>
#include <string>
#include <vector>

#include "expr/arithmetic.h"
#include "expr/jvalue.h"
#include "expr/methods.h"

namespace sqlroute::expr {

enum class NodeKind : uint8_t {
  Constant,  // constants[a]
  Variable,  // names[a]
  Negate,    // -a
  Not,       // !a
  BitNot,    // ~a
  Binary,    // a op b
  And,       // a && b
  Or,        // a || b
  Ternary,   // a ? b : c
  Elvis,     // a ?: b
  Template,  // GString: parts children[first, first + count)
  List,      // [items]
  Range,     // a..b, or a..<b when `flag`
  Call,      // receiver a (or none for static methods), arguments in children; `flag` = `?.`
};

struct Node {
  NodeKind kind = NodeKind::Constant;
  BinaryOp op = BinaryOp::Add;
  bool flag = false;
  uint32_t position = 0;  // byte offset in the source, for messages
  int32_t a = -1, b = -1, c = -1;
  uint32_t first = 0, count = 0;
  const MethodInfo* method = nullptr;
};

struct Program {
  std::string source;
  std::vector<Node> nodes;
  std::vector<int32_t> children;
  std::vector<JValue> constants;
  std::vector<std::string> names;  // free variables in first-use order
};

}  // namespace sqlroute::expr
