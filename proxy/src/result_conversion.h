#pragma once
// Between the backends' text results and the engine's typed values: the merge compares
// numbers as numbers and strings by collation, so each cell becomes the Value its column type
// says, and merged values are written back as MySQL writes them in text results.
#include <string>
#include <vector>

#include "backend_pool.h"
#include "binary_values.h"
#include "sqlroute/merge.h"
#include "sqlroute/value.h"

namespace sqlroute::proxy {

Value CellToValue(const ColumnInfo& column, const Cell& cell);
Cell ValueToCell(const Value& value);
ResultSet ToResultSet(BackendResult&& result);
// The merged result's column definitions: the first unit's, cut to the merged `labels` and
// renamed; COUNT/SUM/AVG DISTINCT, whose units returned the distinct values, take the type MySQL
// gives the aggregate (BIGINT; DECIMAL, or DOUBLE over approximate values).
std::vector<ColumnInfo> MergedColumns(std::vector<ColumnInfo> unit_columns, const std::vector<std::string>& labels,
                                      const MergeInstructions& merge);
// A client parameter of COM_STMT_EXECUTE as the engine's value.
Value ParamToValue(const BinaryParam& param);
// `sql` with each `?` outside quotes, comments and backticks replaced by its parameter's
// literal: what a JDBC client-side prepared statement sends.
std::string InlineParams(const std::string& sql, const std::vector<Value>& params);
// The number of `?` placeholders of `sql`, counted as InlineParams replaces them.
std::size_t CountPlaceholders(const std::string& sql);

}  // namespace sqlroute::proxy
