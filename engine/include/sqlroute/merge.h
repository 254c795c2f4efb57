#pragma once
// The merge engine: combines the results of a plan's units into the one result an unsharded
// MySQL database would return, following the plan's MergeInstructions.
//
// Streaming: plain iteration, ORDER BY, GROUP BY whose ORDER BY is the GROUP BY (the rewrite
// adds it when the statement has none), GROUP BY ... WITH ROLLUP (one group per level), HAVING
// and aggregates without GROUP BY keep one row per unit (or one group) in memory. These paths
// buffer: GROUP BY with a different ORDER BY (every group), SELECT DISTINCT (the distinct rows
// seen so far), COUNT/SUM/AVG DISTINCT (the distinct values of the current group).
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sqlroute/plan.h"
#include "sqlroute/value.h"

namespace sqlroute {

using Row = std::vector<Value>;

// One result: column labels and rows.
struct ResultSet {
  std::vector<std::string> columns;
  std::vector<Row> rows;
};

// A result read one row at a time: a unit's result as it arrives, or the merged result.
class RowSource {
 public:
  virtual ~RowSource() = default;
  virtual const std::vector<std::string>& columns() const = 0;
  // Reads the next row into `row`; false once the rows are exhausted.
  virtual bool Next(Row& row) = 0;
};

// A RowSource over rows already in memory.
class ResultSetSource final : public RowSource {
 public:
  explicit ResultSetSource(ResultSet result) : result_(std::move(result)) {}
  const std::vector<std::string>& columns() const override { return result_.columns; }
  bool Next(Row& row) override;

 private:
  ResultSet result_;
  std::size_t next_ = 0;
};

// How strings compare when ordering, grouping and de-duplicating.
enum class Collation {
  Binary,     // byte by byte (BINARY, VARBINARY, *_bin without padding)
  GeneralCi,  // like utf8mb4_general_ci: case- and accent-insensitive, trailing spaces ignored
};

// Rewrites one value of the logical result, e.g. decrypts an encrypted column. `column` is
// the 0-based position in the logical result (derived columns already hidden).
using ValueTransform = std::function<Value(std::size_t column, const Value& value)>;

struct MergeOptions {
  Collation collation = Collation::GeneralCi;
  ValueTransform transform;  // none when empty
};

// Merges the units' results, consuming the sources lazily. Throws sqlroute::Error
// (MERGE_COLUMNS_MISMATCH, MERGE_COLUMN_NOT_FOUND, MERGE_VALUE_INVALID, MERGE_ROW_LENGTH: a
// row with more or fewer values than its unit's columns) when the results do not fit the
// instructions.
std::unique_ptr<RowSource> MergeStreams(const MergeInstructions& instructions,
                                        std::vector<std::unique_ptr<RowSource>> units,
                                        const MergeOptions& options = {});

// Merges results already in memory.
ResultSet Merge(const MergeInstructions& instructions, std::vector<ResultSet> units,
                const MergeOptions& options = {});

// MySQL's ordering of two values under `collation`: NULL first, numbers by value whatever
// their kind, strings by collation. <0, 0 or >0.
int CompareForMerge(const Value& a, const Value& b, Collation collation);

}  // namespace sqlroute
