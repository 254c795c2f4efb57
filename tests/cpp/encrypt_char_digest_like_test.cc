// CHAR_DIGEST_LIKE (ShardingSphere's CharDigestLikeEncryptAlgorithm): vectors, wildcards,
// dictionaries given inline or as a file.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>

#include "sqlroute/algorithm.h"
#include "sqlroute/error.h"
#include "support/shared_data.h"

namespace sqlroute {
namespace {

std::shared_ptr<const Encryptor> Like(const Props& props) {
  return AlgorithmRegistry::Global().CreateEncryptor("CHAR_DIGEST_LIKE", props, "encryptors.like");
}

// Decodes well-formed UTF-8 into code points.
std::u32string CodePoints(const std::string& utf8) {
  std::u32string result;
  for (std::size_t i = 0; i < utf8.size();) {
    auto lead = static_cast<unsigned char>(utf8[i]);
    int extra = lead < 0x80 ? 0 : lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3;
    char32_t cp = extra == 0 ? lead : lead & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k) cp = (cp << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    result += cp;
    i += static_cast<std::size_t>(extra) + 1;
  }
  return result;
}

std::string Digest(const Props& props, const std::string& plain) {
  return Like(props)->Encrypt(Value::String(plain)).text();
}

TEST(CharDigestLike, LatinLettersAndDigits) {
  EXPECT_EQ(Digest({}, "1234567890%abcdefghijklmnopqrstuvwxyz%ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
            "0145458981%`adedehihilmlmpqpqtutuxyxy%@ADEDEHIHILMLMPQPQTUTUXYXY");
}

TEST(CharDigestLike, UnderscoreWildcardsAreKept) {
  EXPECT_EQ(Digest({}, "_1234__5678__"), "_0145__4589__");
}

TEST(CharDigestLike, DefaultDictionaryFromFile) {
  SQLROUTE_REQUIRE_SHARED("data/common_chinese_character.dict");
  Props props{{"dict-file", testing_support::SharedPath("data/common_chinese_character.dict")}};
  EXPECT_EQ(Digest(props, "中国"), "婝估");
}

TEST(CharDigestLike, InlineDictionaryWithStart) {
  EXPECT_EQ(Digest({{"dict", "한국어시험"}, {"start", "44032"}}, "한국"), "각가");
}

TEST(CharDigestLike, CharactersOutsideTheDictionaryUseTheirOwnCode) {
  // '中' is U+4E2D: ((0x4e2d + 1) & 3965) + 0x4e00 = U+5C2C, not the default dictionary's result.
  EXPECT_EQ(Digest({{"dict", "한국어시험"}}, "中"), "\u5c2c");
}

TEST(CharDigestLike, DefaultPropsUseTheDefaultDictionary) {
  EXPECT_EQ(Digest({}, "中国"), "婝估");
  EXPECT_EQ(Digest({{"dict", ""}}, "中国"), "婝估");  // an empty dict is none
}

TEST(CharDigestLike, DefaultDictionaryIsTheSharedFile) {
  SQLROUTE_REQUIRE_SHARED("data/common_chinese_character.dict");
  Props from_file{{"dict-file", testing_support::SharedPath("data/common_chinese_character.dict")}};
  std::string every;  // each dictionary character once, in file order
  std::ifstream in(testing_support::SharedPath("data/common_chinese_character.dict"));
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') every += line;
  }
  ASSERT_FALSE(every.empty());
  EXPECT_EQ(Digest({}, every), Digest(from_file, every));
}

TEST(CharDigestLike, ResultThatWouldBeAWildcardKeepsTheOriginalChar) {
  // '$' (36) + 1 = 37 = '%': the original '$' is emitted instead.
  EXPECT_EQ(Digest({{"mask", "255"}}, "$"), "$");
  // '^' (94) + 1 = 95 = '_'.
  EXPECT_EQ(Digest({{"mask", "255"}}, "^"), "^");
}

TEST(CharDigestLike, DictFileSkipsCommentLines) {
  std::string file = ::testing::TempDir() + "char_digest_like_test.dict";
  {
    std::ofstream out(file);
    out << "# a comment\n한국\n# another\n어시험\n";
  }
  EXPECT_EQ(Digest({{"dict-file", file}, {"start", "44032"}}, "한국"), "각가");
  std::remove(file.c_str());
}

TEST(CharDigestLike, SupportsLikeButNotDecrypt) {
  auto encryptor = Like({});
  EXPECT_TRUE(encryptor->SupportsLike());
  EXPECT_FALSE(encryptor->SupportsDecrypt());
  try {
    encryptor->Decrypt(Value::String("abc"));
    FAIL() << "decrypt must fail";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::DECRYPT_FAILED);
    EXPECT_EQ(error.message(), "Algorithm `CHAR_DIGEST_LIKE` is unsupported to decrypt");
  }
}

TEST(CharDigestLike, BadPropsAreConfigErrors) {
  for (const Props& props : {Props{{"delta", "one"}}, Props{{"mask", "0x10"}}, Props{{"start", "99999999999"}},
                             Props{{"dict", "a"}, {"dict-file", "/nonexistent"}},
                             Props{{"dict-file", "/nonexistent/file.dict"}}}) {
    try {
      Like(props);
      FAIL() << "props must be rejected";
    } catch (const Error& error) {
      EXPECT_EQ(error.code(), ErrorCode::CONFIG_ALGORITHM_PROPS);
      EXPECT_EQ(error.config_path(), "encryptors.like");
    }
  }
}

TEST(CharDigestLike, PropertyWildcardsStayInPlaceAndLengthIsKept) {
  // Over random ASCII and CJK text: every '%' and '_' is kept at its position, no other
  // position turns into a wildcard, and the digest has as many characters as the input.
  auto encryptor = Like({{"dict", "的一是在不了有和人这中大为上个国"}});
  std::mt19937 rng(7);
  const std::vector<std::string> alphabet = {"%", "_", "a", "Z", "0", "$", "^", "中", "国", "婝", "é", "\x7f"};
  for (int iteration = 0; iteration < 2000; ++iteration) {
    std::vector<std::string> chars;
    int length = std::uniform_int_distribution<int>(0, 20)(rng);
    for (int i = 0; i < length; ++i) chars.push_back(alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)]);
    std::string plain;
    for (const auto& each : chars) plain += each;
    std::u32string digest = CodePoints(encryptor->Encrypt(Value::String(plain)).text());
    ASSERT_EQ(digest.size(), chars.size()) << plain;
    for (std::size_t i = 0; i < chars.size(); ++i) {
      bool wildcard = chars[i] == "%" || chars[i] == "_";
      EXPECT_EQ(digest[i] == U'%' || digest[i] == U'_', wildcard) << plain << " at " << i;
      if (wildcard) EXPECT_EQ(digest[i], static_cast<char32_t>(chars[i][0]));
    }
  }
}

}  // namespace
}  // namespace sqlroute
