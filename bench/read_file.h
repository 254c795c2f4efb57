#pragma once
// The whole text of a file (empty when it cannot be read), for the benchmarks' rule files.
#include <fstream>
#include <sstream>
#include <string>

namespace sqlroute::bench {

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace sqlroute::bench
