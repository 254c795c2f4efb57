#include "error_mapping.h"

namespace sqlroute::proxy {

MysqlError ToMysqlError(const Error& error) {
  // error.what() carries the position or key path after the message; clients get the message.
  std::string message = error.message();
  switch (error.code()) {
    case ErrorCode::SQL_SYNTAX_ERROR:
    case ErrorCode::SQL_EMPTY: return {1064, "42000", message};
    case ErrorCode::TABLE_NOT_FOUND: return {1146, "42S02", message};      // MySQLVendorError.ER_NO_SUCH_TABLE
    case ErrorCode::TABLE_EXISTS: return {1050, "42S01", message};         // ER_TABLE_EXISTS_ERROR
    case ErrorCode::INDEX_EXISTS: return {10005, "42S01", message};        // DuplicateIndexException
    case ErrorCode::INDEX_NOT_FOUND: return {10004, "42S02", message};     // IndexNotFoundException
    case ErrorCode::DROP_CASCADE_UNSUPPORTED: return {12300, "0A000", message};  // UnsupportedDropCascadeTableException
    case ErrorCode::COLUMN_AMBIGUOUS: return {1052, "23000", message};
    case ErrorCode::PARAMETER_MISSING:
    case ErrorCode::PARAMETER_INVALID: return {1210, "HY000", message};
    default: break;
  }
  if (int code = ShardingSphereCode(error.code()); code != 0) {
    // ShardingSphere's own 2xxxx code; SQLSTATE 44000 for every one of them (ShardingSphere's
    // exceptions vary it per class; one value keeps the mapping stable).
    return {static_cast<std::uint16_t>(code), "44000", message};
  }
  switch (error.category()) {
    case ErrorCategory::Syntax: return {1064, "42000", message};
    case ErrorCategory::Unsupported: return {1235, "42000", message};  // ER_NOT_SUPPORTED_YET
    case ErrorCategory::Config: return {1105, "HY000", message};
    default: return {1105, "HY000", message};  // ER_UNKNOWN_ERROR
  }
}

}  // namespace sqlroute::proxy
