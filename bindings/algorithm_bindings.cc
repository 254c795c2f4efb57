// _core.register_algorithm / unregister_algorithm: Python algorithms in the engine's registry.
// Each C++ interface is implemented by a trampoline holding the Python adapter that
// sqlroute.algorithms builds around the user's object; the adapter takes plain data (lists,
// tuples, dicts, values) and the trampolines take the GIL for every call, since routing runs
// without it.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>

#include "python_callback.h"
#include "sqlroute/algorithm.h"
#include "sqlroute/error_text.h"
#include "value_conversion.h"

namespace py = pybind11;

namespace sqlroute::bindings {
namespace {

// sqlroute.algorithms.KINDS.
constexpr const char* kAlgorithmKinds = "sharding, key_generator, encryptor, load_balancer, shadow, auditor";

using Adapter = std::shared_ptr<const PythonRef>;

py::object OptionalValue(const std::optional<Value>& value) { return value ? ToPython(*value) : py::none(); }

py::tuple RangeTuple(const ValueRange& range) {
  return py::make_tuple(OptionalValue(range.lower), range.lower_closed, OptionalValue(range.upper), range.upper_closed);
}

std::vector<std::string> Names(const py::object& result) { return result.cast<std::vector<std::string>>(); }

// Common state of every trampoline: the adapter and how to name it in errors.
class Trampoline {
 public:
  Trampoline(Adapter adapter, CallbackOrigin origin) : adapter_(std::move(adapter)), origin_(std::move(origin)) {}

 protected:
  template <typename Body>
  auto Call(const std::string& step, Body&& body) const {
    return CallPython(*adapter_, origin_, step, std::forward<Body>(body));
  }
  const CallbackOrigin& origin() const { return origin_; }

 private:
  Adapter adapter_;
  CallbackOrigin origin_;
};

class PythonStandardSharding : public StandardShardingAlgorithm, Trampoline {
 public:
  using Trampoline::Trampoline;
  std::string DoSharding(const std::vector<std::string>& available, const ShardingTarget& target,
                         const Value& value) const override {
    return Call("do_sharding", [&](const py::object& adapter) {
      py::object chosen = adapter.attr("do_sharding")(available, target.logic_table, target.column, ToPython(value));
      return chosen.is_none() ? std::string() : chosen.cast<std::string>();
    });
  }
  std::vector<std::string> DoRangeSharding(const std::vector<std::string>& available, const ShardingTarget& target,
                                           const ValueRange& range) const override {
    return Call("do_range_sharding", [&](const py::object& adapter) {
      return Names(adapter.attr("do_range_sharding")(available, target.logic_table, target.column, RangeTuple(range)));
    });
  }
};

class PythonComplexSharding : public ComplexShardingAlgorithm, Trampoline {
 public:
  using Trampoline::Trampoline;
  std::vector<std::string> DoSharding(const std::vector<std::string>& available, const std::string& logic_table,
                                      const std::map<std::string, std::vector<Value>>& column_values,
                                      const std::map<std::string, ValueRange>& column_ranges) const override {
    return Call("do_complex_sharding", [&](const py::object& adapter) {
      py::dict values;
      for (const auto& [column, list] : column_values) values[py::str(column)] = ToPythonList(list);
      py::dict ranges;
      for (const auto& [column, range] : column_ranges) ranges[py::str(column)] = RangeTuple(range);
      return Names(adapter.attr("do_complex_sharding")(available, logic_table, values, ranges));
    });
  }
};

class PythonHintSharding : public HintShardingAlgorithm, Trampoline {
 public:
  using Trampoline::Trampoline;
  std::vector<std::string> DoSharding(const std::vector<std::string>& available, const std::string& logic_table,
                                      const std::vector<Value>& hint_values) const override {
    return Call("do_hint_sharding", [&](const py::object& adapter) {
      return Names(adapter.attr("do_hint_sharding")(available, logic_table, ToPythonList(hint_values)));
    });
  }
};

class PythonKeyGenerator : public KeyGenerator, Trampoline {
 public:
  using Trampoline::Trampoline;
  Value Generate() const override {
    return Call("generate", [&](const py::object& adapter) {
      return ToValue(adapter.attr("generate")(), origin().what + " generate()");
    });
  }
};

class PythonEncryptor : public Encryptor, Trampoline {
 public:
  PythonEncryptor(Adapter adapter, CallbackOrigin origin, bool supports_decrypt, bool supports_like)
      : Trampoline(std::move(adapter), std::move(origin)), decrypt_(supports_decrypt), like_(supports_like) {}
  Value Encrypt(const Value& plain) const override {
    if (plain.is_null()) return plain;
    return Call("encrypt", [&](const py::object& adapter) {
      return ToValue(adapter.attr("encrypt")(ToPython(plain)), origin().what + " encrypt()");
    });
  }
  bool SupportsDecrypt() const override { return decrypt_; }
  Value Decrypt(const Value& cipher) const override {
    if (!decrypt_) throw Error(Message<msg::PythonEncryptorCannotDecrypt>(arg::origin = origin().what));
    if (cipher.is_null()) return cipher;
    return Call("decrypt", [&](const py::object& adapter) {
      return ToValue(adapter.attr("decrypt")(ToPython(cipher)), origin().what + " decrypt()");
    });
  }
  bool SupportsLike() const override { return like_; }

 private:
  bool decrypt_;
  bool like_;
};

class PythonLoadBalancer : public LoadBalancer, Trampoline {
 public:
  using Trampoline::Trampoline;
  std::string Choose(const std::string& group, const std::vector<std::string>& read_data_sources) const override {
    return Call("choose", [&](const py::object& adapter) {
      return adapter.attr("choose")(group, read_data_sources).cast<std::string>();
    });
  }
};

class PythonShadow : public ShadowAlgorithm, Trampoline {
 public:
  PythonShadow(Adapter adapter, CallbackOrigin origin, bool is_hint, std::string column, std::string operation)
      : Trampoline(std::move(adapter), std::move(origin)),
        is_hint_(is_hint),
        column_(std::move(column)),
        operation_(std::move(operation)) {}
  bool IsHintAlgorithm() const override { return is_hint_; }
  bool IsShadow(const ShadowCheckInput& input) const override {
    return Call("is_shadow", [&](const py::object& adapter) {
      return adapter.attr("is_shadow")(input.operation, input.table, input.column, ToPythonList(input.values),
                                       input.hints, input.shadow_hint)
          .cast<bool>();
    });
  }
  std::string column() const override { return column_; }
  std::string operation() const override { return operation_; }

 private:
  bool is_hint_;
  std::string column_;
  std::string operation_;
};

class PythonAuditor : public ShardingAuditor, Trampoline {
 public:
  using Trampoline::Trampoline;
  void Check(const AuditInput& input) const override {
    std::optional<std::string> reason = Call("check", [&](const py::object& adapter) {
      py::object result = adapter.attr("check")(input.statement_kind, input.sharding_tables,
                                                input.has_sharding_conditions);
      return result.is_none() ? std::optional<std::string>() : result.cast<std::string>();
    });
    if (reason) throw Error(Message<msg::AuditRejected>(arg::detail = *reason));
  }
};

// What a factory trampoline needs: the Python factory (props dict -> adapter) and the type.
struct PythonFactory {
  std::shared_ptr<const PythonRef> factory;
  std::string kind;  // "sharding algorithm", ...
  std::string type;

  CallbackOrigin Origin(const Props& props) const {
    CallbackOrigin origin{"Python " + kind + " `" + type + "`", {}};
    for (const auto& [key, value] : props.items()) {
      if (Props::IsSecretKey(key)) origin.secrets.push_back(value);
    }
    return origin;
  }

  // Calls the factory with the props; `read` turns the adapter into the C++ algorithm while
  // the GIL is held. Errors name the config path.
  template <typename Read>
  auto Build(const Props& props, const std::string& path, Read&& read) const {
    CallbackOrigin origin = Origin(props);
    GilAcquire gil;
    try {
      py::dict py_props;
      for (const auto& [key, value] : props.items()) py_props[py::str(key)] = value;
      auto adapter = std::make_shared<const PythonRef>(factory->get()(py_props));
      return read(adapter, origin);
    } catch (py::error_already_set& error) {
      throw TranslatePythonError(error, origin, "its factory", ErrorCode::CONFIG_ALGORITHM_PROPS, path);
    } catch (const py::cast_error&) {
      throw Error(Message<msg::FactoryUnusable>(arg::origin = origin.what), path);
    }
  }
};

bool Flag(const py::object& adapter, const char* name) { return adapter.attr(name).cast<bool>(); }
std::string Text(const py::object& adapter, const char* name) { return adapter.attr(name).cast<std::string>(); }

void Register(const std::string& kind, const std::string& type, py::object factory) {
  AlgorithmRegistry& registry = AlgorithmRegistry::Global();
  PythonFactory made{std::make_shared<const PythonRef>(std::move(factory)), "", type};
  if (kind == "sharding") {
    made.kind = "sharding algorithm";
    registry.RegisterSharding(type, [made](const Props& props, const std::string& path) {
      return made.Build(props, path, [](const Adapter& adapter, const CallbackOrigin& origin) {
        const py::object& object = adapter->get();
        ShardingAlgorithm result;
        if (Flag(object, "standard")) result.standard = std::make_shared<PythonStandardSharding>(adapter, origin);
        if (Flag(object, "complex")) result.complex = std::make_shared<PythonComplexSharding>(adapter, origin);
        if (Flag(object, "hint")) result.hint = std::make_shared<PythonHintSharding>(adapter, origin);
        return result;
      });
    });
  } else if (kind == "key_generator") {
    made.kind = "key generator";
    registry.RegisterKeyGenerator(type, [made](const Props& props, const std::string& path) {
      return made.Build(props, path, [](const Adapter& adapter, const CallbackOrigin& origin) {
        return std::shared_ptr<const KeyGenerator>(std::make_shared<PythonKeyGenerator>(adapter, origin));
      });
    });
  } else if (kind == "encryptor") {
    made.kind = "encryptor";
    registry.RegisterEncryptor(type, [made](const Props& props, const std::string& path) {
      return made.Build(props, path, [](const Adapter& adapter, const CallbackOrigin& origin) {
        const py::object& object = adapter->get();
        return std::shared_ptr<const Encryptor>(std::make_shared<PythonEncryptor>(
            adapter, origin, Flag(object, "supports_decrypt"), Flag(object, "supports_like")));
      });
    });
  } else if (kind == "load_balancer") {
    made.kind = "load balancer";
    registry.RegisterLoadBalancer(type, [made](const Props& props, const std::string& path) {
      return made.Build(props, path, [](const Adapter& adapter, const CallbackOrigin& origin) {
        return std::shared_ptr<const LoadBalancer>(std::make_shared<PythonLoadBalancer>(adapter, origin));
      });
    });
  } else if (kind == "shadow") {
    made.kind = "shadow algorithm";
    registry.RegisterShadow(type, [made](const Props& props, const std::string& path) {
      return made.Build(props, path, [](const Adapter& adapter, const CallbackOrigin& origin) {
        const py::object& object = adapter->get();
        return std::shared_ptr<const ShadowAlgorithm>(std::make_shared<PythonShadow>(
            adapter, origin, Flag(object, "is_hint"), Text(object, "column"), Text(object, "operation")));
      });
    });
  } else if (kind == "auditor") {
    made.kind = "auditor";
    registry.RegisterAuditor(type, [made](const Props& props, const std::string& path) {
      return made.Build(props, path, [](const Adapter& adapter, const CallbackOrigin& origin) {
        return std::shared_ptr<const ShardingAuditor>(std::make_shared<PythonAuditor>(adapter, origin));
      });
    });
  } else {
    throw Error(Message<msg::UnknownAlgorithmKind>(arg::kind = kind, arg::known = kAlgorithmKinds));
  }
}

std::optional<AlgorithmKind> KindNamed(const std::string& kind) {
  if (kind == "sharding") return AlgorithmKind::Sharding;
  if (kind == "key_generator") return AlgorithmKind::KeyGenerator;
  if (kind == "encryptor") return AlgorithmKind::Encryptor;
  if (kind == "load_balancer") return AlgorithmKind::LoadBalancer;
  if (kind == "shadow") return AlgorithmKind::Shadow;
  if (kind == "auditor") return AlgorithmKind::Auditor;
  return std::nullopt;
}

AlgorithmKind RequireKind(const std::string& kind) {
  std::optional<AlgorithmKind> found = KindNamed(kind);
  if (!found) throw Error(Message<msg::UnknownAlgorithmKind>(arg::kind = kind, arg::known = kAlgorithmKinds));
  return *found;
}

}  // namespace

void RegisterAlgorithms(py::module_& module) {
  module.def("register_algorithm", &Register, py::arg("kind"), py::arg("type_name"), py::arg("factory"),
             "Registers `factory(props) -> adapter` for (kind, type_name); see sqlroute.register_algorithm.");
  module.def(
      "unregister_algorithm",
      [](const std::string& kind, const std::string& type) {
        return AlgorithmRegistry::Global().Unregister(RequireKind(kind), type);
      },
      py::arg("kind"), py::arg("type_name"), "Removes a registered type; False for built-ins and unknown names.");
  module.def(
      "algorithm_types",
      [](const std::string& kind) { return AlgorithmRegistry::Global().TypeNames(RequireKind(kind)); },
      py::arg("kind"), "The registered type names of one kind (upper case), built-ins included.");
}

}  // namespace sqlroute::bindings
