#pragma once
// mysql_native_password: the client proves it knows the password by sending
// SHA1(password) XOR SHA1(scramble + SHA1(SHA1(password))).
#include <string>
#include <string_view>

namespace sqlroute::proxy {

// 20 random printable bytes without NUL, as MySQL servers send.
std::string NewScramble();
// The client's answer for `password` (empty for an empty password).
std::string NativePasswordToken(std::string_view password, std::string_view scramble);
// Whether `token` answers `scramble` for `password`, in constant time.
bool NativePasswordMatches(std::string_view password, std::string_view scramble, std::string_view token);

}  // namespace sqlroute::proxy
