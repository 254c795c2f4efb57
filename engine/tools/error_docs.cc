// Writes docs/errors.md from the error catalogue (errors.def, error_messages.def).
//   sqlroute_error_docs <file>          writes the page
//   sqlroute_error_docs --check <file>  exits 1 when <file> differs from the catalogue
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "sqlroute/error_text.h"

namespace {

using sqlroute::ErrorCode;
using sqlroute::kMessages;
using sqlroute::MessageEntry;

constexpr ErrorCode kCodes[] = {
#define SQLROUTE_ERROR(name, category, ss_code) ErrorCode::name,
#include "sqlroute/errors.def"
#undef SQLROUTE_ERROR
};

struct PythonBuiltin {
  ErrorCode code;
  const char* builtin;
};

constexpr PythonBuiltin kPythonBuiltins[] = {
#define SQLROUTE_PYTHON_BUILTIN(name, builtin) {ErrorCode::name, #builtin},
#include "sqlroute/error_python.def"
#undef SQLROUTE_PYTHON_BUILTIN
};

void WritePythonBuiltin(std::ostream& out, ErrorCode code) {
  for (const PythonBuiltin& each : kPythonBuiltins) {
    if (each.code == code) out << "Python: also a `" << each.builtin << "`\n\n";
  }
}

void WriteMessages(std::ostream& out, ErrorCode code) {
  out << "```text\n";
  for (const MessageEntry& entry : kMessages) {
    if (!entry.prefix && entry.code == code) out << entry.format << "\n";
  }
  out << "```\n";
}

std::string Page() {
  std::ostringstream out;
  out << "# Errors\n\n"
         "Generated from the error catalogue (`engine/include/sqlroute/errors.def` and `error_messages.def`) by\n"
         "`engine/tools/error_docs.cc`; `cmake --build build --target errors_doc` rewrites this page and the\n"
         "ctest test `ErrorsDoc.MatchesCatalogue` checks it. Every error carries its code, the code's category\n"
         "(the Python exception class) and the ShardingSphere code where one exists. In the messages, `{name}`\n"
         "is an argument and `{{`/`}}` stand for literal braces.\n\n"
         "In Python, bad arguments to the API (parameters, hints, rules, metadata and options given as Python\n"
         "values) raise these errors too, with their code and message from the catalogue; the codes marked\n"
         "\"Python: also a `ValueError`\" (or `TypeError`, `error_python.def`) have a class that also derives from\n"
         "that builtin, so code catching what Python's own argument checks raise keeps working. A misuse of the API\n"
         "itself (a factory that is not callable, a session of another type, decrypting a plan no engine routed) is\n"
         "a plain `TypeError` / `ValueError`, as Python's own programming errors are.\n";
  std::string_view category;
  for (ErrorCode code : kCodes) {
    std::string_view name = sqlroute::CategoryName(sqlroute::CategoryOf(code));
    if (name != category) out << "\n## " << name << "\n";
    category = name;
    out << "\n### " << sqlroute::ErrorCodeName(code) << "\n\n";
    int ss_code = sqlroute::ShardingSphereCode(code);
    out << "ShardingSphere code: " << (ss_code ? std::to_string(ss_code) : std::string("none")) << "\n\n";
    WritePythonBuiltin(out, code);
    WriteMessages(out, code);
  }
  out << "\n## Prefixes\n\nContext put before the message of an error that keeps its own code.\n\n```text\n";
  for (const MessageEntry& entry : kMessages) {
    if (entry.prefix) out << entry.format << "\n";
  }
  out << "```\n";
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  bool check = argc == 3 && std::string(argv[1]) == "--check";
  if (argc != 2 && !check) {
    std::cerr << "usage: sqlroute_error_docs [--check] <docs/errors.md>\n";
    return 2;
  }
  std::string path = argv[argc - 1];
  if (check) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    if (text.str() == Page()) return 0;
    std::cerr << path << " differs from the error catalogue; run `cmake --build build --target errors_doc`\n";
    return 1;
  }
  std::ofstream(path) << Page();
  return 0;
}
