#pragma once
// Every field of a Plan as text, so that two plans compare whole (with a readable difference).
#include <string>

#include "sqlroute/plan.h"

namespace sqlroute::testing_support {

inline std::string ColumnText(const MergeColumn& column) {
  return column.label + "#" + std::to_string(column.index);
}

inline std::string ValuesText(const std::vector<Value>& values) {
  std::string out = "[";
  for (const auto& value : values) out += std::string(Value::KindName(value.kind())) + ":" + value.ToDisplay() + ",";
  return out + "]";
}

inline std::string ExprText(const MergeExpr& expr) {
  std::string out = std::to_string(static_cast<int>(expr.kind)) + "(" + expr.op + " " + ColumnText(expr.column) + " " +
                    ValuesText({expr.literal}) + (expr.negated ? " not" : "");
  for (const auto& child : expr.children) out += " " + ExprText(child);
  return out + ")";
}

inline std::string OrderText(const std::vector<MergeOrderItem>& items) {
  std::string out;
  for (const auto& item : items) out += ColumnText(item.column) + (item.descending ? " desc," : " asc,");
  return out;
}

inline std::string MergeText(const MergeInstructions& merge) {
  std::string out = "merge required=" + std::to_string(merge.required) + " distinct=" + std::to_string(merge.distinct) +
                    " rollup=" + std::to_string(merge.rollup) + " once=" + std::to_string(merge.affected_rows_once) +
                    " offset=" + (merge.offset ? std::to_string(*merge.offset) : "-") +
                    " rows=" + (merge.row_count ? std::to_string(*merge.row_count) : "-") + "\n";
  out += "  order " + OrderText(merge.order_by) + "\n  group " + OrderText(merge.group_by) + "\n";
  for (const auto& each : merge.aggregations) {
    out += std::string("  aggregation ") + AggregationTypeName(each.type) + " " + ColumnText(each.column) +
           (each.distinct ? " distinct " : " ") + ColumnText(each.avg_count) + " " + ColumnText(each.avg_sum) + " '" +
           each.separator + "' " + each.result_label + "\n";
  }
  for (const auto& label : merge.derived_labels) out += "  derived " + label + "\n";
  if (merge.having) out += "  having " + ExprText(*merge.having) + "\n";
  for (const auto& each : merge.decrypt) {
    out += "  decrypt " + ColumnText(each.column) + " " + each.table + "." + each.logic_column + " " + each.encryptor + "\n";
  }
  return out;
}

inline std::string PlanText(const Plan& plan) {
  std::string out = plan.logic_sql + "\n" + plan.statement_kind + " " + RouteTypeName(plan.route_type) + "\n";
  for (const auto& unit : plan.route_units) {
    out += "route " + unit.logic_data_source + " " + unit.data_source + ":";
    for (const auto& table : unit.tables) out += " " + table.logic + "=" + table.actual;
    out += "\n";
  }
  for (const auto& unit : plan.units) out += "unit " + unit.data_source + " " + unit.sql + " " + ValuesText(unit.params) + "\n";
  for (const auto& each : plan.decisions) {
    out += "decision " + each.table + "." + each.column + " " + each.algorithm + " " + each.condition +
           (each.database_level ? " (data sources):" : " (tables):");
    for (const auto& target : each.targets) out += " " + target;
    out += "\n";
  }
  for (const auto& warning : plan.warnings) out += "warning " + warning + "\n";
  for (const auto& note : plan.notes) out += "note " + note + "\n";
  out += MergeText(plan.merge);
  for (const auto& group : plan.execution_groups) {
    out += "group " + group.data_source + " " + ConnectionModeName(group.mode) + ":";
    for (const auto& connection : group.connections) {
      out += " [";
      for (std::size_t index : connection) out += std::to_string(index) + ",";
      out += "]";
    }
    out += "\n";
  }
  return out;
}

}  // namespace sqlroute::testing_support
