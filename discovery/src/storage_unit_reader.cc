#include "storage_unit_reader.h"

#include <mysql.h>

#include <cctype>
#include <functional>
#include <memory>
#include <set>
#include <sstream>
#include <vector>

#include "sqlroute/error_text.h"

namespace sqlroute::discovery {

namespace {

// MySQLMetaDataLoader's queries, for the connection's database, tables in name order.
constexpr const char* kColumns =
    "SELECT TABLE_NAME, COLUMN_NAME, COLUMN_KEY, EXTRA FROM information_schema.columns "
    "WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION";
constexpr const char* kIndexes =
    "SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, COLUMN_NAME FROM information_schema.statistics "
    "WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, NON_UNIQUE, INDEX_NAME, SEQ_IN_INDEX";
constexpr const char* kConstraints =
    "SELECT CONSTRAINT_NAME, TABLE_NAME, REFERENCED_TABLE_NAME FROM information_schema.KEY_COLUMN_USAGE "
    "WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_SCHEMA IS NOT NULL ORDER BY TABLE_NAME, CONSTRAINT_NAME";

using Row = std::vector<std::string>;

std::set<std::string> Words(const std::string& text) {
  std::set<std::string> result;
  std::istringstream in(text);
  for (std::string word; in >> word;) {
    for (auto& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    result.insert(word);
  }
  return result;
}

// A column name, or a map with the flags that are not the defaults (metadata_loader.h).
YAML::Node Column(const std::string& name, const std::string& key, const std::string& extra) {
  std::set<std::string> words = Words(extra);
  YAML::Node result;
  result["name"] = name;
  if (words.count("INVISIBLE")) result["visible"] = false;
  if (words.count("GENERATED")) result["generated"] = true;  // VIRTUAL or STORED GENERATED
  if (words.count("AUTO_INCREMENT")) result["autoIncrement"] = true;
  if (key == "PRI") result["primaryKey"] = true;
  return result.size() == 1 ? YAML::Node(name) : result;
}

class Reader {
 public:
  Reader(const std::string& name, const StorageUnitAddress& address) : name_(name), address_(address) {}
  ~Reader() {
    if (connection_) mysql_close(connection_);
  }
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  void Connect(const DiscoveryOptions& options) {
    if (address_.host.empty()) Fail("the data source has no url");
    connection_ = mysql_init(nullptr);
    if (!connection_) Fail("out of memory");
    unsigned connect_timeout = options.connect_timeout_seconds, read_timeout = options.read_timeout_seconds;
    mysql_options(connection_, MYSQL_OPT_CONNECT_TIMEOUT, &connect_timeout);
    mysql_options(connection_, MYSQL_OPT_READ_TIMEOUT, &read_timeout);
    mysql_options(connection_, MYSQL_OPT_WRITE_TIMEOUT, &read_timeout);
    mysql_options(connection_, MYSQL_SET_CHARSET_NAME, "utf8mb4");
    const char* database = address_.database.empty() ? nullptr : address_.database.c_str();
    if (!mysql_real_connect(connection_, address_.host.c_str(), address_.user.c_str(), address_.password.c_str(),
                            database, address_.port, nullptr, 0)) {
      Fail(mysql_error(connection_));
    }
  }

  void Query(const char* sql, const std::function<void(const Row&)>& each) {
    if (mysql_query(connection_, sql) != 0) Fail(mysql_error(connection_));
    std::unique_ptr<MYSQL_RES, decltype(&mysql_free_result)> result(mysql_store_result(connection_), &mysql_free_result);
    if (!result) Fail(mysql_error(connection_));
    unsigned fields = mysql_num_fields(result.get());
    Row row(fields);
    while (MYSQL_ROW values = mysql_fetch_row(result.get())) {
      unsigned long* lengths = mysql_fetch_lengths(result.get());
      for (unsigned i = 0; i < fields; ++i) row[i] = values[i] ? std::string(values[i], lengths[i]) : std::string();
      each(row);
    }
  }

 private:
  [[noreturn]] void Fail(std::string detail) const {
    if (!address_.password.empty()) {
      for (std::size_t at; (at = detail.find(address_.password)) != std::string::npos;) detail.replace(at, address_.password.size(), "***");
    }
    throw Error(Message<msg::MetadataUnreadable>(arg::data_source = name_, arg::detail = detail));
  }

  const std::string& name_;
  const StorageUnitAddress& address_;
  MYSQL* connection_ = nullptr;
};

YAML::Node TableNode(YAML::Node& tables, const std::string& table) {
  YAML::Node node = tables[table];
  if (!node.IsMap()) {
    node["columns"] = YAML::Node(YAML::NodeType::Sequence);
    node["indexes"] = YAML::Node(YAML::NodeType::Sequence);
    node["constraints"] = YAML::Node(YAML::NodeType::Sequence);
  }
  return node;
}

}  // namespace

YAML::Node ReadStorageUnit(const std::string& name, const StorageUnitAddress& address, const DiscoveryOptions& options) {
  Reader reader(name, address);
  reader.Connect(options);
  YAML::Node tables(YAML::NodeType::Map);
  std::set<std::string> known;
  reader.Query(kColumns, [&](const Row& row) {
    known.insert(row[0]);
    TableNode(tables, row[0])["columns"].push_back(Column(row[1], row[2], row[3]));
  });
  std::string last_table, last_index;
  YAML::Node index;
  reader.Query(kIndexes, [&](const Row& row) {
    if (!known.count(row[0]) || row[3].empty()) return;
    if (row[0] != last_table || row[1] != last_index) {
      last_table = row[0];
      last_index = row[1];
      index.reset(YAML::Node(YAML::NodeType::Map));  // rebinds: `=` would overwrite the previous index
      index["name"] = row[1];
      index["columns"] = YAML::Node(YAML::NodeType::Sequence);
      index["unique"] = row[2] == "0";
      tables[row[0]]["indexes"].push_back(index);
    }
    index["columns"].push_back(row[3]);
  });
  std::set<std::pair<std::string, std::string>> seen;
  reader.Query(kConstraints, [&](const Row& row) {
    if (!known.count(row[1]) || !seen.insert({row[1], row[0]}).second) return;
    YAML::Node constraint;
    constraint["name"] = row[0];
    constraint["referencedTable"] = row[2];
    tables[row[1]]["constraints"].push_back(constraint);
  });
  return tables;
}

}  // namespace sqlroute::discovery
