#include "algorithm/keygen/snowflake_epoch.h"

#include <cctype>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iterator>
#include <vector>

#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {
namespace {

// 2016-11-01T00:00:00 as seconds on the zone-less time line.
constexpr int64_t kEpochLocalSeconds = 1477958400;

// "+08:00", "-5", "+0530" after an optional UTC/GMT/UT prefix; nullopt when not of that form.
std::optional<int64_t> FixedOffsetSeconds(std::string text) {
  for (const char* prefix : {"UTC", "GMT", "UT"}) {
    if (text.rfind(prefix, 0) == 0) {
      text = text.substr(std::string(prefix).size());
      break;
    }
  }
  if (text.empty() || text == "Z") return 0;
  if (text[0] != '+' && text[0] != '-') return std::nullopt;
  std::string digits;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(text[i]))) digits += text[i];
    else if (!(text[i] == ':' && i == text.size() - 3)) return std::nullopt;
  }
  if (digits.empty() || digits.size() > 4 || digits.size() == 3) return std::nullopt;
  int hours = std::stoi(digits.substr(0, digits.size() <= 2 ? digits.size() : 2));
  int minutes = digits.size() == 4 ? std::stoi(digits.substr(2)) : 0;
  if (hours > 18 || minutes > 59) return std::nullopt;
  int64_t seconds = hours * 3600 + minutes * 60;
  return text[0] == '-' ? -seconds : seconds;
}

int64_t BigEndian(const std::string& data, std::size_t offset, int bytes) {
  if (offset + bytes > data.size()) throw Error(Message<msg::ZoneFileTruncated>());
  uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value = (value << 8) | static_cast<unsigned char>(data[offset + i]);
  if (bytes == 4) return static_cast<int32_t>(static_cast<uint32_t>(value));
  return static_cast<int64_t>(value);
}

// UTC offsets of a TZif file (RFC 8536): transition instants and the offset in force from each.
struct ZoneTransitions {
  std::vector<int64_t> instants;
  std::vector<int64_t> offsets;  // offsets[i] applies from instants[i]
  int64_t initial_offset = 0;
  bool rules_after_last = false;  // the footer has DST rules we do not evaluate

  int64_t OffsetAt(int64_t utc_seconds) const {
    if (instants.empty() || utc_seconds < instants.front()) return initial_offset;
    if (utc_seconds > instants.back() && rules_after_last) {
      throw Error(Message<msg::ZoneTransitionsExhausted>());
    }
    std::size_t i = 0;
    while (i + 1 < instants.size() && instants[i + 1] <= utc_seconds) ++i;
    return offsets[i];
  }
};

ZoneTransitions ReadZoneInfo(const std::string& zone) {
  if (zone.empty() || zone[0] == '/' || zone.find("..") != std::string::npos) throw Error(Message<msg::ZoneIdBad>());
  const char* dir = std::getenv("TZDIR");
  std::ifstream file(std::string(dir && *dir ? dir : "/usr/share/zoneinfo") + "/" + zone, std::ios::binary);
  std::string data((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  if (data.size() < 44 || data.compare(0, 4, "TZif") != 0) throw Error(Message<msg::ZoneIdUnknown>());
  std::size_t header = 0;
  int time_bytes = 4;
  auto counts = [&](std::size_t at, int index) { return static_cast<std::size_t>(BigEndian(data, at + 20 + 4 * index, 4)); };
  if (data[4] >= '2') {  // skip the 32-bit block; use the 64-bit one
    std::size_t v1 = counts(0, 3) * 5 + counts(0, 4) * 6 + counts(0, 5) + counts(0, 2) * 8 + counts(0, 1) + counts(0, 0);
    header = 44 + v1;
    time_bytes = 8;
  }
  std::size_t leap = counts(header, 2), times = counts(header, 3), types = counts(header, 4), chars = counts(header, 5);
  std::size_t at = header + 44;
  std::size_t indices = at + times * time_bytes;
  std::size_t infos = indices + times;
  ZoneTransitions result;
  auto offset_of = [&](std::size_t type) { return BigEndian(data, infos + type * 6, 4); };
  if (types == 0) throw Error(Message<msg::ZoneFileWithoutTypes>());
  result.initial_offset = offset_of(0);
  for (std::size_t i = 0; i < times; ++i) {
    result.instants.push_back(BigEndian(data, at + i * time_bytes, time_bytes));
    auto type = static_cast<std::size_t>(static_cast<unsigned char>(data.at(indices + i)));
    if (type >= types) throw Error(Message<msg::ZoneFileCorrupt>());
    result.offsets.push_back(offset_of(type));
  }
  if (time_bytes == 8) {
    std::size_t footer = infos + types * 6 + chars + leap * 12 + counts(header, 1) + counts(header, 0);
    result.rules_after_last = data.find(',', footer) != std::string::npos;
  }
  return result;
}

int64_t LocalEpochSeconds() {
  std::tm local{};
  local.tm_year = 2016 - 1900;
  local.tm_mon = 10;
  local.tm_mday = 1;
  local.tm_isdst = -1;
  return static_cast<int64_t>(std::mktime(&local));
}

}  // namespace

int64_t SnowflakeEpochMillis(const std::optional<std::string>& time_zone) {
  if (!time_zone) return LocalEpochSeconds() * 1000;
  if (auto fixed = FixedOffsetSeconds(*time_zone)) return (kEpochLocalSeconds - *fixed) * 1000;
  ZoneTransitions zone = ReadZoneInfo(*time_zone);
  int64_t offset = zone.OffsetAt(kEpochLocalSeconds - zone.initial_offset);
  offset = zone.OffsetAt(kEpochLocalSeconds - offset);
  return (kEpochLocalSeconds - offset) * 1000;
}

}  // namespace sqlroute::algorithm
