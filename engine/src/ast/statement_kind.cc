#include "ast/statement.h"

namespace sqlroute::ast {

StatementClass ClassOf(StatementKind kind) {
  switch (kind) {
    case StatementKind::Select:
    case StatementKind::Table:
    case StatementKind::Values: return StatementClass::DQL;
    case StatementKind::Insert:
    case StatementKind::Replace:
    case StatementKind::Update:
    case StatementKind::Delete:
    case StatementKind::LoadData:
    case StatementKind::Call:
    case StatementKind::Do: return StatementClass::DML;
    case StatementKind::Begin:
    case StatementKind::Commit:
    case StatementKind::Rollback:
    case StatementKind::Savepoint:
    case StatementKind::ReleaseSavepoint:
    case StatementKind::SetTransaction:
    case StatementKind::SetAutocommit:
    case StatementKind::Xa:
    case StatementKind::LockTables:
    case StatementKind::UnlockTables:
    case StatementKind::LockInstance:
    case StatementKind::UnlockInstance: return StatementClass::TCL;
    case StatementKind::Set:
    case StatementKind::Show:
    case StatementKind::Use:
    case StatementKind::Describe:
    case StatementKind::Explain:
    case StatementKind::Analyze:
    case StatementKind::Optimize:
    case StatementKind::Check:
    case StatementKind::Repair:
    case StatementKind::Kill:
    case StatementKind::Flush:
    case StatementKind::Reset:
    case StatementKind::CreateResourceGroup:
    case StatementKind::AlterResourceGroup:
    case StatementKind::DropResourceGroup:
    case StatementKind::SetResourceGroup:
    case StatementKind::Help:
    case StatementKind::Checksum:
    case StatementKind::CacheIndex:
    case StatementKind::LoadIndex:
    case StatementKind::InstallPlugin:
    case StatementKind::UninstallPlugin:
    case StatementKind::InstallComponent:
    case StatementKind::UninstallComponent:
    case StatementKind::Shutdown:
    case StatementKind::Restart:
    case StatementKind::Clone:
    case StatementKind::AlterInstance:
    case StatementKind::Binlog: return StatementClass::DAL;
    case StatementKind::Grant:
    case StatementKind::Revoke:
    case StatementKind::CreateUser:
    case StatementKind::DropUser:
    case StatementKind::AlterUser:
    case StatementKind::RenameUser:
    case StatementKind::SetPassword:
    case StatementKind::CreateRole:
    case StatementKind::DropRole:
    case StatementKind::SetRole: return StatementClass::DCL;
    case StatementKind::Prepare:
    case StatementKind::Execute:
    case StatementKind::DeallocatePrepare:
    case StatementKind::HandlerOpen:
    case StatementKind::HandlerRead:
    case StatementKind::HandlerClose:
    case StatementKind::Signal:
    case StatementKind::Resignal:
    case StatementKind::GetDiagnostics:
    case StatementKind::ImportTable:
    case StatementKind::ChangeReplicationSource:
    case StatementKind::ChangeReplicationFilter:
    case StatementKind::StartReplica:
    case StatementKind::StopReplica:
    case StatementKind::ResetReplica:
    case StatementKind::StartGroupReplication:
    case StatementKind::StopGroupReplication:
    case StatementKind::PurgeBinaryLogs:
    case StatementKind::Compound: return StatementClass::Other;
    default: return StatementClass::DDL;
  }
}

const char* KindName(StatementKind kind) {
  switch (kind) {
#define SQLROUTE_KIND(k, text) case StatementKind::k: return text;
    SQLROUTE_KIND(Select, "SELECT") SQLROUTE_KIND(Insert, "INSERT") SQLROUTE_KIND(Replace, "REPLACE")
    SQLROUTE_KIND(Update, "UPDATE") SQLROUTE_KIND(Delete, "DELETE") SQLROUTE_KIND(LoadData, "LOAD DATA")
    SQLROUTE_KIND(Call, "CALL") SQLROUTE_KIND(Do, "DO") SQLROUTE_KIND(Table, "TABLE") SQLROUTE_KIND(Values, "VALUES")
    SQLROUTE_KIND(CreateTable, "CREATE TABLE") SQLROUTE_KIND(AlterTable, "ALTER TABLE")
    SQLROUTE_KIND(DropTable, "DROP TABLE") SQLROUTE_KIND(TruncateTable, "TRUNCATE TABLE")
    SQLROUTE_KIND(RenameTable, "RENAME TABLE") SQLROUTE_KIND(CreateIndex, "CREATE INDEX")
    SQLROUTE_KIND(DropIndex, "DROP INDEX") SQLROUTE_KIND(CreateView, "CREATE VIEW")
    SQLROUTE_KIND(AlterView, "ALTER VIEW") SQLROUTE_KIND(DropView, "DROP VIEW")
    SQLROUTE_KIND(CreateDatabase, "CREATE DATABASE") SQLROUTE_KIND(AlterDatabase, "ALTER DATABASE")
    SQLROUTE_KIND(DropDatabase, "DROP DATABASE") SQLROUTE_KIND(CreateTrigger, "CREATE TRIGGER")
    SQLROUTE_KIND(DropTrigger, "DROP TRIGGER") SQLROUTE_KIND(CreateProcedure, "CREATE PROCEDURE")
    SQLROUTE_KIND(AlterProcedure, "ALTER PROCEDURE") SQLROUTE_KIND(DropProcedure, "DROP PROCEDURE")
    SQLROUTE_KIND(CreateFunction, "CREATE FUNCTION") SQLROUTE_KIND(AlterFunction, "ALTER FUNCTION")
    SQLROUTE_KIND(DropFunction, "DROP FUNCTION") SQLROUTE_KIND(CreateEvent, "CREATE EVENT")
    SQLROUTE_KIND(AlterEvent, "ALTER EVENT") SQLROUTE_KIND(DropEvent, "DROP EVENT")
    SQLROUTE_KIND(CreateTablespace, "CREATE TABLESPACE") SQLROUTE_KIND(AlterTablespace, "ALTER TABLESPACE")
    SQLROUTE_KIND(DropTablespace, "DROP TABLESPACE") SQLROUTE_KIND(Begin, "BEGIN")
    SQLROUTE_KIND(Commit, "COMMIT") SQLROUTE_KIND(Rollback, "ROLLBACK") SQLROUTE_KIND(Savepoint, "SAVEPOINT")
    SQLROUTE_KIND(ReleaseSavepoint, "RELEASE SAVEPOINT") SQLROUTE_KIND(SetTransaction, "SET TRANSACTION")
    SQLROUTE_KIND(SetAutocommit, "SET AUTOCOMMIT") SQLROUTE_KIND(Xa, "XA")
    SQLROUTE_KIND(LockTables, "LOCK TABLES") SQLROUTE_KIND(UnlockTables, "UNLOCK TABLES")
    SQLROUTE_KIND(Set, "SET") SQLROUTE_KIND(Show, "SHOW") SQLROUTE_KIND(Use, "USE")
    SQLROUTE_KIND(Describe, "DESCRIBE") SQLROUTE_KIND(Explain, "EXPLAIN") SQLROUTE_KIND(Analyze, "ANALYZE TABLE")
    SQLROUTE_KIND(Optimize, "OPTIMIZE TABLE") SQLROUTE_KIND(Check, "CHECK TABLE") SQLROUTE_KIND(Repair, "REPAIR TABLE")
    SQLROUTE_KIND(Kill, "KILL") SQLROUTE_KIND(Flush, "FLUSH") SQLROUTE_KIND(Reset, "RESET")
    SQLROUTE_KIND(CreateResourceGroup, "CREATE RESOURCE GROUP") SQLROUTE_KIND(SetResourceGroup, "SET RESOURCE GROUP")
    SQLROUTE_KIND(Help, "HELP") SQLROUTE_KIND(Grant, "GRANT") SQLROUTE_KIND(Revoke, "REVOKE")
    SQLROUTE_KIND(CreateUser, "CREATE USER") SQLROUTE_KIND(DropUser, "DROP USER") SQLROUTE_KIND(AlterUser, "ALTER USER")
    SQLROUTE_KIND(RenameUser, "RENAME USER") SQLROUTE_KIND(SetPassword, "SET PASSWORD")
    SQLROUTE_KIND(CreateRole, "CREATE ROLE") SQLROUTE_KIND(DropRole, "DROP ROLE") SQLROUTE_KIND(SetRole, "SET ROLE")
    SQLROUTE_KIND(Prepare, "PREPARE") SQLROUTE_KIND(Execute, "EXECUTE")
    SQLROUTE_KIND(DeallocatePrepare, "DEALLOCATE PREPARE") SQLROUTE_KIND(HandlerOpen, "HANDLER OPEN")
    SQLROUTE_KIND(HandlerRead, "HANDLER READ") SQLROUTE_KIND(HandlerClose, "HANDLER CLOSE")
    SQLROUTE_KIND(Signal, "SIGNAL") SQLROUTE_KIND(Resignal, "RESIGNAL") SQLROUTE_KIND(GetDiagnostics, "GET DIAGNOSTICS")
    SQLROUTE_KIND(CreateServer, "CREATE SERVER") SQLROUTE_KIND(AlterServer, "ALTER SERVER")
    SQLROUTE_KIND(DropServer, "DROP SERVER") SQLROUTE_KIND(CreateLogfileGroup, "CREATE LOGFILE GROUP")
    SQLROUTE_KIND(AlterLogfileGroup, "ALTER LOGFILE GROUP") SQLROUTE_KIND(DropLogfileGroup, "DROP LOGFILE GROUP")
    SQLROUTE_KIND(CreateSpatialReferenceSystem, "CREATE SPATIAL REFERENCE SYSTEM")
    SQLROUTE_KIND(DropSpatialReferenceSystem, "DROP SPATIAL REFERENCE SYSTEM")
    SQLROUTE_KIND(CreateSequence, "CREATE SEQUENCE") SQLROUTE_KIND(AlterSequence, "ALTER SEQUENCE")
    SQLROUTE_KIND(DropSequence, "DROP SEQUENCE") SQLROUTE_KIND(Compound, "COMPOUND STATEMENT")
    SQLROUTE_KIND(LockInstance, "LOCK INSTANCE") SQLROUTE_KIND(UnlockInstance, "UNLOCK INSTANCE")
    SQLROUTE_KIND(AlterResourceGroup, "ALTER RESOURCE GROUP") SQLROUTE_KIND(DropResourceGroup, "DROP RESOURCE GROUP")
    SQLROUTE_KIND(Checksum, "CHECKSUM TABLE") SQLROUTE_KIND(CacheIndex, "CACHE INDEX")
    SQLROUTE_KIND(LoadIndex, "LOAD INDEX INTO CACHE") SQLROUTE_KIND(InstallPlugin, "INSTALL PLUGIN")
    SQLROUTE_KIND(UninstallPlugin, "UNINSTALL PLUGIN") SQLROUTE_KIND(InstallComponent, "INSTALL COMPONENT")
    SQLROUTE_KIND(UninstallComponent, "UNINSTALL COMPONENT") SQLROUTE_KIND(Shutdown, "SHUTDOWN")
    SQLROUTE_KIND(Restart, "RESTART") SQLROUTE_KIND(Clone, "CLONE") SQLROUTE_KIND(AlterInstance, "ALTER INSTANCE")
    SQLROUTE_KIND(Binlog, "BINLOG") SQLROUTE_KIND(ImportTable, "IMPORT TABLE")
    SQLROUTE_KIND(ChangeReplicationSource, "CHANGE REPLICATION SOURCE")
    SQLROUTE_KIND(ChangeReplicationFilter, "CHANGE REPLICATION FILTER") SQLROUTE_KIND(StartReplica, "START REPLICA")
    SQLROUTE_KIND(StopReplica, "STOP REPLICA") SQLROUTE_KIND(ResetReplica, "RESET REPLICA")
    SQLROUTE_KIND(StartGroupReplication, "START GROUP_REPLICATION")
    SQLROUTE_KIND(StopGroupReplication, "STOP GROUP_REPLICATION") SQLROUTE_KIND(PurgeBinaryLogs, "PURGE BINARY LOGS")
#undef SQLROUTE_KIND
  }
  return "UNKNOWN";
}

const char* TableRoleName(ast::TableRole role) {
  switch (role) {
    case ast::TableRole::From: return "from";
    case ast::TableRole::InsertTarget: return "insert";
    case ast::TableRole::UpdateTarget: return "update";
    case ast::TableRole::DeleteTarget: return "delete";
    case ast::TableRole::Ddl: return "ddl";
    case ast::TableRole::DdlReference: return "reference";
    case ast::TableRole::Other: return "other";
  }
  return "other";
}

}  // namespace sqlroute::ast
