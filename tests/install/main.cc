// A project outside the tree that finds an installed sqlroute and routes the README example.
#include <sqlroute/sqlroute.h>

#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  sqlroute::Engine engine = sqlroute::Engine::FromYamlFile(argv[1]);
  sqlroute::Plan plan = engine.Route("SELECT * FROM t_user WHERE id = ?", {sqlroute::Value::Int(7)});
  bool expected = plan.units.size() == 1 && plan.units[0].data_source == "ds_3" &&
                  plan.units[0].sql == "SELECT * FROM t_user_7 WHERE id = ?";
  std::cout << (expected ? "routed as expected" : "unexpected route") << "\n";
  return expected ? 0 : 1;
}
