#include "zk_client.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "sqlroute/error.h"
#include "sqlroute/error_text.h"

namespace sqlroute::cluster {
namespace {

// The C client's own log lines would repeat every failed connection attempt on stderr; the
// cluster member logs what matters (lost, reconnected, expired) itself.
void DropClientLog(const char* /*message*/) {}

bool IsConditionFailure(int rc) { return rc == ZNODEEXISTS || rc == ZBADVERSION || rc == ZNONODE || rc == ZNOTEMPTY; }

std::string Parent(const std::string& path) {
  std::size_t slash = path.rfind('/');
  return slash == 0 || slash == std::string::npos ? std::string() : path.substr(0, slash);
}

// The requests of one GetMany / ChildrenMany; each completion fills its slot.
struct Batch {
  std::mutex mutex;
  std::condition_variable done;
  std::size_t pending = 0;
  std::vector<NodeRead> reads;
  std::vector<int> codes;

  void Finish(std::size_t index, int rc) {
    std::lock_guard<std::mutex> lock(mutex);
    codes[index] = rc;
    if (--pending == 0) done.notify_all();
  }
};

struct Slot {
  std::shared_ptr<Batch> batch;
  std::size_t index;
};

void OnData(int rc, const char* value, int length, const Stat* stat, const void* data) {
  std::unique_ptr<Slot> slot(static_cast<Slot*>(const_cast<void*>(data)));
  NodeRead& read = slot->batch->reads[slot->index];
  if (rc == ZOK) {
    read.exists = true;
    if (value && length > 0) read.data.assign(value, static_cast<std::size_t>(length));
    if (stat) read.stat = *stat;
  }
  slot->batch->Finish(slot->index, rc);
}

void OnChildren(int rc, const String_vector* strings, const Stat* stat, const void* data) {
  std::unique_ptr<Slot> slot(static_cast<Slot*>(const_cast<void*>(data)));
  NodeRead& read = slot->batch->reads[slot->index];
  if (rc == ZOK) {
    read.exists = true;
    for (int i = 0; strings && i < strings->count; ++i) read.children.emplace_back(strings->data[i]);
    std::sort(read.children.begin(), read.children.end());
    if (stat) read.stat = *stat;
  }
  slot->batch->Finish(slot->index, rc);
}

}  // namespace

ZkClient::ZkClient(std::string servers, int session_timeout_ms, std::string digest,
                   std::function<void(const SessionEvent&)> on_event)
    : servers_(std::move(servers)), digest_(std::move(digest)), on_event_(std::move(on_event)) {
  zoo_set_debug_level(static_cast<ZooLogLevel>(0));
  handle_ = zookeeper_init2(servers_.c_str(), &ZkClient::OnWatch, session_timeout_ms, nullptr, this, 0, &DropClientLog);
  if (!handle_) {
    throw Error(Message<msg::RegistryUnavailable>(arg::servers = servers_, arg::detail = "the client could not start"));
  }
  if (!digest_.empty()) {
    int rc = zoo_add_auth(handle_, "digest", digest_.data(), static_cast<int>(digest_.size()), nullptr, nullptr);
    if (rc != ZOK) Fail(rc, "authentication", "/");
  }
}

ZkClient::~ZkClient() {
  if (handle_) zookeeper_close(handle_);
}

void ZkClient::OnWatch(zhandle_t* /*handle*/, int type, int state, const char* /*path*/, void* context) {
  auto* self = static_cast<ZkClient*>(context);
  if (self->on_event_) self->on_event_(SessionEvent{type, state});
}

bool ZkClient::WaitConnected(int timeout_ms) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (std::chrono::steady_clock::now() < deadline) {
    int state = zoo_state(handle_);
    if (state == ZOO_CONNECTED_STATE) return true;
    if (state == ZOO_EXPIRED_SESSION_STATE || state == ZOO_AUTH_FAILED_STATE) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

bool ZkClient::connected() const { return zoo_state(handle_) == ZOO_CONNECTED_STATE; }

bool ZkClient::expired() const {
  int state = zoo_state(handle_);
  return state == ZOO_EXPIRED_SESSION_STATE || state == ZOO_AUTH_FAILED_STATE;
}

const ACL_vector* ZkClient::Acl() const { return digest_.empty() ? &ZOO_OPEN_ACL_UNSAFE : &ZOO_CREATOR_ALL_ACL; }

void ZkClient::Fail(int rc, const char* operation, const std::string& path) const {
  if (rc == ZNOAUTH || rc == ZAUTHFAILED) {
    throw Error(Message<msg::RegistryAccessDenied>(arg::operation = operation, arg::path = path));
  }
  if (rc == ZCONNECTIONLOSS || rc == ZOPERATIONTIMEOUT || rc == ZSESSIONEXPIRED || rc == ZINVALIDSTATE ||
      rc == ZCLOSING) {
    throw Error(Message<msg::RegistryUnavailable>(arg::servers = servers_, arg::detail = zerror(rc)));
  }
  throw Error(Message<msg::RegistryOperationFailed>(arg::operation = operation, arg::path = path,
                                                    arg::detail = zerror(rc)));
}

std::optional<std::string> ZkClient::Get(const std::string& path, bool watch, Stat* stat) {
  std::string buffer(64 * 1024, '\0');
  for (;;) {
    Stat local{};
    int length = static_cast<int>(buffer.size());
    int rc = zoo_get(handle_, path.c_str(), watch ? 1 : 0, buffer.data(), &length, &local);
    if (rc == ZNONODE) {
      if (watch) Exists(path, true);  // a watch for the node's creation
      return std::nullopt;
    }
    if (rc != ZOK) Fail(rc, "read", path);
    if (local.dataLength > static_cast<int>(buffer.size())) {
      buffer.resize(static_cast<std::size_t>(local.dataLength));
      continue;
    }
    if (stat) *stat = local;
    buffer.resize(length < 0 ? 0 : static_cast<std::size_t>(length));
    return buffer;
  }
}

bool ZkClient::Exists(const std::string& path, bool watch, Stat* stat) {
  Stat local{};
  int rc = zoo_exists(handle_, path.c_str(), watch ? 1 : 0, &local);
  if (rc == ZNONODE) return false;
  if (rc != ZOK) Fail(rc, "existence check", path);
  if (stat) *stat = local;
  return true;
}

std::vector<std::string> ZkClient::Children(const std::string& path, bool watch) {
  String_vector children{};
  int rc = zoo_get_children(handle_, path.c_str(), watch ? 1 : 0, &children);
  if (rc == ZNONODE) {
    if (watch) Exists(path, true);
    return {};
  }
  if (rc != ZOK) Fail(rc, "children listing", path);
  std::vector<std::string> result;
  for (int i = 0; i < children.count; ++i) result.emplace_back(children.data[i]);
  deallocate_String_vector(&children);
  std::sort(result.begin(), result.end());
  return result;
}

std::vector<NodeRead> ZkClient::ReadMany(const std::vector<std::string>& paths, bool watch, bool children) {
  auto batch = std::make_shared<Batch>();
  batch->reads.resize(paths.size());
  batch->codes.assign(paths.size(), ZOK);
  batch->pending = paths.size();
  for (std::size_t i = 0; i < paths.size(); ++i) {
    auto* slot = new Slot{batch, i};
    int rc = children ? zoo_aget_children2(handle_, paths[i].c_str(), watch ? 1 : 0, &OnChildren, slot)
                      : zoo_aget(handle_, paths[i].c_str(), watch ? 1 : 0, &OnData, slot);
    if (rc != ZOK) {
      delete slot;
      batch->Finish(i, rc);
    }
  }
  {
    std::unique_lock<std::mutex> lock(batch->mutex);
    batch->done.wait(lock, [&] { return batch->pending == 0; });
  }
  for (std::size_t i = 0; i < paths.size(); ++i) {
    int rc = batch->codes[i];
    if (rc == ZNONODE) {
      if (watch) Exists(paths[i], true);  // a watch for the node's creation
      continue;
    }
    if (rc != ZOK) Fail(rc, children ? "children listing" : "read", paths[i]);
  }
  return std::move(batch->reads);
}

std::vector<NodeRead> ZkClient::GetMany(const std::vector<std::string>& paths, bool watch) {
  return ReadMany(paths, watch, /*children=*/false);
}

std::vector<NodeRead> ZkClient::ChildrenMany(const std::vector<std::string>& paths, bool watch) {
  return ReadMany(paths, watch, /*children=*/true);
}

void ZkClient::CreateParents(const std::string& path) {
  std::string parent = Parent(path);
  if (parent.empty() || Exists(parent)) return;
  CreateParents(parent);
  int rc = zoo_create(handle_, parent.c_str(), nullptr, -1, Acl(), ZOO_PERSISTENT, nullptr, 0);
  if (rc != ZOK && rc != ZNODEEXISTS) Fail(rc, "create", parent);
}

void ZkClient::Persist(const std::string& path, const std::string& value) {
  CreateParents(path);
  int rc = zoo_create(handle_, path.c_str(), value.data(), static_cast<int>(value.size()), Acl(), ZOO_PERSISTENT,
                      nullptr, 0);
  if (rc == ZNODEEXISTS) rc = zoo_set(handle_, path.c_str(), value.data(), static_cast<int>(value.size()), -1);
  if (rc != ZOK) Fail(rc, "write", path);
}

void ZkClient::PersistEphemeral(const std::string& path, const std::string& value) {
  if (Exists(path)) DeleteRecursive(path);
  CreateParents(path);
  int rc = zoo_create(handle_, path.c_str(), value.data(), static_cast<int>(value.size()), Acl(), ZOO_EPHEMERAL,
                      nullptr, 0);
  if (rc != ZOK) Fail(rc, "ephemeral create", path);
}

bool ZkClient::CreateExclusiveEphemeral(const std::string& path, const std::string& value) {
  CreateParents(path);
  int rc = zoo_create(handle_, path.c_str(), value.data(), static_cast<int>(value.size()), Acl(), ZOO_EPHEMERAL,
                      nullptr, 0);
  if (rc == ZNODEEXISTS) return false;
  if (rc != ZOK) Fail(rc, "ephemeral create", path);
  return true;
}

void ZkClient::DeleteRecursive(const std::string& path) {
  for (const std::string& child : Children(path)) DeleteRecursive(path + "/" + child);
  int rc = zoo_delete(handle_, path.c_str(), -1);
  if (rc != ZOK && rc != ZNONODE) Fail(rc, "delete", path);
}

bool ZkClient::Multi(const std::vector<ZkOp>& ops) {
  if (ops.empty()) return true;
  std::vector<zoo_op_t> native(ops.size());
  std::vector<zoo_op_result_t> results(ops.size());
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const ZkOp& op = ops[i];
    switch (op.kind) {
      case ZkOp::Kind::Create:
        zoo_create_op_init(&native[i], op.path.c_str(), op.value.data(), static_cast<int>(op.value.size()), Acl(),
                           ZOO_PERSISTENT, nullptr, 0);
        break;
      case ZkOp::Kind::Set:
        zoo_set_op_init(&native[i], op.path.c_str(), op.value.data(), static_cast<int>(op.value.size()), op.version,
                        nullptr);
        break;
      case ZkOp::Kind::Delete:
        zoo_delete_op_init(&native[i], op.path.c_str(), op.version);
        break;
      case ZkOp::Kind::Check:
        zoo_check_op_init(&native[i], op.path.c_str(), op.version);
        break;
    }
  }
  int rc = zoo_multi(handle_, static_cast<int>(native.size()), native.data(), results.data());
  if (rc == ZOK) return true;
  if (IsConditionFailure(rc)) return false;
  Fail(rc, "transaction", ops.front().path);
}

clientid_t ZkClient::client_id() const { return *zoo_client_id(handle_); }

void ZkClient::CloseSession(const std::string& servers, const clientid_t& session, int timeout_ms) {
  zhandle_t* other = zookeeper_init2(servers.c_str(), nullptr, timeout_ms, &session, nullptr, 0, &DropClientLog);
  if (!other) {
    throw Error(Message<msg::RegistryUnavailable>(arg::servers = servers, arg::detail = "the client could not start"));
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (zoo_state(other) != ZOO_CONNECTED_STATE && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  bool connected = zoo_state(other) == ZOO_CONNECTED_STATE;
  zookeeper_close(other);
  if (!connected) {
    throw Error(Message<msg::RegistryUnavailable>(arg::servers = servers, arg::detail = "no connection to end the session"));
  }
}

}  // namespace sqlroute::cluster
