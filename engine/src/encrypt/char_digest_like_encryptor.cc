// CHAR_DIGEST_LIKE: a per-character digest that keeps LIKE patterns usable. Each UTF-16 code
// unit c of the plaintext becomes:
//   '%' and '_'          -> themselves
//   c <= 255             -> (c + delta) & mask
//   c in the dictionary  -> ((index of c + delta) & mask) + start
//   any other c          -> ((c + delta) & mask) + start
// and a result equal to '%' or '_' is replaced by the original character.
//
// The dictionary is `dict` (the characters) when given and not empty, else `dict-file` (a file, a
// sqlroute extension), else ShardingSphere's default dictionary of common Chinese characters
// (encrypt/default_char_dict.h). In a file, empty lines and lines starting with '#' are skipped
// and the others joined, as CharDigestLikeEncryptAlgorithm reads its default dictionary.
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string_view>
#include <unordered_map>

#include "common/text_codec.h"
#include "encrypt/default_char_dict.h"
#include "encrypt/encryptor_props.h"
#include "encrypt/encryptors.h"
#include "encrypt/text_encryptor.h"
#include "sqlroute/error_text.h"

namespace sqlroute::encrypt {

namespace {

constexpr int kDefaultDelta = 1;
constexpr int kDefaultMask = 0b1111'0111'1101;
constexpr int kDefaultStart = 0x4e00;
constexpr char16_t kMaxLatinChar = 255;

bool IsLikeWildcard(char16_t c) { return c == u'%' || c == u'_'; }

class CharDigestLikeEncryptor final : public TextEncryptor {
 public:
  CharDigestLikeEncryptor(int delta, int mask, int start, const std::u16string& dict)
      : delta_(delta), mask_(mask), start_(start) {
    for (std::size_t i = 0; i < dict.size(); ++i) char_indexes_[dict[i]] = static_cast<int>(i);  // last one wins
  }
  bool SupportsDecrypt() const override { return false; }
  bool SupportsLike() const override { return true; }
  bool SupportsEquivalentFilter() const override { return false; }

 protected:
  std::string EncryptText(const std::string& plain) const override {
    std::u16string text = Utf8ToUtf16(plain);
    for (char16_t& c : text) c = Mask(c);
    return Utf16ToUtf8(text);
  }
  std::string DecryptText(const std::string&) const override {
    throw Error(Message<msg::DecryptUnsupported>(arg::algorithm = "CHAR_DIGEST_LIKE"));
  }

 private:
  // Java int arithmetic narrowed to char: only the low 16 bits matter, so unsigned
  // wrap-around gives the same result.
  char16_t Mask(char16_t c) const {
    if (IsLikeWildcard(c)) return c;
    uint32_t delta = static_cast<uint32_t>(delta_);
    uint32_t mask = static_cast<uint32_t>(mask_);
    uint32_t result;
    if (c <= kMaxLatinChar) {
      result = (c + delta) & mask;
    } else {
      auto found = char_indexes_.find(c);
      uint32_t base = found != char_indexes_.end() ? static_cast<uint32_t>(found->second) : c;
      result = ((base + delta) & mask) + static_cast<uint32_t>(start_);
    }
    auto masked = static_cast<char16_t>(result);
    return IsLikeWildcard(masked) ? c : masked;
  }

  int delta_;
  int mask_;
  int start_;
  std::unordered_map<char16_t, int> char_indexes_;
};

std::string JoinDictLines(std::string_view text) {
  std::string result;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    result += line;
  }
  return result;
}

std::string ReadDictFile(const std::string& file, const std::string& path) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error(Message<msg::DictFileUnreadable>(arg::file = file), path);
  std::ostringstream text;
  text << in.rdbuf();
  return JoinDictLines(text.str());
}

}  // namespace

std::shared_ptr<const Encryptor> CreateCharDigestLikeEncryptor(const Props& props, const std::string& path) {
  int delta = IntPropOr(props, "delta", kDefaultDelta, path);
  int mask = IntPropOr(props, "mask", kDefaultMask, path);
  int start = IntPropOr(props, "start", kDefaultStart, path);
  auto dict = props.Get("dict");
  auto dict_file = props.Get("dict-file");
  if (dict && dict->empty()) dict.reset();  // ShardingSphere takes an empty `dict` for none
  if (dict && dict_file) throw Error(Message<msg::DictAndDictFile>(), path);
  std::string chars = dict ? *dict : dict_file ? ReadDictFile(*dict_file, path) : JoinDictLines(DefaultCharDictFile());
  return std::make_shared<CharDigestLikeEncryptor>(delta, mask, start, Utf8ToUtf16(chars));
}

}  // namespace sqlroute::encrypt
