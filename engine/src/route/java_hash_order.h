#pragma once
// The order in which Java's HashMap / HashSet iterate String keys: by bucket (the spread
// String.hashCode masked by the table size), and within a bucket by insertion. ShardingSphere
// iterates such maps where the order reaches the SQL units (ShardingCartesianRouteEngine).
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace sqlroute::route {

// java.lang.String#hashCode of a UTF-8 text (over its UTF-16 code units).
int32_t JavaStringHash(std::string_view utf8);

// HashMap#hash: the hash code with its high half folded into the low half.
uint32_t JavaSpreadHash(std::string_view utf8);

// The table size of `new HashMap<>(initial_capacity, 1F)` once `entries` keys were put
// (tableSizeFor, doubled whenever the size exceeds it).
std::size_t JavaTableSizeLoadOne(std::size_t initial_capacity, std::size_t entries);

// The table size of `new HashSet<>()` (16, load factor 0.75) once `entries` keys were added.
std::size_t JavaDefaultTableSize(std::size_t entries);

}  // namespace sqlroute::route
