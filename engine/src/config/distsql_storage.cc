// REGISTER / ALTER / UNREGISTER STORAGE UNIT and the 5.2 ADD / ALTER / DROP RESOURCE.
#include <algorithm>

#include "config/distsql_parser.h"
#include "sqlroute/error_text.h"

namespace sqlroute::config::distsql {

// name ( HOST="h", PORT=3306, DB="db" | URL="jdbc:...", USER="u" [, PASSWORD="p"] [, PROPERTIES(...)] ), ...
void Parser::StorageUnits(Verb verb) {
  bool if_not_exists = verb == Verb::Create && IfNotExists();
  do {
    const Token& name_token = Peek();
    std::string name = Name();
    std::string host, port, db, url, user, password;
    Props extra;
    ExpectSymbol('(');
    do {
      if (AcceptWord("PROPERTIES")) {
        Props props = Properties();
        for (const auto& [key, value] : props.items()) extra.Set(key, value);
        continue;
      }
      std::string* target = IsWord("HOST")       ? &host
                            : IsWord("PORT")     ? &port
                            : IsWord("DB")       ? &db
                            : IsWord("URL")      ? &url
                            : IsWord("USER")     ? &user
                            : IsWord("PASSWORD") ? &password
                                                 : nullptr;
      if (!target) Fail("HOST, PORT, DB, URL, USER, PASSWORD or PROPERTIES");
      ++pos_;
      ExpectSymbol('=');
      *target = Value();
    } while (AcceptSymbol(','));
    ExpectSymbol(')');
    if (url.empty()) {
      if (host.empty() || db.empty()) FailAt(name_token, Message<msg::StorageUnitIncomplete>(arg::name = name));
      url = "jdbc:mysql://" + host + (port.empty() ? "" : ":" + port) + "/" + db;
    }
    DataSourceConfig data_source;
    data_source.props.Set("url", url);
    if (!user.empty()) data_source.props.Set("username", user);
    if (!password.empty()) data_source.props.Set("password", password);
    for (const auto& [key, value] : extra.items()) data_source.props.Set(key, value);

    auto existing = std::find_if(config_.data_sources.begin(), config_.data_sources.end(),
                                 [&](const auto& each) { return each.name == name; });
    if (verb == Verb::Create && existing != config_.data_sources.end()) {
      if (if_not_exists) continue;
      FailAt(name_token, Message<msg::AlreadyExists>(arg::what = "storage unit", arg::name = name));
    }
    if (verb == Verb::Alter && existing == config_.data_sources.end()) {
      FailAt(name_token, Message<msg::DoesNotExist>(arg::what = "storage unit", arg::name = name));
    }
    if (verb == Verb::Alter) {
      existing->value = data_source;
    } else {
      config_.data_sources.push_back({name, data_source, PathOf(name)});
    }
  } while (AcceptSymbol(','));
}

// [IF EXISTS] a, b [IGNORE SINGLE [AND BROADCAST] TABLES | IGNORE BROADCAST TABLES]
void Parser::DropStorageUnits() {
  bool if_exists = IfExists();
  do {
    const Token& name_token = Peek();
    std::string name = Name();
    auto& list = config_.data_sources;
    auto existing = std::find_if(list.begin(), list.end(), [&](const auto& each) { return each.name == name; });
    if (existing != list.end()) {
      list.erase(existing);
    } else if (!if_exists) {
      FailAt(name_token, Message<msg::DoesNotExist>(arg::what = "storage unit", arg::name = name));
    }
  } while (AcceptSymbol(','));
  if (AcceptWord("IGNORE")) {
    if (AcceptWord("SINGLE")) {
      if (AcceptWord("AND")) ExpectWord("BROADCAST");
    } else {
      ExpectWord("BROADCAST");
    }
    ExpectWord("TABLES");
  }
}

}  // namespace sqlroute::config::distsql
