// sqlroute._cluster: cluster mode's registry member (cluster/include/sqlroute/cluster.h) for
// Python. It links no engine stage: the rules it loads go to Python callables, which compile
// them with sqlroute._core (sqlroute/cluster.py), so that `import sqlroute` never needs the
// ZooKeeper client and one process holds one copy of the engine.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <string>

#include "sqlroute/cluster.h"
#include "sqlroute/error.h"
#include "sqlroute/error_text.h"

namespace py = pybind11;

namespace sqlroute::cluster {
namespace {

ErrorCode CodeNamed(const std::string& name) {
  static const std::map<std::string, ErrorCode> kCodes = [] {
    std::map<std::string, ErrorCode> codes;
#define SQLROUTE_ERROR(code, category, ss_code) codes.emplace(#code, ErrorCode::code);
#include "sqlroute/errors.def"
#undef SQLROUTE_ERROR
    return codes;
  }();
  auto found = kCodes.find(name);
  return found == kCodes.end() ? ErrorCode::INTERNAL_ERROR : found->second;
}

// A sqlroute.Error raised by a callable, as the sqlroute::Error it came from (same code,
// message, position or path); anything else is a failed callback. Needs the GIL.
[[noreturn]] void Rethrow(py::error_already_set& raised, const char* step) {
  py::object value = raised.value();
  if (!py::hasattr(value, "code") || !py::hasattr(value, "message")) {
    throw Error(Message<msg::CallbackFailed>(arg::origin = "cluster mode", arg::step = step,
                                             arg::detail = std::string(py::str(value))));
  }
  ErrorCode code = CodeNamed(py::str(value.attr("code")));
  std::string message = py::str(value.attr("message"));
  py::object position = value.attr("position");
  if (!position.is_none()) {
    auto [line, column] = position.cast<std::pair<int, int>>();
    throw Error(code, message, SourcePosition{line, column, 0});
  }
  py::object path = value.attr("path");
  if (!path.is_none()) throw Error(code, message, path.cast<std::string>());
  throw Error(code, message);
}

class PythonHost : public RulesHost {
 public:
  PythonHost(py::function publish, py::function with_distsql)
      : publish_(std::move(publish)), with_distsql_(std::move(with_distsql)) {}
  ~PythonHost() override {
    py::gil_scoped_acquire gil;
    publish_ = py::function();
    with_distsql_ = py::function();
  }

  void Publish(const RegistrySnapshot& snapshot) override {
    py::gil_scoped_acquire gil;
    try {
      publish_(snapshot.yaml, snapshot.disabled_read_data_sources);
    } catch (py::error_already_set& raised) {
      Rethrow(raised, "publish");
    }
  }

  std::string WithDistSql(const std::string& yaml, const std::string& script) override {
    py::gil_scoped_acquire gil;
    try {
      return with_distsql_(yaml, script).cast<std::string>();
    } catch (py::error_already_set& raised) {
      Rethrow(raised, "DistSQL");
    }
  }

 private:
  py::function publish_;
  py::function with_distsql_;
};

py::dict NodeDict(const ComputeNode& node) {
  py::dict row;
  row["instance_id"] = node.instance_id;
  row["instance_type"] = node.instance_type;
  row["host"] = node.host;
  row["port"] = node.port;
  row["status"] = node.status;
  row["mode_type"] = node.mode_type;
  row["worker_id"] = node.worker_id;
  row["labels"] = node.labels;
  row["version"] = node.version;
  row["database_name"] = node.database_name;
  return row;
}

py::dict StatusDict(const ClusterStatus& status) {
  py::dict row;
  row["connected"] = status.connected;
  row["synced_changes"] = status.synced_changes;
  row["rejected_changes"] = status.rejected_changes;
  row["disconnects"] = status.disconnects;
  row["session_expiries"] = status.session_expiries;
  row["registry_errors"] = status.registry_errors;
  row["seconds_since_sync"] = status.seconds_since_sync;
  row["worker_id"] = status.worker_id;
  row["last_problem"] = status.last_problem;
  return row;
}

// Closing joins the member's thread, which may be waiting for the GIL to publish: the member
// is deleted with the GIL released.
struct DeleteWithoutGil {
  void operator()(ClusterMember* member) const {
    py::gil_scoped_release release;
    delete member;
  }
};
using MemberHolder = std::unique_ptr<ClusterMember, DeleteWithoutGil>;

MemberHolder JoinMember(const std::string& url, const std::string& database, const std::string& digest,
                                          int session_timeout_ms, int connect_timeout_ms,
                                          const std::string& instance_type, const std::string& attribute,
                                          const std::vector<std::string>& labels, const std::string& initial_yaml,
                                          py::object log, py::function publish, py::function with_distsql) {
  ClusterOptions options;
  options.url = url;
  options.database = database;
  options.digest = digest;
  options.session_timeout_ms = session_timeout_ms;
  options.connect_timeout_ms = connect_timeout_ms;
  options.instance_type = instance_type;
  options.attribute = attribute;
  options.labels = labels;
  options.initial_yaml = initial_yaml;
  if (!log.is_none()) {
    auto sink = std::make_shared<py::object>(log);
    options.log = [sink](const std::string& line) {
      py::gil_scoped_acquire gil;
      try {
        (*sink)(line);
      } catch (py::error_already_set&) {
      }
    };
  }
  auto host = std::make_shared<PythonHost>(std::move(publish), std::move(with_distsql));
  py::gil_scoped_release release;
  return MemberHolder(ClusterMember::Join(std::move(options), std::move(host)).release());
}

}  // namespace
}  // namespace sqlroute::cluster

PYBIND11_MODULE(_cluster, module) {
  using sqlroute::cluster::ClusterMember;
  module.doc() = "Cluster mode's registry member (native); sqlroute.cluster wraps it.";
  // Errors thrown here are sqlroute::Error: sqlroute._core's translator (loaded first) raises them.
  py::module_::import("sqlroute._core");
  module.def(
      "mode_options",
      [](const std::string& yaml) -> py::object {
        std::optional<sqlroute::cluster::ClusterOptions> options = sqlroute::cluster::ModeOptions(yaml);
        if (!options) return py::none();
        py::dict result;
        result["url"] = options->url;
        result["database"] = options->database;
        result["digest"] = options->digest;
        result["session_timeout"] = options->session_timeout_ms / 1000.0;
        result["connect_timeout"] = options->connect_timeout_ms / 1000.0;
        return result;
      },
      py::arg("yaml"), "The cluster options of a ShardingSphere `mode:` section, or None (Standalone, no mode).");
  py::class_<ClusterMember, sqlroute::cluster::MemberHolder>(module, "Member", "One instance in a ZooKeeper registry (native).")
      .def_static("join", &sqlroute::cluster::JoinMember, py::arg("url"), py::arg("database"), py::arg("digest"),
                  py::arg("session_timeout_ms"), py::arg("connect_timeout_ms"), py::arg("instance_type"),
                  py::arg("attribute"), py::arg("labels"), py::arg("initial_yaml"), py::arg("log"),
                  py::arg("publish"), py::arg("with_distsql"))
      .def("apply_distsql", py::overload_cast<const std::string&>(&ClusterMember::ApplyDistSql), py::arg("script"), py::call_guard<py::gil_scoped_release>())
      .def(
          "apply_change",
          [](ClusterMember& member, const std::string& database, py::function change) {
            py::gil_scoped_release release;
            member.ApplyChange(database, [&](const std::string& yaml) {
              py::gil_scoped_acquire gil;
              try {
                return change(yaml).cast<std::string>();
              } catch (py::error_already_set& raised) {
                sqlroute::cluster::Rethrow(raised, "rule change");
              }
            });
          },
          py::arg("database"), py::arg("change"))
      .def("set_read_data_source_enabled",
           py::overload_cast<const std::string&, const std::string&, bool>(&ClusterMember::SetReadDataSourceEnabled), py::arg("group"),
           py::arg("replica"), py::arg("enabled"), py::call_guard<py::gil_scoped_release>())
      .def("compute_nodes",
           [](const ClusterMember& member) {
             std::vector<sqlroute::cluster::ComputeNode> nodes;
             {
               py::gil_scoped_release release;
               nodes = member.ComputeNodes();
             }
             py::list rows;
             for (const auto& node : nodes) rows.append(sqlroute::cluster::NodeDict(node));
             return rows;
           })
      .def("wait_for_sync", &ClusterMember::WaitForSync, py::arg("timeout_ms"),
           py::call_guard<py::gil_scoped_release>())
      .def("status", [](const ClusterMember& member) { return sqlroute::cluster::StatusDict(member.status()); })
      .def("close", &ClusterMember::Close, py::call_guard<py::gil_scoped_release>())
      .def("expire_session", &ClusterMember::ExpireSession, py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("instance_id", &ClusterMember::instance_id)
      .def_property_readonly("worker_id", &ClusterMember::worker_id);
}
