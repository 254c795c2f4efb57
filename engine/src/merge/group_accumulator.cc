#include "merge/group_accumulator.h"

#include <cstdint>
#include <limits>

#include "merge/merge_numbers.h"
#include "sqlroute/error_text.h"

namespace sqlroute::merge {
namespace {

[[noreturn]] void NotANumber(const Value& value, const char* aggregate) {
  throw Error(Message<msg::AggregateNonNumeric>(arg::aggregate = aggregate, arg::value = value.ToDisplay()));
}

Value IntegerValue(const expr::BigInteger& number) {
  if (number.FitsInt64()) return Value::Long(number.LongValue());
  return Value::BigInt(number.ToString());
}

uint64_t Bits(const Value& value) {
  if (value.kind() == Value::Kind::Double) return static_cast<uint64_t>(static_cast<int64_t>(value.double_value()));
  auto exact = ExactNumber(value);
  if (!exact) NotANumber(value, "BIT_XOR");
  return static_cast<uint64_t>(exact->ToBigInteger().LongValue());
}

// GROUP_CONCAT(DISTINCT ...) items of one unit's partial result.
std::vector<std::string> Items(const std::string& text, const std::string& separator) {
  std::vector<std::string> result;
  std::size_t start = 0;
  for (std::size_t at; !separator.empty() && (at = text.find(separator, start)) != std::string::npos;
       start = at + separator.size()) {
    result.push_back(text.substr(start, at - start));
  }
  result.push_back(text.substr(start));
  return result;
}

}  // namespace

void NumericSum::Add(const Value& part, const char* aggregate) {
  if (part.is_null()) return;
  if (part.kind() == Value::Kind::Double || is_double_) {
    auto number = ApproximateNumber(part);
    if (!number) NotANumber(part, aggregate);
    double_ = (is_double_ ? double_ : exact_.DoubleValue()) + *number;
    is_double_ = true;
  } else {
    auto number = ExactNumber(part);
    if (!number) NotANumber(part, aggregate);
    exact_ = any_ ? expr::Add(exact_, *number) : *number;
  }
  any_ = true;
}

Value NumericSum::Result() const {
  if (!any_) return Value::Null();
  return is_double_ ? Value::Double(double_) : DecimalValue(exact_);
}

GroupAccumulator::GroupAccumulator(const MergeLayout& layout, Collation collation)
    : layout_(&layout), collation_(collation) {
  states_.reserve(layout.aggregations.size());
  for (std::size_t i = 0; i < layout.aggregations.size(); ++i) states_.emplace_back(collation);
}

void GroupAccumulator::Add(const Row& row) {
  if (first_.empty()) first_ = row;
  for (std::size_t i = 0; i < layout_->aggregations.size(); ++i) {
    const BoundAggregation& aggregation = layout_->aggregations[i];
    if (aggregation.type == AggregationType::Avg && !aggregation.distinct) {
      states_[i].count.Add(row[aggregation.avg_count], "AVG");
      states_[i].sum.Add(row[aggregation.avg_sum], "AVG");
    } else {
      Fold(aggregation, states_[i], row[aggregation.index]);
    }
  }
}

void GroupAccumulator::Fold(const BoundAggregation& aggregation, State& state, const Value& value) const {
  if (value.is_null()) return;
  switch (aggregation.type) {
    case AggregationType::Count:
    case AggregationType::Sum: {
      const char* name = aggregation.type == AggregationType::Count ? "COUNT" : "SUM";
      if (!aggregation.distinct) {
        state.sum.Add(value, name);
      } else if (state.seen.insert(value).second) {
        state.sum.Add(aggregation.type == AggregationType::Count ? Value::Int(1) : value, name);
      }
      return;
    }
    case AggregationType::Min:
    case AggregationType::Max: {
      int order = state.best ? CompareForMerge(value, *state.best, collation_) : 0;
      bool better = aggregation.type == AggregationType::Min ? order < 0 : order > 0;
      if (!state.best || better) state.best = value;
      return;
    }
    case AggregationType::BitXor: state.bits ^= Bits(value); return;
    case AggregationType::GroupConcat: {
      state.bytes = value.kind() == Value::Kind::Bytes;
      std::string part = value.kind() == Value::Kind::String || state.bytes ? value.text() : value.ToJavaString();
      std::vector<std::string> items = aggregation.distinct ? Items(part, aggregation.separator)
                                                            : std::vector<std::string>{part};
      for (std::string& item : items) {
        if (aggregation.distinct && !state.seen.insert(Value::String(item)).second) continue;
        state.text = state.text ? *state.text + aggregation.separator + item : item;
      }
      return;
    }
    case AggregationType::Avg:  // AVG(DISTINCT x): the units' distinct values of x
      if (state.seen.insert(value).second) {
        state.sum.Add(value, "AVG");
        state.count.Add(Value::Int(1), "AVG");
      }
      return;
  }
}

Value GroupAccumulator::Result(const BoundAggregation& aggregation, const State& state) const {
  switch (aggregation.type) {
    case AggregationType::Count:
      return state.sum.empty() ? Value::Long(0) : IntegerValue(state.sum.exact().ToBigInteger());
    case AggregationType::Sum: return state.sum.Result();
    case AggregationType::Min:
    case AggregationType::Max: return state.best.value_or(Value::Null());
    case AggregationType::BitXor:
      return state.bits <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max())
                 ? Value::Long(static_cast<int64_t>(state.bits))
                 : Value::BigInt(std::to_string(state.bits));
    case AggregationType::GroupConcat:
      if (!state.text) return Value::Null();
      return state.bytes ? Value::Bytes(*state.text) : Value::String(*state.text);
    case AggregationType::Avg: {
      if (state.count.empty() || state.sum.empty() || state.count.as_double() == 0) return Value::Null();
      if (state.sum.is_double() || state.count.is_double()) {
        return Value::Double(state.sum.as_double() / state.count.as_double());
      }
      expr::BigInteger count = state.count.exact().ToBigInteger();
      return DecimalValue(DivideRounded(state.sum.exact(), count, state.sum.exact().scale + 4));
    }
  }
  return Value::Null();
}

Row GroupAccumulator::Finish() const {
  Row row = first_.empty() ? Row(layout_->columns.size()) : first_;
  for (std::size_t i = 0; i < layout_->aggregations.size(); ++i) {
    const BoundAggregation& aggregation = layout_->aggregations[i];
    row[aggregation.index] = Result(aggregation, states_[i]);
  }
  return row;
}

}  // namespace sqlroute::merge
