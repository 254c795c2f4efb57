#include "sqlroute/plan.h"

#include <algorithm>
#include <sstream>

namespace sqlroute {
namespace {

std::string ParamsText(const std::vector<Value>& params) {
  std::string result = "[";
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (i) result += ", ";
    result += params[i].ToDisplay();
  }
  return result + "]";
}

std::string Pad(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

}  // namespace

const char* RouteTypeName(RouteType type) {
  switch (type) {
    case RouteType::Standard: return "Standard";
    case RouteType::Binding: return "Binding";
    case RouteType::Cartesian: return "Cartesian";
    case RouteType::Broadcast: return "Broadcast";
    case RouteType::DatabaseBroadcast: return "DatabaseBroadcast";
    case RouteType::TableBroadcast: return "TableBroadcast";
    case RouteType::InstanceBroadcast: return "InstanceBroadcast";
    case RouteType::Unicast: return "Unicast";
    case RouteType::Single: return "Single";
    case RouteType::DataSourceHint: return "DataSourceHint";
    case RouteType::Passthrough: return "Passthrough";
  }
  return "Passthrough";
}

const char* ConnectionModeName(ConnectionMode mode) {
  return mode == ConnectionMode::MemoryStrictly ? "MEMORY_STRICTLY" : "CONNECTION_STRICTLY";
}

const char* AggregationTypeName(AggregationType type) {
  switch (type) {
    case AggregationType::Count: return "COUNT";
    case AggregationType::Sum: return "SUM";
    case AggregationType::Min: return "MIN";
    case AggregationType::Max: return "MAX";
    case AggregationType::Avg: return "AVG";
    case AggregationType::BitXor: return "BIT_XOR";
    case AggregationType::GroupConcat: return "GROUP_CONCAT";
  }
  return "COUNT";
}

std::string Plan::Explain() const {
  std::ostringstream out;
  out << "Logic SQL:  " << logic_sql << "\n";
  out << "Statement:  " << statement_kind << "\n";
  out << "Route type: " << RouteTypeName(route_type) << "\n";
  if (!decisions.empty()) {
    out << "Sharding:\n";
    for (const auto& each : decisions) {
      out << "  " << each.table << (each.column.empty() ? "" : "." + each.column) << " " << each.condition << "  --"
          << (each.algorithm.empty() ? std::string("none") : each.algorithm) << "-->  ";
      for (std::size_t i = 0; i < each.targets.size(); ++i) out << (i ? ", " : "") << each.targets[i];
      out << (each.database_level ? "  (data sources)" : "  (tables)") << "\n";
    }
  }
  for (const auto& note : notes) out << "Note:       " << note << "\n";
  for (const auto& warning : warnings) out << "Warning:    " << warning << "\n";
  for (const auto& reason : scatter_reasons) out << "Scatter:    " << ScatterCodeName(reason.code) << ": " << reason.message() << "\n";
  if (session_statement) out << "Session:    a session statement, sent to every data source; not a scatter\n";
  std::size_t width = std::string("data source").size();
  for (const auto& unit : units) width = std::max(width, unit.data_source.size());
  width += 2;
  out << "Units (" << units.size() << "):\n";
  out << "  " << Pad("data source", width) << "SQL  |  params\n";
  for (const auto& unit : units) {
    out << "  " << Pad(unit.data_source, width) << unit.sql << "  |  " << ParamsText(unit.params) << "\n";
  }
  return out.str();
}

}  // namespace sqlroute
