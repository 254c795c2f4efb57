// The statement log's text form and its file sink.
#include <cstdio>
#include <ctime>
#include <fstream>
#include <mutex>
#include <sstream>

#include "sqlroute/error_text.h"
#include "sqlroute/observability.h"

namespace sqlroute {
namespace {

std::string Micros(uint64_t nanos) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1fus", static_cast<double>(nanos) / 1000.0);
  return text;
}

std::string UtcTime(uint64_t unix_nanos) {
  std::time_t seconds = static_cast<std::time_t>(unix_nanos / 1000000000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S", &tm);
  char text[48];
  std::snprintf(text, sizeof text, "%s.%06uZ", date, static_cast<unsigned>(unix_nanos % 1000000000 / 1000));
  return text;
}

std::string List(const std::vector<std::string>& values) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + values[i];
  return out + "]";
}

class FileLog : public StatementLog {
 public:
  explicit FileLog(const std::string& path) : out_(path, std::ios::app) {
    if (!out_) throw Error(Message<msg::StatementLogUnopenable>(arg::path = path));
  }
  void OnStatement(const StatementRecord& record) override {
    std::string text = FormatStatementRecord(record);
    std::lock_guard<std::mutex> lock(mutex_);
    out_ << text << std::flush;
  }

 private:
  std::mutex mutex_;
  std::ofstream out_;
};

}  // namespace

std::string FormatStatementRecord(const StatementRecord& r) {
  std::ostringstream out;
  out << "# " << UtcTime(r.start_unix_nanos) << (r.slow ? " slow " : " general ")
      << (r.statement_type.empty() ? "-" : r.statement_type) << " " << (r.route_type.empty() ? "-" : r.route_type)
      << " total=" << Micros(r.total_nanos) << " parse=" << Micros(r.parse_nanos) << " route=" << Micros(r.route_nanos)
      << " rewrite=" << Micros(r.rewrite_nanos);
  if (!r.statement_type.empty()) out << (r.cache_hit ? " cache=hit" : " cache=miss");
  if (r.error) out << " error=" << ErrorCodeName(*r.error);
  out << "\nLogic SQL: " << r.logic_sql << " ::: " << List(r.params) << "\n";
  for (const LoggedUnit& unit : r.units) {
    out << "Actual SQL: " << unit.data_source << " ::: " << unit.sql << " ::: " << List(unit.params) << "\n";
  }
  return out.str();
}

std::shared_ptr<StatementLog> FileStatementLog(const std::string& path) { return std::make_shared<FileLog>(path); }

}  // namespace sqlroute
