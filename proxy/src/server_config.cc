#include "server_config.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "sqlroute/error_text.h"

namespace sqlroute::proxy {

namespace {

namespace fs = std::filesystem;

// Top-level keys of ShardingSphere-Proxy's server.yaml (YamlProxyServerConfiguration); only
// authority and props change what this proxy does.
const char* const kServerKeys[] = {"mode",          "authority", "props",   "transaction", "sqlParser",
                                   "sqlFederation", "sqlTranslator", "logging", "globalClock", "sqlTransaction",
                                   "cdc",           "rules",     "labels"};

[[noreturn]] void Fail(ErrorText text, const std::string& path) { throw Error(std::move(text), path); }

std::string Scalar(const YAML::Node& node, const std::string& path) {
  if (!node.IsScalar()) Fail(Message<msg::ExpectedScalar>(), path);
  return node.Scalar();
}

// `root@%` -> name root, host %; a missing host is %.
void SplitUserHost(const std::string& text, ProxyUser& user, const std::string& path) {
  std::size_t at = text.find('@');
  user.name = text.substr(0, at);
  user.host = at == std::string::npos ? "%" : text.substr(at + 1);
  if (user.name.empty() || user.host.empty()) Fail(Message<msg::UserEntryMalformed>(), path);
}

ProxyUser ReadUser(const YAML::Node& node, const std::string& path) {
  ProxyUser user;
  if (node.IsScalar()) {  // the older `root@%:root` form
    const std::string& text = node.Scalar();
    std::size_t colon = text.find(':', text.find('@') == std::string::npos ? 0 : text.find('@'));
    if (colon == std::string::npos) Fail(Message<msg::UserEntryMalformed>(), path);
    SplitUserHost(text.substr(0, colon), user, path);
    user.password = text.substr(colon + 1);
    return user;
  }
  if (!node.IsMap()) Fail(Message<msg::ExpectedMap>(), path);
  for (const auto& entry : node) {
    std::string key = entry.first.Scalar();
    if (key == "user") {
      SplitUserHost(Scalar(entry.second, path + ".user"), user, path + ".user");
    } else if (key == "password") {
      user.password = entry.second.IsNull() ? "" : Scalar(entry.second, path + ".password");
    } else if (key != "admin" && key != "authenticationMethodName") {
      Fail(Message<msg::UnknownKey>(arg::key = key), path + "." + key);
    }
  }
  if (user.name.empty()) Fail(Message<msg::MissingKey>(arg::key = "user"), path);
  return user;
}

void ReadAuthority(const YAML::Node& node, ServerConfig& config) {
  if (!node.IsMap()) Fail(Message<msg::ExpectedMap>(), "authority");
  for (const auto& entry : node) {
    std::string key = entry.first.Scalar();
    if (key == "users") {
      if (!entry.second.IsSequence()) Fail(Message<msg::ExpectedList>(), "authority.users");
      for (std::size_t i = 0; i < entry.second.size(); ++i) {
        config.users.push_back(ReadUser(entry.second[i], "authority.users[" + std::to_string(i) + "]"));
      }
    } else if (key != "privilege" && key != "provider" && key != "authenticators" && key != "defaultAuthenticator") {
      Fail(Message<msg::UnknownKey>(arg::key = key), "authority." + key);
    }
  }
}

// server.yaml's global rule keys -> ShardingSphere's rule types (their YAML tags in lower_underscore).
const std::map<std::string, std::string>& GlobalRuleTypes() {
  static const std::map<std::string, std::string> types = {
      {"transaction", "transaction"},       {"sqlParser", "sql_parser"}, {"sqlFederation", "sql_federation"},
      {"sqlTranslator", "sql_translator"}, {"logging", "logging"},     {"globalClock", "global_clock"}};
  return types;
}

std::string Emitted(const YAML::Node& node) {
  YAML::Emitter out;
  out << node;
  return std::string(out.c_str()) + "\n";
}

// YamlAuthorityRuleConfiguration: the users as maps, then the other keys as given.
std::string AuthorityYaml(const std::vector<ProxyUser>& users, const YAML::Node& authority) {
  YAML::Node result(YAML::NodeType::Map);
  YAML::Node list(YAML::NodeType::Sequence);
  for (const ProxyUser& user : users) {
    YAML::Node entry(YAML::NodeType::Map);
    entry["user"] = user.name + "@" + user.host;
    entry["password"] = user.password;
    list.push_back(entry);
  }
  result["users"] = list;
  for (const auto& entry : authority) {
    if (entry.first.Scalar() != "users") result[entry.first.Scalar()] = entry.second;
  }
  return Emitted(result);
}

void ReadProps(const YAML::Node& node, ServerConfig& config) {
  if (node.IsNull()) return;
  if (!node.IsMap()) Fail(Message<msg::ExpectedMap>(), "props");
  for (const auto& entry : node) {
    std::string key = entry.first.Scalar();
    config.props.Set(key, entry.second.IsNull() ? "" : Scalar(entry.second, "props." + key));
  }
}

}  // namespace

std::vector<ProxyUser> AuthorityUsers(const std::string& yaml, const std::string& path) {
  YAML::Node root;
  try {
    root = YAML::Load(yaml);
  } catch (const YAML::Exception& yaml_error) {
    throw Error(Message<msg::YamlSyntax>(arg::detail = yaml_error.what()), path);
  }
  ServerConfig config;
  ReadAuthority(root, config);
  return config.users;
}

std::size_t ServerConfig::Count(const std::string& key, std::size_t fallback) const {
  std::optional<std::string> text = props.Get(key);
  if (!text) return fallback;
  std::size_t value = 0;
  auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (error != std::errc() || end != text->data() + text->size() || value == 0) {
    Fail(Message<msg::ProxyPropNotCount>(arg::key = key), "props." + key);
  }
  return value;
}

bool ServerConfig::Flag(const std::string& key, bool fallback) const {
  std::optional<std::string> text = props.Get(key);
  if (!text) return fallback;
  std::string lower(*text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower != "true" && lower != "false") Fail(Message<msg::ExpectedBoolean>(), "props." + key);
  return lower == "true";
}

std::string ServerConfig::Text(const std::string& key, const std::string& fallback) const {
  return props.Get(key).value_or(fallback);
}

ServerConfig LoadServerConfig(const std::string& directory) {
  ServerConfig config;
  config.directory = directory;
  std::error_code error;
  if (!fs::is_directory(directory, error)) throw Error(Message<msg::ConfigDirUnreadable>(arg::path = directory));
  for (const auto& entry : fs::directory_iterator(directory, error)) {
    std::string name = entry.path().filename().string();
    if (name.rfind("database-", 0) == 0 && entry.path().extension() == ".yaml") {
      config.rule_files.push_back(entry.path().string());
    }
  }
  if (error) throw Error(Message<msg::ConfigDirUnreadable>(arg::path = directory));
  std::sort(config.rule_files.begin(), config.rule_files.end());

  std::string server_file = (fs::path(directory) / "server.yaml").string();
  std::ifstream in(server_file);
  if (!in) throw Error(Message<msg::ProxyFileUnreadable>(arg::path = server_file));
  std::stringstream text;
  text << in.rdbuf();
  YAML::Node root;
  try {
    root = YAML::Load(text.str());
  } catch (const YAML::Exception& yaml_error) {
    throw Error(Message<msg::YamlSyntax>(arg::detail = yaml_error.what()), "server.yaml");
  }
  if (root.IsNull()) return config;
  if (!root.IsMap()) Fail(Message<msg::ExpectedMap>(), "");
  config.cluster_mode = cluster::ModeOptions(text.str());
  for (const auto& entry : root) {
    std::string key = entry.first.Scalar();
    if (std::find(std::begin(kServerKeys), std::end(kServerKeys), key) == std::end(kServerKeys)) {
      Fail(Message<msg::UnknownKey>(arg::key = key), key);
    }
    if (key == "authority") {
      ReadAuthority(entry.second, config);
      config.global_rules["authority"] = AuthorityYaml(config.users, entry.second);
    }
    if (key == "props") ReadProps(entry.second, config);
    if (GlobalRuleTypes().count(key) && entry.second.IsMap()) config.global_rules[GlobalRuleTypes().at(key)] = Emitted(entry.second);
    if (key == "rules" && entry.second.IsSequence()) {  // 5.1-5.3: `- !AUTHORITY` among the global rules
      for (const auto& rule : entry.second) {
        if (rule.Tag() != "!AUTHORITY") continue;
        ReadAuthority(rule, config);
        config.global_rules["authority"] = AuthorityYaml(config.users, rule);
      }
    }
  }
  return config;
}

}  // namespace sqlroute::proxy
