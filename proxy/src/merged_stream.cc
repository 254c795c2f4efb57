#include "merged_stream.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <optional>
#include <stdexcept>

#include "backend_packets.h"
#include "result_conversion.h"
#include "sqlroute/merge.h"
#include "statement_run.h"

namespace sqlroute::proxy {

namespace {

// One unit's rows as the merge pulls them: what was read ahead, then the end.
class UnitRows final : public RowSource {
 public:
  explicit UnitRows(const std::vector<ColumnInfo>& columns) : columns_(columns) {
    for (const ColumnInfo& column : columns) labels_.push_back(column.name);
  }
  const std::vector<std::string>& columns() const override { return labels_; }
  bool Next(Row& row) override {
    if (ahead_.empty()) {
      // The stream reads a row ahead for each row the merge takes: more is a bug, never a short result.
      if (!ended_) throw std::logic_error("the merge read past the rows read ahead");
      return false;
    }
    row = std::move(ahead_.front());
    ahead_.pop_front();
    return true;
  }
  bool dry() const { return ahead_.empty() && !ended_; }
  bool ended() const { return ended_; }
  void End() { ended_ = true; }
  void Drop() { ahead_.clear(); }
  void Add(std::string_view text_row) {
    DecodeTextRow(text_row, cells_);
    Row& row = ahead_.emplace_back();
    row.reserve(cells_.size());
    for (std::size_t i = 0; i < cells_.size(); ++i) row.push_back(CellToValue(columns_[i], cells_[i]));
  }

 private:
  std::vector<ColumnInfo> columns_;
  std::vector<std::string> labels_;
  std::deque<Row> ahead_;
  std::vector<Cell> cells_;
  bool ended_ = false;
};

class MergedStream : public std::enable_shared_from_this<MergedStream> {
 public:
  MergedStream(const Plan& plan, std::shared_ptr<const RuleSet> rules, std::vector<BackendConnection*> connections,
               RowSink& sink, StatementDone done)
      : plan_(plan), rules_(std::move(rules)), connections_(std::move(connections)), sink_(sink),
        done_(std::move(done)), results_(connections_.size()), reads_(connections_.size()) {}

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
    std::vector<std::unique_ptr<RowSource>> sources;
    for (std::size_t i = 0; i < connections_.size(); ++i) {
      if (!results_[i].has_rows) {
        Answer(StatementResult::Failure(1105, "HY000", "a unit of a merged query returned no result set"));
        return;
      }
      auto source = std::make_unique<UnitRows>(connections_[i]->streamed_columns());
      units_.push_back(source.get());
      sources.push_back(std::move(source));
    }
    sources_ = std::move(sources);  // the merge starts once every unit has read its first row
    Pump();
  }

  // Reads ahead for every dry unit; true when none is left waiting on its socket.
  bool ReadAhead() {
    reading_ = true;
    for (std::size_t i = 0; i < units_.size(); ++i) {
      if (!units_[i]->dry()) continue;
      ++pending_;
      connections_[i]->FetchRow(reads_[i].row, reads_[i].more, [self = shared_from_this(), i](std::optional<BackendError> error) {
        self->Read(i, std::move(error));
      });
    }
    reading_ = false;
    return pending_ == 0;
  }

  void Read(std::size_t i, std::optional<BackendError> error) {
    if (error) {
      if (!failure_) failure_ = FromBackendError(*error);
      units_[i]->End();
    } else if (!reads_[i].more) {
      units_[i]->End();
    } else if (!draining_) {
      try {
        units_[i]->Add(reads_[i].row);
      } catch (const Error& invalid) {  // a value the merge cannot read
        if (!failure_) failure_ = FromEngineError(invalid);
      }
    }
    if (--pending_ == 0 && !reading_) Pump();
  }

  // Merged rows to the sink while every unit has its next row; otherwise waits for the reads.
  void Pump() {
    while (true) {
      if (Failed() || !ReadAhead() || Failed()) return;
      if (draining_) {
        if (std::all_of(units_.begin(), units_.end(), [](const UnitRows* unit) { return unit->ended(); })) {
          Finish();
          return;
        }
        continue;
      }
      try {
        if (!merged_) {
          StartMerge();  // it takes each unit's first row: the units read ahead again first
          continue;
        }
        if ((left_ && *left_ <= 0) || !merged_->Next(row_)) {
          // LIMIT reached, or every unit ended: what is left is read and dropped, so that the
          // connections go back to their pools.
          draining_ = true;
          for (UnitRows* unit : units_) unit->Drop();
          continue;
        }
        if (skip_ > 0) {
          --skip_;
          continue;
        }
        if (left_) --*left_;
        if (!plan_.merge.decrypt.empty()) rules_->DecryptRow(plan_.merge.decrypt, merged_->columns(), row_);
      } catch (const Error& error) {
        Answer(FromEngineError(error));
        return;
      } catch (const std::logic_error& error) {
        Answer(StatementResult::Failure(1105, "HY000", error.what()));
        return;
      }
      cells_.clear();
      for (const Value& value : row_) cells_.push_back(ValueToCell(value));
      sink_.Row(columns_, EncodeTextRow(cells_));
      if (sink_.Full()) {
        sink_.Flush([self = shared_from_this()](bool written) {
          if (!written) {
            self->Answer(StatementResult::Failure(1105, "HY000", "the client went away"));
            return;
          }
          self->Pump();
        });
        return;
      }
    }
  }

  // Answers the first failure (a drain ignores them: the rows are complete).
  bool Failed() {
    if (!failure_ || draining_) return false;
    Answer(std::move(*failure_));
    return true;
  }

  void StartMerge() {
    // LIMIT is counted here: the merge's own would skip the offset in one pull after the other,
    // past the row each unit has read ahead.
    MergeInstructions sorting = plan_.merge;
    sorting.offset.reset();
    sorting.row_count.reset();
    skip_ = std::max<std::int64_t>(plan_.merge.offset.value_or(0), 0);
    left_ = plan_.merge.row_count;
    merged_ = MergeStreams(sorting, std::move(sources_));
    columns_ = connections_.front()->streamed_columns();
    const std::vector<std::string>& labels = merged_->columns();
    columns_.resize(std::min(columns_.size(), labels.size()));
    for (std::size_t i = 0; i < columns_.size(); ++i) columns_[i].name = labels[i];
    sink_.Columns(columns_);
  }

  void Finish() {
    StatementResult end;
    end.kind = StatementResult::Kind::Streamed;
    for (BackendConnection* connection : connections_) {
      end.ok.warnings = static_cast<std::uint16_t>(end.ok.warnings + connection->warning_count());
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
  std::vector<UnitRows*> units_;
  std::vector<std::unique_ptr<RowSource>> sources_;
  std::unique_ptr<RowSource> merged_;
  std::vector<ColumnInfo> columns_;
  std::optional<StatementResult> failure_;  // the first error of a unit or of its values
  Row row_;
  std::vector<Cell> cells_;
  std::int64_t skip_ = 0;               // offset rows still to drop
  std::optional<std::int64_t> left_;    // rows the LIMIT still lets through
  std::size_t pending_ = 0;
  bool reading_ = false;
  bool draining_ = false;
};

}  // namespace

bool StreamsMerged(const Plan& plan, bool unit_per_connection) {
  const MergeInstructions& merge = plan.merge;
  return plan.statement_kind == "SELECT" && plan.units.size() > 1 && unit_per_connection &&
         merge.required && !merge.order_by.empty() && merge.group_by.empty() && merge.aggregations.empty() &&
         !merge.distinct && !merge.having && !merge.rollup;
}

void RunMergedStream(const Plan& plan, std::shared_ptr<const RuleSet> rules,
                     std::vector<BackendConnection*> connections, const std::vector<std::string>& unit_sql,
                     RowSink& sink, StatementDone done) {
  std::make_shared<MergedStream>(plan, std::move(rules), std::move(connections), sink, std::move(done))->Start(unit_sql);
}

}  // namespace sqlroute::proxy
