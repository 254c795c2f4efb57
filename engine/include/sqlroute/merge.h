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

// A merge fed with the units' rows as they arrive, for a caller that must not block on a unit (a
// proxy reading its backends on an I/O thread): MergeStreams' stages, each of which stops where a
// unit has no row yet and goes on once it has one. It holds the rows pushed and not yet merged,
// and what the stages hold (the comment at the top of this file).
class MergeFeed {
 public:
  enum class Step {
    Row,   // `row` holds the next merged row
    Wait,  // the units that waits_on() names need their next row or their end first
    End,   // the merged rows are complete: every unit ended, or LIMIT is reached and the units'
           // remaining rows are not needed
  };
  // `unit_columns`: each unit's column labels. Throws as MergeStreams does.
  MergeFeed(const MergeInstructions& instructions, const std::vector<std::vector<std::string>>& unit_columns,
            const MergeOptions& options = {});
  ~MergeFeed();
  MergeFeed(MergeFeed&&) noexcept;
  MergeFeed& operator=(MergeFeed&&) noexcept;

  const std::vector<std::string>& columns() const;
  Step Next(Row& row);
  // Whether the last Wait was for this unit's row.
  bool waits_on(std::size_t unit) const;
  // A unit's next row (MERGE_ROW_LENGTH when it does not fit the unit's columns), or its end.
  void Push(std::size_t unit, Row row);
  void End(std::size_t unit);

 private:
  struct Pipeline;
  std::unique_ptr<Pipeline> pipeline_;
};

// Merges results already in memory.
ResultSet Merge(const MergeInstructions& instructions, std::vector<ResultSet> units,
                const MergeOptions& options = {});

// MySQL's ordering of two values under `collation`: NULL first, numbers by value whatever
// their kind, strings by collation. <0, 0 or >0.
int CompareForMerge(const Value& a, const Value& b, Collation collation);

}  // namespace sqlroute
