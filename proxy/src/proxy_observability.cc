#include "proxy_observability.h"

#include <filesystem>

namespace sqlroute::proxy {

namespace {

// The record the engine wrote for the statement this thread is running, if it routed one.
thread_local std::optional<StatementRecord> routed_record;

class CaptureLog : public StatementLog {
 public:
  void OnStatement(const StatementRecord& record) override { routed_record = record; }
};

}  // namespace

std::string MaskQuotedStrings(const std::string& sql) {
  std::string masked;
  masked.reserve(sql.size());
  for (std::size_t i = 0; i < sql.size(); ++i) {
    char c = sql[i];
    if (c != '\'' && c != '"') {
      masked += c;
      continue;
    }
    std::size_t j = i + 1;
    while (j < sql.size()) {
      if (sql[j] == '\\') {
        j += 2;
      } else if (sql[j] == c && j + 1 < sql.size() && sql[j + 1] == c) {
        j += 2;  // a doubled quote inside the string
      } else if (sql[j] == c) {
        break;
      } else {
        ++j;
      }
    }
    masked += "'***'";
    i = j;  // at the closing quote, or past the end of an unterminated string
  }
  return masked;
}

ProxyObservability::ProxyObservability(const ServerConfig& config) {
  metrics_enabled_ = config.props.Has("metrics-port");
  general_log_ = config.Flag("general-query-log", false);
  if (config.Flag("slow-query-log", false)) {
    slow_threshold_ = std::chrono::milliseconds(config.Count("long-query-time", 5000));
  }
  if (!general_log_ && !slow_threshold_) return;
  std::filesystem::path path =
      config.Text("query-log-file", (std::filesystem::path(config.directory) / "logs" / "query.log").string());
  std::error_code ignored;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ignored);
  file_ = FileStatementLog(path.string());
  capture_ = std::make_shared<CaptureLog>();
}

void ProxyObservability::Attach(const Engine& engine) const {
  if (metrics_enabled_) engine.observability().SetMetricsEnabled(true);
  if (capture_) engine.observability().SetStatementLog(capture_, StatementLogOptions{});
}

void ProxyObservability::StatementStarted() const {
  if (file_) routed_record.reset();
}

void ProxyObservability::StatementEnded(const std::string& sql, std::uint64_t start_unix_nanos,
                                        std::chrono::nanoseconds elapsed, bool failed) {
  if (metrics_enabled_) metrics_.StatementDone(elapsed, failed);
  if (!file_) return;
  bool slow = slow_threshold_ && elapsed >= *slow_threshold_;
  if (!general_log_ && !slow) return;
  StatementRecord record;
  if (routed_record) {
    record = std::move(*routed_record);
    routed_record.reset();
  } else {
    record.logic_sql = MaskQuotedStrings(sql);
  }
  record.slow = slow;
  record.start_unix_nanos = start_unix_nanos;
  record.total_nanos = static_cast<std::uint64_t>(elapsed.count());
  file_->OnStatement(record);
}

}  // namespace sqlroute::proxy
