#pragma once
// Objects that every core reads on each statement (plan cache entries and their statements)
// take whole cache lines: the thread that made one keeps allocating and freeing the
// memory around it, and a line both share would move between the cores on every statement.
#include <cstddef>

namespace sqlroute {

constexpr std::size_t kCacheLine = 64;

}  // namespace sqlroute
