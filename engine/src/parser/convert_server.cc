// Server administration (plugins, components, key caches, CLONE, SHUTDOWN, servers, logfile
// groups, spatial reference systems, ...) and replication statements: their kind and tables.
#include "parser/converter.h"

namespace sqlroute::parser {

using K = ast::StatementKind;

namespace {

ast::StatementKind ServerKind(P::ServerStatementContext* ctx) {
  const std::type_info& type = typeid(*ctx);
  if (type == typeid(P::InstallPluginContext)) return K::InstallPlugin;
  if (type == typeid(P::UninstallPluginContext)) return K::UninstallPlugin;
  if (type == typeid(P::InstallComponentContext)) return K::InstallComponent;
  if (type == typeid(P::UninstallComponentContext)) return K::UninstallComponent;
  if (type == typeid(P::ChecksumTableContext)) return K::Checksum;
  if (type == typeid(P::CacheIndexContext)) return K::CacheIndex;
  if (type == typeid(P::LoadIndexContext)) return K::LoadIndex;
  if (type == typeid(P::ShutdownContext)) return K::Shutdown;
  if (type == typeid(P::RestartContext)) return K::Restart;
  if (type == typeid(P::CloneLocalContext) || type == typeid(P::CloneInstanceContext)) return K::Clone;
  if (type == typeid(P::LockInstanceContext)) return K::LockInstance;
  if (type == typeid(P::UnlockInstanceContext)) return K::UnlockInstance;
  if (type == typeid(P::AlterInstanceContext)) return K::AlterInstance;
  if (type == typeid(P::BinlogContext)) return K::Binlog;
  if (type == typeid(P::ImportTableContext)) return K::ImportTable;
  if (type == typeid(P::CreateServerContext)) return K::CreateServer;
  if (type == typeid(P::AlterServerContext)) return K::AlterServer;
  if (type == typeid(P::DropServerContext)) return K::DropServer;
  if (type == typeid(P::LogfileGroupContext)) {
    return ctx->getStart()->getType() == P::CREATE ? K::CreateLogfileGroup : K::AlterLogfileGroup;
  }
  if (type == typeid(P::DropLogfileGroupContext)) return K::DropLogfileGroup;
  if (type == typeid(P::CreateSpatialReferenceSystemContext)) return K::CreateSpatialReferenceSystem;
  return K::DropSpatialReferenceSystem;
}

ast::StatementKind ReplicationKind(P::ReplicationStatementContext* ctx) {
  const std::type_info& type = typeid(*ctx);
  if (type == typeid(P::ChangeReplicationSourceContext)) return K::ChangeReplicationSource;
  if (type == typeid(P::ChangeReplicationFilterContext)) return K::ChangeReplicationFilter;
  if (type == typeid(P::StartReplicaContext)) return K::StartReplica;
  if (type == typeid(P::StopReplicaContext)) return K::StopReplica;
  if (type == typeid(P::ResetReplicaContext)) return K::ResetReplica;
  if (type == typeid(P::StartGroupReplicationContext)) return K::StartGroupReplication;
  if (type == typeid(P::StopGroupReplicationContext)) return K::StopGroupReplication;
  return K::PurgeBinaryLogs;
}

}  // namespace

bool Converter::ConvertServer(P::StatementContext* ctx) {
  if (auto* c = ctx->serverStatement()) {
    st_.kind = ServerKind(c);
    if (auto* checksum = dynamic_cast<P::ChecksumTableContext*>(c)) AddTables(checksum->tableName(), ast::TableRole::Other);
    for (auto* item : Children<P::KeyCacheItemContext>(c, P::RuleKeyCacheItem)) {
      AddTable(item->tableName(), ast::TableRole::Other);
      for (auto* index : item->indexName()) {
        if (auto* name = index->identifier()) AddIndexName(name);
      }
    }
    st_.if_exists = ChildRule(c, P::RuleIfExists) != nullptr || ChildRule(c, P::RuleIfNotExists) != nullptr;
  } else if (auto* c = ctx->replicationStatement()) {
    st_.kind = ReplicationKind(c);
    if (auto* purge = dynamic_cast<P::PurgeBinaryLogsContext*>(c); purge && purge->expr()) ConvertExpr(purge->expr());
  } else {
    return false;
  }
  return true;
}

}  // namespace sqlroute::parser
