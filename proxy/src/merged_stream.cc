#include "merged_stream.h"

#include <algorithm>
#include <cstdint>
#include <optional>

#include "backend_packets.h"
#include "result_conversion.h"
#include "sqlroute/merge.h"
#include "statement_run.h"
#include "sqlroute/error_text.h"

namespace sqlroute::proxy {

namespace {

class MergedStream : public std::enable_shared_from_this<MergedStream> {
 public:
  MergedStream(const Plan& plan, std::shared_ptr<const RuleSet> rules, std::vector<BackendConnection*> connections,
               RowSink& sink, StatementDone done)
      : plan_(plan), rules_(std::move(rules)), connections_(std::move(connections)), sink_(sink),
        done_(std::move(done)), results_(connections_.size()), reads_(connections_.size()),
        ended_(connections_.size(), false) {}

  void Start(const std::vector<std::string>& unit_sql) {
    pending_ = connections_.size();
    for (std::size_t i = 0; i < connections_.size(); ++i) {
      connections_[i]->Query(unit_sql[i], results_[i], [self = shared_from_this()](std::optional<BackendError> error) {
        if (error && !self->failure_) self->failure_ = FromBackendError(*error);
        if (--self->pending_ == 0) self->Started();
      });
    }
  }

 private:
  void Started() {
    if (failure_) {
      Answer(std::move(*failure_));
      return;
    }
    std::size_t with_rows = 0;
    for (const BackendResult& result : results_) with_rows += result.has_rows ? 1 : 0;
    if (with_rows == 0) {  // SELECT ... INTO: an update count
      Finish(StatementResult::Kind::Ok);
      return;
    }
    if (with_rows != results_.size()) {
      Answer(StatementResult::Failure(1105, "HY000", Message<msg::MergedUnitWithoutRows>().message));
      return;
    }
    std::vector<std::vector<std::string>> labels;
    for (BackendConnection* connection : connections_) {
      std::vector<std::string>& unit = labels.emplace_back();
      for (const ColumnInfo& column : connection->streamed_columns()) unit.push_back(column.name);
    }
    try {
      feed_.emplace(plan_.merge, labels);
    } catch (const Error& error) {
      Answer(FromEngineError(error));
      return;
    }
    columns_ = MergedColumns(connections_.front()->streamed_columns(), feed_->columns(), plan_.merge);
    sink_.Columns(columns_);
    Pump();
  }

  // Merged rows to the sink until the merge waits on a unit (its reads call Pump again), the
  // sink is full (its flush does) or the rows are complete.
  void Pump() {
    while (!Failed()) {
      if (draining_) {
        if (std::all_of(ended_.begin(), ended_.end(), [](bool ended) { return ended; })) {
          Finish(StatementResult::Kind::Streamed);
          return;
        }
        if (!ReadUnits([this](std::size_t i) { return !ended_[i]; })) return;
        continue;
      }
      MergeFeed::Step step;
      try {
        step = feed_->Next(row_);
        if (step == MergeFeed::Step::Row && !plan_.merge.decrypt.empty()) {
          rules_->DecryptRow(plan_.merge.decrypt, feed_->columns(), row_);
        }
      } catch (const Error& error) {
        Answer(FromEngineError(error));
        return;
      }
      if (step == MergeFeed::Step::Wait) {
        if (!ReadUnits([this](std::size_t i) { return feed_->waits_on(i); })) return;
        continue;
      }
      if (step == MergeFeed::Step::End) {
        // Every unit ended, or LIMIT was reached: what is left is read and dropped, so that the
        // connections go back to their pools.
        draining_ = true;
        continue;
      }
      cells_.clear();
      for (const Value& value : row_) cells_.push_back(ValueToCell(value));
      sink_.Row(columns_, EncodeTextRow(cells_));
      if (sink_.Full()) {
        sink_.Flush([self = shared_from_this()](bool written) {
          if (!written) {
            self->Answer(StatementResult::Failure(1105, "HY000", Message<msg::ClientWentAway>().message));
            return;
          }
          self->Pump();
        });
        return;
      }
    }
  }

  // Reads the next row of every unit `wanted` names; true when every read is done already
  // (rows the connection had buffered), false when Read will call Pump once they are.
  template <typename Wanted>
  bool ReadUnits(Wanted wanted) {
    reading_ = true;
    bool any = false;
    for (std::size_t i = 0; i < connections_.size(); ++i) {
      if (!wanted(i)) continue;
      any = true;
      ++pending_;
      connections_[i]->FetchRow(reads_[i].row, reads_[i].more, [self = shared_from_this(), i](std::optional<BackendError> error) {
        self->Read(i, std::move(error));
      });
    }
    reading_ = false;
    if (!any && !failure_) {  // a merge waiting on no unit would wait forever
      failure_ = StatementResult::Failure(1105, "HY000", Message<msg::MergeWaitsOnNoUnit>().message);
    }
    return pending_ == 0;
  }

  void Read(std::size_t i, std::optional<BackendError> error) {
    if (error || !reads_[i].more) {
      if (error && !failure_) failure_ = FromBackendError(*error);
      ended_[i] = true;
      if (!draining_) feed_->End(i);
    } else if (!draining_) {
      try {
        feed_->Push(i, Decode(i, reads_[i].row));
      } catch (const Error& invalid) {  // a value the merge cannot read, or a row unlike its columns
        if (!failure_) failure_ = FromEngineError(invalid);
      }
    }
    if (--pending_ == 0 && !reading_) Pump();
  }

  // A text row that fits its columns (FetchRow checks it) as the merge's values.
  Row Decode(std::size_t unit, std::string_view text_row) {
    const std::vector<ColumnInfo>& columns = connections_[unit]->streamed_columns();
    DecodeTextRow(text_row, decoded_);
    Row row;
    row.reserve(decoded_.size());
    for (std::size_t i = 0; i < decoded_.size(); ++i) row.push_back(CellToValue(columns[i], decoded_[i]));
    return row;
  }

  // Answers the first failure (a drain ignores them: the rows are complete).
  bool Failed() {
    if (!failure_ || draining_) return false;
    Answer(std::move(*failure_));
    return true;
  }

  void Finish(StatementResult::Kind kind) {
    StatementResult end;
    end.kind = kind;
    for (std::size_t i = 0; i < connections_.size(); ++i) {
      std::uint16_t warnings = kind == StatementResult::Kind::Ok ? results_[i].warnings : connections_[i]->warning_count();
      end.ok.warnings = static_cast<std::uint16_t>(end.ok.warnings + warnings);
      end.ok.affected_rows += results_[i].affected_rows;
    }
    Answer(std::move(end));
  }

  void Answer(StatementResult result) {
    if (!done_) return;
    StatementDone done = std::move(done_);
    done_ = nullptr;
    done(std::move(result));
  }

  const Plan& plan_;
  std::shared_ptr<const RuleSet> rules_;
  std::vector<BackendConnection*> connections_;
  RowSink& sink_;
  StatementDone done_;
  std::vector<BackendResult> results_;
  struct Fetch {  // where a unit's FetchRow leaves its row
    std::string_view row;
    bool more = false;
  };
  std::vector<Fetch> reads_;
  std::vector<bool> ended_;
  std::optional<MergeFeed> feed_;
  std::vector<ColumnInfo> columns_;
  std::optional<StatementResult> failure_;  // the first error of a unit or of its values
  Row row_;
  std::vector<Cell> cells_;
  std::vector<Cell> decoded_;
  std::size_t pending_ = 0;
  bool reading_ = false;
  bool draining_ = false;
};

}  // namespace

bool StreamsMerged(const Plan& plan, bool unit_per_connection) {
  return plan.statement_kind == "SELECT" && !plan.units.empty() && unit_per_connection;
}

void RunMergedStream(const Plan& plan, std::shared_ptr<const RuleSet> rules,
                     std::vector<BackendConnection*> connections, const std::vector<std::string>& unit_sql,
                     RowSink& sink, StatementDone done) {
  std::make_shared<MergedStream>(plan, std::move(rules), std::move(connections), sink, std::move(done))->Start(unit_sql);
}

}  // namespace sqlroute::proxy
