#pragma once
// ShardingSphere's default dictionary of common Chinese characters for CHAR_DIGEST_LIKE (its
// resource algorithm/like/common_chinese_character.dict, Apache License 2.0, see NOTICE), compiled
// in from engine/data/common_chinese_character.dict: the file's text, comment lines included.
#include <string_view>

namespace sqlroute::encrypt {

std::string_view DefaultCharDictFile();

}  // namespace sqlroute::encrypt
