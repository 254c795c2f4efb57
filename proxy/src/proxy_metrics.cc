#include "proxy_metrics.h"

#include <set>
#include <sstream>

#include "logic_database.h"

namespace sqlroute::proxy {

namespace {

std::string EscapeLabel(const std::string& value) {
  std::string escaped;
  for (char c : value) {
    if (c == '\\' || c == '"') escaped += '\\';
    if (c == '\n') {
      escaped += "\\n";
      continue;
    }
    escaped += c;
  }
  return escaped;
}

std::string Labels(const std::string& database, const std::string& storage_unit = "") {
  std::string labels = "{database=\"" + EscapeLabel(database) + "\"";
  if (!storage_unit.empty()) labels += ",storage_unit=\"" + EscapeLabel(storage_unit) + "\"";
  return labels + "}";
}

void Header(std::ostringstream& out, const char* name, const char* type, const char* help) {
  out << "# HELP " << name << " " << help << "\n# TYPE " << name << " " << type << "\n";
}

// The family a sample line belongs to: its metric name without a histogram's suffix.
std::string FamilyOf(std::string_view sample, const std::set<std::string>& typed) {
  std::string name(sample.substr(0, sample.find_first_of("{ ")));
  if (typed.count(name)) return name;
  for (const char* suffix : {"_bucket", "_sum", "_count"}) {
    std::string_view s(suffix);
    if (name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0) {
      std::string base = name.substr(0, name.size() - s.size());
      if (typed.count(base)) return base;
    }
  }
  return name;
}

}  // namespace

void ProxyMetrics::StatementDone(std::chrono::nanoseconds elapsed, bool failed) {
  requests_.fetch_add(1, std::memory_order_relaxed);
  if (failed) errors_.fetch_add(1, std::memory_order_relaxed);
  auto micros = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count());
  std::size_t bucket = 0;
  while (bucket < kBuckets && micros > (std::uint64_t{1000} << bucket)) ++bucket;
  latency_buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
  latency_micros_sum_.fetch_add(micros, std::memory_order_relaxed);
}

void ProxyMetrics::TransactionEnded(bool commit) {
  (commit ? commits_ : rollbacks_).fetch_add(1, std::memory_order_relaxed);
}

std::string ProxyMetrics::Prometheus(const DatabaseRegistry& databases) const {
  std::ostringstream out;
  std::vector<std::string> names = databases.Names();
  std::size_t storage_units = 0;
  for (const std::string& name : names) {
    if (auto database = databases.Find(name)) storage_units += database->Pools().size();
  }
  Header(out, "proxy_meta_data_info", "gauge", "Logical databases and storage units of the proxy.");
  out << "proxy_meta_data_info{name=\"database_count\"} " << names.size() << "\n"
      << "proxy_meta_data_info{name=\"storage_unit_count\"} " << storage_units << "\n";
  Header(out, "proxy_current_connections", "gauge", "Client connections open now.");
  out << "proxy_current_connections " << connections_.load(std::memory_order_relaxed) << "\n";
  Header(out, "proxy_requests_total", "counter", "Statements received from clients.");
  out << "proxy_requests_total " << requests_.load(std::memory_order_relaxed) << "\n";
  Header(out, "proxy_transactions_total", "counter", "Transactions ended, by commit or rollback (a failed COMMIT is a rollback).");
  out << "proxy_transactions_total{type=\"commit\"} " << commits_.load(std::memory_order_relaxed) << "\n"
      << "proxy_transactions_total{type=\"rollback\"} " << rollbacks_.load(std::memory_order_relaxed) << "\n";
  Header(out, "proxy_execute_errors_total", "counter", "Statements answered with an error.");
  out << "proxy_execute_errors_total " << errors_.load(std::memory_order_relaxed) << "\n";
  Header(out, "proxy_zipkin_spans_dropped_total", "counter",
         "Trace spans not delivered to Zipkin: the export queue was full or the POST failed.");
  out << "proxy_zipkin_spans_dropped_total " << spans_dropped_.load(std::memory_order_relaxed) << "\n";
  Header(out, "proxy_execute_latency_millis", "histogram", "Statement latency in milliseconds, routing and execution.");
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i <= kBuckets; ++i) {
    cumulative += latency_buckets_[i].load(std::memory_order_relaxed);
    std::string le = i < kBuckets ? std::to_string(std::uint64_t{1} << i) : "+Inf";
    out << "proxy_execute_latency_millis_bucket{le=\"" << le << "\"} " << cumulative << "\n";
  }
  out << "proxy_execute_latency_millis_sum " << static_cast<double>(latency_micros_sum_.load()) / 1000.0 << "\n"
      << "proxy_execute_latency_millis_count " << cumulative << "\n";

  PrometheusPage page;
  page.Add(out.str());
  std::ostringstream pools;
  Header(pools, "proxy_pool_connections", "gauge", "Backend connections of a storage unit's pool, by state.");
  std::ostringstream waits, wait_seconds, timeouts;
  Header(waits, "proxy_pool_waits_total", "counter", "Acquisitions that found no free connection and waited.");
  Header(wait_seconds, "proxy_pool_wait_seconds_total", "counter", "Time spent waiting for a free connection.");
  Header(timeouts, "proxy_pool_timeouts_total", "counter", "Acquisitions that gave up after connectionTimeoutMilliseconds.");
  for (const std::string& name : names) {
    std::shared_ptr<LogicDatabase> database = databases.Find(name);
    if (!database) continue;
    page.Add(database->engine().observability().Prometheus(), "database", name);
    for (const auto& [unit, pool] : database->Pools()) {
      BackendPool::Stats stats = pool->stats();
      std::string labels = Labels(name, unit);
      pools << "proxy_pool_connections" << labels.substr(0, labels.size() - 1) << ",state=\"open\"} " << stats.open << "\n"
            << "proxy_pool_connections" << labels.substr(0, labels.size() - 1) << ",state=\"idle\"} " << stats.idle << "\n";
      waits << "proxy_pool_waits_total" << labels << " " << stats.waits << "\n";
      wait_seconds << "proxy_pool_wait_seconds_total" << labels << " " << static_cast<double>(stats.wait_nanos) / 1e9 << "\n";
      timeouts << "proxy_pool_timeouts_total" << labels << " " << stats.timeouts << "\n";
    }
  }
  page.Add(pools.str() + waits.str() + wait_seconds.str() + timeouts.str());
  return page.Text();
}

void PrometheusPage::Add(std::string_view page, const std::string& label, const std::string& value) {
  std::set<std::string> typed;  // the families this page declares a # TYPE for
  std::string current;
  std::size_t start = 0;
  while (start < page.size()) {
    std::size_t end = page.find('\n', start);
    if (end == std::string_view::npos) end = page.size();
    std::string_view line = page.substr(start, end - start);
    start = end + 1;
    if (line.empty()) continue;
    if (line.rfind("# ", 0) == 0) {
      std::string_view rest = line.substr(2);
      std::size_t space = rest.find(' ');
      std::string_view rest_name = space == std::string_view::npos ? "" : rest.substr(space + 1);
      std::string name(rest_name.substr(0, rest_name.find(' ')));
      if (rest.rfind("TYPE ", 0) == 0) typed.insert(name);
      if (!families_.count(name)) order_.push_back(name);
      Family& family = families_[name];
      if (family.header.find(std::string(line)) == std::string::npos) family.header.append(line).append("\n");
      continue;
    }
    current = FamilyOf(line, typed);
    if (!families_.count(current)) order_.push_back(current);
    std::string& samples = families_[current].samples;
    if (label.empty()) {
      samples.append(line).append("\n");
      continue;
    }
    std::size_t name_end = line.find_first_of("{ ");
    if (name_end == std::string_view::npos) continue;  // not a sample line
    std::string added = label + "=\"" + EscapeLabel(value) + "\"";
    samples.append(line.substr(0, name_end));
    if (line[name_end] == '{') {
      bool empty_set = name_end + 1 < line.size() && line[name_end + 1] == '}';
      samples.append("{").append(added).append(empty_set ? "" : ",").append(line.substr(name_end + 1));
    } else {
      samples.append("{").append(added).append("}").append(line.substr(name_end));
    }
    samples.append("\n");
  }
}

std::string PrometheusPage::Text() const {
  std::string text;
  for (const std::string& name : order_) {
    const Family& family = families_.at(name);
    text += family.header;
    text += family.samples;
  }
  return text;
}

}  // namespace sqlroute::proxy
