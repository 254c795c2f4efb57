// sqlroute-discover RULES [--timeout SECONDS]: reads the metadata of RULES' storage units and prints
// the `metadata:` YAML. Exit status 0, or 2 with `error[CODE]: message` on stderr.
#include <cstdlib>
#include <iostream>
#include <string>

#include "sqlroute/metadata_discovery.h"

int main(int argc, char** argv) {
  if (argc != 2 && !(argc == 4 && std::string(argv[2]) == "--timeout")) {
    std::cerr << "usage: sqlroute-discover RULES [--timeout SECONDS]\n";
    return 2;
  }
  sqlroute::DiscoveryOptions options;
  if (argc == 4) options.connect_timeout_seconds = options.read_timeout_seconds = static_cast<unsigned>(std::atoi(argv[3]));
  try {
    auto rules = sqlroute::RuleSet::FromYamlFile(argv[1]);
    std::cout << sqlroute::DiscoverMetadata(*rules, options)->ExportMetadataYaml();
    return 0;
  } catch (const sqlroute::Error& error) {
    std::cerr << "error[" << sqlroute::ErrorCodeName(error.code()) << "]: " << error.message() << "\n";
    return 2;
  }
}
