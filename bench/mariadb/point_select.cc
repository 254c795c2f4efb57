// Round trip of a sysbench point select against a MariaDB server (the baseline the engine's cost
// is compared with): prints the median over repetitions of the mean time per query, in ns.
// Usage: point_select PORT [QUERIES] [REPETITIONS]; built and run by bench/run.sh.
#include <mysql.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
  unsigned port = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 3306;
  int queries = argc > 2 ? std::atoi(argv[2]) : 20000;
  int repetitions = argc > 3 ? std::atoi(argv[3]) : 5;
  MYSQL* db = mysql_init(nullptr);
  if (!mysql_real_connect(db, "127.0.0.1", "root", nullptr, "sbtest", port, nullptr, 0)) {
    std::fprintf(stderr, "connect: %s\n", mysql_error(db));
    return 1;
  }
  MYSQL_STMT* stmt = mysql_stmt_init(db);
  const char sql[] = "SELECT c FROM sbtest1 WHERE id=?";
  if (mysql_stmt_prepare(stmt, sql, sizeof sql - 1) != 0) {
    std::fprintf(stderr, "prepare: %s\n", mysql_stmt_error(stmt));
    return 1;
  }
  int id = 0;
  MYSQL_BIND param{};
  param.buffer_type = MYSQL_TYPE_LONG;
  param.buffer = &id;
  mysql_stmt_bind_param(stmt, &param);
  std::vector<double> means;
  for (int r = 0; r < repetitions; ++r) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < queries; ++i) {
      id = 1 + i % 1000;
      if (mysql_stmt_execute(stmt) != 0 || mysql_stmt_store_result(stmt) != 0) {
        std::fprintf(stderr, "execute: %s\n", mysql_stmt_error(stmt));
        return 1;
      }
      mysql_stmt_free_result(stmt);
    }
    std::chrono::duration<double, std::nano> elapsed = std::chrono::steady_clock::now() - start;
    means.push_back(elapsed.count() / queries);
  }
  std::sort(means.begin(), means.end());
  std::printf("%.0f\n", means[means.size() / 2]);
  mysql_stmt_close(stmt);
  mysql_close(db);
  return 0;
}
