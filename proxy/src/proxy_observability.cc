#include "proxy_observability.h"

#include <cstdio>
#include <filesystem>
#include <random>
#include <vector>

#include "sqlroute/error_text.h"
#include "sqlroute/sql_masking.h"

namespace sqlroute::proxy {

namespace {

// The record the engine wrote for the statement this thread is running, if it routed one.
thread_local std::optional<StatementRecord> routed_record;

class CaptureLog : public StatementLog {
 public:
  void OnStatement(const StatementRecord& record) override { routed_record = record; }
};

// The engine's spans of the statement this thread is running, if the engine sampled it.
struct StageSpan {
  SpanStage stage;
  std::uint64_t start_unix_nanos, end_unix_nanos;
  std::string statement_type, route_type;
  std::size_t unit_count;
  bool cache_hit;
  std::optional<ErrorCode> error;
};
thread_local std::vector<StageSpan> routed_spans;

class CaptureTracer : public Tracer {
 public:
  void OnSpan(const Span& span) override {
    routed_spans.push_back({span.stage, span.start_unix_nanos, span.end_unix_nanos, std::string(span.statement_type),
                            std::string(span.route_type), span.unit_count, span.cache_hit, span.error});
  }
};

double SampleRatio(const ServerConfig& config) {
  std::string type = config.Text("zipkin-sampler-type", "const");
  std::string param = config.Text("zipkin-sampler-param", "1");
  char* end = nullptr;
  double value = std::strtod(param.c_str(), &end);
  bool number = !param.empty() && *end == '\0';
  if (type == "const" && (param == "0" || param == "1")) return param == "1" ? 1.0 : 0.0;
  if (type == "counting" && number && value >= 0 && value <= 1) return value;
  if (type != "const" && type != "counting") {
    throw Error(Message<msg::ZipkinSamplerUnsupported>(arg::type = type), "props.zipkin-sampler-type");
  }
  throw Error(Message<msg::SampleRatioInvalid>(), "props.zipkin-sampler-param");
}

std::string Hex64(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

std::uint64_t RandomId() {
  thread_local std::mt19937_64 random{std::random_device{}()};
  std::uint64_t id = 0;
  while (id == 0) id = random();
  return id;
}

const char* StageSpanName(SpanStage stage) {
  switch (stage) {
    case SpanStage::Parse: return "/ShardingSphere/parseSQL/";
    case SpanStage::Route: return "/ShardingSphere/routeSQL/";
    case SpanStage::Rewrite: return "/ShardingSphere/rewriteSQL/";
  }
  return "";
}

// One Zipkin v2 span; the tags' values are names and numbers of ours, never client text.
std::string ZipkinSpan(const std::string& trace, const std::string& id, const std::string& parent, const char* name,
                       std::uint64_t start_unix_nanos, std::uint64_t duration_nanos, const std::string& service,
                       const std::vector<std::pair<const char*, std::string>>& tags) {
  std::string json = "{\"traceId\":\"" + trace + "\",\"id\":\"" + id + "\"";
  if (!parent.empty()) json += ",\"parentId\":\"" + parent + "\"";
  if (parent.empty()) json += ",\"kind\":\"SERVER\"";
  json += std::string(",\"name\":\"") + name + "\",\"timestamp\":" + std::to_string(start_unix_nanos / 1000) +
          ",\"duration\":" + std::to_string(std::max<std::uint64_t>(1, duration_nanos / 1000)) +
          ",\"localEndpoint\":{\"serviceName\":\"" + service + "\"},\"tags\":{";
  for (std::size_t i = 0; i < tags.size(); ++i) {
    json += (i ? ",\"" : "\"") + std::string(tags[i].first) + "\":\"" + tags[i].second + "\"";
  }
  return json + "}}";
}

}  // namespace

ProxyObservability::ProxyObservability(const ServerConfig& config) {
  metrics_enabled_ = config.props.Has("metrics-port");
  general_log_ = config.Flag("general-query-log", false);
  if (config.Flag("slow-query-log", false)) {
    slow_threshold_ = std::chrono::milliseconds(config.Count("long-query-time", 5000));
  }
  if (config.props.Has("zipkin-host")) {
    sample_ratio_ = SampleRatio(config);
    std::size_t port = config.Count("zipkin-port", 9411);
    if (port > 65535) throw Error(Message<msg::ProxyPropNotCount>(arg::key = "zipkin-port"), "props.zipkin-port");
    service_name_ = config.Text("zipkin-service-name", "shardingsphere");
    for (char& c : service_name_) {
      if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20) c = '_';
    }
    zipkin_ = std::make_unique<ZipkinExporter>(config.Text("zipkin-host", ""), static_cast<std::uint16_t>(port),
                                               config.Text("zipkin-url-version", "/api/v2/spans"));
    tracer_ = std::make_shared<CaptureTracer>();
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
  if (tracer_) engine.observability().SetTracer(tracer_, sample_ratio_);
}

void ProxyObservability::StatementStarted() const {
  if (file_) routed_record.reset();
  if (tracer_) routed_spans.clear();
}

void ProxyObservability::Trace(std::uint64_t start_unix_nanos, std::chrono::nanoseconds elapsed, bool failed) {
  std::string trace = Hex64(RandomId()), root = Hex64(RandomId());
  const StageSpan& last = routed_spans.back();
  auto end_unix_nanos = start_unix_nanos + static_cast<std::uint64_t>(elapsed.count());
  std::vector<std::pair<const char*, std::string>> tags = {
      {"component", "shardingsphere"}, {"db.type", "shardingsphere-proxy"}, {"statement.type", last.statement_type},
      {"route.type", last.route_type}, {"units", std::to_string(last.unit_count)},
      {"cache", last.cache_hit ? "hit" : "miss"}};
  if (failed) tags.emplace_back("error", "true");
  zipkin_->Send(ZipkinSpan(trace, root, "", "/ShardingSphere/rootInvoke/", start_unix_nanos,
                           static_cast<std::uint64_t>(elapsed.count()), service_name_, tags));
  for (const StageSpan& span : routed_spans) {
    std::vector<std::pair<const char*, std::string>> stage_tags = {{"component", "shardingsphere"}};
    if (span.error) stage_tags.emplace_back("error", ErrorCodeName(*span.error));
    zipkin_->Send(ZipkinSpan(trace, Hex64(RandomId()), root, StageSpanName(span.stage), span.start_unix_nanos,
                             span.end_unix_nanos - span.start_unix_nanos, service_name_, stage_tags));
  }
  if (end_unix_nanos > last.end_unix_nanos && !last.error) {
    zipkin_->Send(ZipkinSpan(trace, Hex64(RandomId()), root, "/ShardingSphere/executeSQL/", last.end_unix_nanos,
                             end_unix_nanos - last.end_unix_nanos, service_name_,
                             {{"component", "shardingsphere"}, {"units", std::to_string(last.unit_count)}}));
  }
  routed_spans.clear();
}

void ProxyObservability::StatementEnded(const std::string& sql, std::uint64_t start_unix_nanos,
                                        std::chrono::nanoseconds elapsed, bool failed) {
  if (metrics_enabled_) metrics_.StatementDone(elapsed, failed);
  if (tracer_ && !routed_spans.empty()) Trace(start_unix_nanos, elapsed, failed);
  if (!file_) return;
  bool slow = slow_threshold_ && elapsed >= *slow_threshold_;
  if (!general_log_ && !slow) return;
  StatementRecord record;
  if (routed_record) {
    record = std::move(*routed_record);
    routed_record.reset();
  } else {
    record.logic_sql = MaskLiterals(sql);
  }
  record.slow = slow;
  record.start_unix_nanos = start_unix_nanos;
  record.total_nanos = static_cast<std::uint64_t>(elapsed.count());
  file_->OnStatement(record);
}

}  // namespace sqlroute::proxy
