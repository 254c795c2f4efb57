#include "backend_pool.h"

#include <errmsg.h>

#include <algorithm>
#include <set>

#include "sqlroute/error_text.h"

namespace sqlroute::proxy {

PooledConnection& PooledConnection::operator=(PooledConnection&& other) noexcept {
  if (this != &other) {
    GiveBack();
    pool_ = std::move(other.pool_);
    connection_ = std::move(other.connection_);
  }
  return *this;
}

PooledConnection::~PooledConnection() { GiveBack(); }

void PooledConnection::GiveBack() {
  if (pool_ && connection_) pool_->Release(std::move(connection_));
  pool_.reset();
}

namespace {

// Every pool alive, for UnbindAllIdle.
std::mutex live_pools_mutex;
std::set<BackendPool*> live_pools;

}  // namespace

BackendPool::BackendPool(DataSourceSpec spec) : spec_(std::move(spec)) {
  std::lock_guard<std::mutex> lock(live_pools_mutex);
  live_pools.insert(this);
}

BackendPool::~BackendPool() {
  std::lock_guard<std::mutex> lock(live_pools_mutex);
  live_pools.erase(this);
}

void BackendPool::UnbindAllIdle() {
  std::lock_guard<std::mutex> lock(live_pools_mutex);
  for (BackendPool* pool : live_pools) {
    std::lock_guard<std::mutex> pool_lock(pool->mutex_);
    for (std::unique_ptr<BackendConnection>& connection : pool->idle_) connection->Unbind();
  }
}

void BackendPool::HousekeepAll(asio::io_context& io) {
  std::vector<std::shared_ptr<BackendPool>> pools;
  {
    std::lock_guard<std::mutex> lock(live_pools_mutex);
    for (BackendPool* pool : live_pools) {
      if (std::shared_ptr<BackendPool> alive = pool->weak_from_this().lock()) pools.push_back(std::move(alive));
    }
  }
  for (const std::shared_ptr<BackendPool>& pool : pools) pool->Housekeep(io);
}

void BackendPool::Housekeep(asio::io_context& io) {
  auto now = std::chrono::steady_clock::now();
  std::vector<std::unique_ptr<BackendConnection>> retired;
  std::size_t to_open = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // The idle list runs from the longest idle to the last given back.
    for (auto connection = idle_.begin(); connection != idle_.end();) {
      bool idle_too_long = idle_.size() > spec_.min_pool_size && now - (*connection)->last_used() >= spec_.idle_timeout;
      if (!idle_too_long && !Expired(**connection, now)) {
        ++connection;
        continue;
      }
      retired.push_back(std::move(*connection));
      connection = idle_.erase(connection);
      --open_;
    }
    if (idle_.size() < spec_.min_pool_size) to_open = std::min(spec_.min_pool_size - idle_.size(), spec_.max_pool_size - open_);
    open_ += to_open;
  }
  retired.clear();  // closed outside the lock
  for (std::size_t i = 0; i < to_open; ++i) {
    BackendConnection::Open(spec_, io, [self = shared_from_this()](std::unique_ptr<BackendConnection> opened,
                                                                    std::optional<BackendError>) {
      if (!opened) {
        self->Unreserve(1);  // tried again next round
        return;
      }
      self->Release(std::move(opened));
    });
  }
}

void BackendPool::Acquire(std::size_t count, asio::io_context& io, Acquired done) {
  count = std::min(count, spec_.max_pool_size);
  std::unique_lock<std::mutex> lock(mutex_);
  if (waiters_.empty() && CanTake(count)) {
    Grant grant = Take(count, io);
    lock.unlock();
    Deliver(std::move(grant), io, std::move(done));
    return;
  }
  auto waiter = std::make_shared<Waiter>(Waiter{count, &io, std::move(done), asio::steady_timer(io)});
  waiters_.push_back(waiter);
  lock.unlock();
  waiter->timer.expires_after(spec_.connection_timeout);
  waiter->timer.async_wait([self = shared_from_this(), waiter](const asio::error_code& error) {
    if (error) return;  // served: the turn's delivery cancelled the timer
    {
      std::lock_guard<std::mutex> guard(self->mutex_);
      auto queued = std::find(self->waiters_.begin(), self->waiters_.end(), waiter);
      if (queued == self->waiters_.end()) return;  // served just now; its delivery is posted
      self->waiters_.erase(queued);
    }
    self->Waited(*waiter);
    self->timeouts_.fetch_add(1, std::memory_order_relaxed);
    waiter->done({}, BackendError{CR_CONN_HOST_ERROR, "HY000",
                                  Message<msg::PoolTimeout>(arg::milliseconds = self->spec_.connection_timeout.count(),
                                                            arg::name = self->spec_.name)
                                      .message});
  });
}

BackendPool::Grant BackendPool::Take(std::size_t count, const asio::io_context& io) {
  Grant grant;
  for (auto connection = idle_.end(); connection != idle_.begin() && grant.idle.size() < count;) {
    --connection;
    if (!(*connection)->BoundTo(io)) continue;
    grant.idle.push_back(std::move(*connection));
    connection = idle_.erase(connection);
  }
  while (grant.idle.size() < count && !idle_.empty()) {
    grant.idle.push_back(std::move(idle_.back()));
    idle_.pop_back();
  }
  grant.to_open = count - grant.idle.size();
  open_ += grant.to_open;
  return grant;
}

std::vector<std::shared_ptr<BackendPool::Waiter>> BackendPool::ServeWaiters(std::vector<Grant>& grants) {
  std::vector<std::shared_ptr<Waiter>> served;
  while (!waiters_.empty() && CanTake(waiters_.front()->count)) {
    served.push_back(waiters_.front());
    waiters_.pop_front();
    grants.push_back(Take(served.back()->count, *served.back()->io));
  }
  return served;
}

void BackendPool::Waited(const Waiter& waiter) {
  waits_.fetch_add(1, std::memory_order_relaxed);
  wait_nanos_.fetch_add(static_cast<std::uint64_t>((std::chrono::steady_clock::now() - waiter.since).count()),
                        std::memory_order_relaxed);
}

void BackendPool::Release(std::unique_ptr<BackendConnection> connection) {
  if (connection->BoundToStopped()) connection->Unbind();  // its io_context is about to go
  std::vector<Grant> grants;
  std::vector<std::shared_ptr<Waiter>> served;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (connection->reusable() && !Expired(*connection, std::chrono::steady_clock::now())) {
      idle_.push_back(std::move(connection));
    } else {
      --open_;
    }
    served = ServeWaiters(grants);
  }
  connection.reset();  // an unusable one is closed outside the lock
  HandOut(std::move(served), std::move(grants));
}

void BackendPool::Unreserve(std::size_t count) {
  std::vector<Grant> grants;
  std::vector<std::shared_ptr<Waiter>> served;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    open_ -= count;
    served = ServeWaiters(grants);
  }
  HandOut(std::move(served), std::move(grants));
}

void BackendPool::HandOut(std::vector<std::shared_ptr<Waiter>> served, std::vector<Grant> grants) {
  for (std::size_t i = 0; i < served.size(); ++i) {
    std::shared_ptr<Waiter> waiter = served[i];
    Waited(*waiter);
    asio::post(*waiter->io, [self = shared_from_this(), waiter, grant = std::make_shared<Grant>(std::move(grants[i]))] {
      waiter->timer.cancel();
      self->Deliver(std::move(*grant), *waiter->io, std::move(waiter->done));
    });
  }
}

namespace {

// The connections of one grant as they become ready; the last to finish calls back.
struct Delivery {
  std::vector<PooledConnection> ready;
  std::optional<BackendError> error;
  std::size_t pending = 0;
  std::size_t failed_openings = 0;
  BackendPool::Acquired done;
};

}  // namespace

void BackendPool::Deliver(Grant grant, asio::io_context& io, Acquired done) {
  // HikariCP checks a connection idle longer than its bypass window before handing it out.
  constexpr auto kValidateAfter = std::chrono::milliseconds(500);
  auto now = std::chrono::steady_clock::now();
  std::vector<std::unique_ptr<BackendConnection>> stale;
  std::vector<PooledConnection> ready;
  ready.reserve(grant.idle.size() + grant.to_open);
  for (std::unique_ptr<BackendConnection>& connection : grant.idle) {
    connection->Bind(io);
    if (now - connection->last_used() > kValidateAfter) {
      stale.push_back(std::move(connection));
    } else {
      ready.emplace_back(shared_from_this(), std::move(connection));
    }
  }
  if (stale.empty() && grant.to_open == 0) {
    done(std::move(ready), std::nullopt);
    return;
  }
  auto delivery = std::make_shared<Delivery>();
  delivery->ready = std::move(ready);
  delivery->pending = stale.size() + grant.to_open;
  delivery->done = std::move(done);
  auto self = shared_from_this();
  // An opening that fails gives its place in the pool back; the others go back as `ready` is dropped.
  auto finish_one = [self, delivery] {
    if (--delivery->pending != 0) return;
    if (delivery->failed_openings != 0) self->Unreserve(delivery->failed_openings);
    if (delivery->error) {
      delivery->ready.clear();
      delivery->done({}, std::move(delivery->error));
      return;
    }
    delivery->done(std::move(delivery->ready), std::nullopt);
  };
  auto open_one = [self, delivery, finish_one, &io] {
    BackendConnection::Open(self->spec_, io, [self, delivery, finish_one](std::unique_ptr<BackendConnection> opened,
                                                                          std::optional<BackendError> error) {
      if (opened) {
        delivery->ready.emplace_back(self, std::move(opened));
      } else {
        ++delivery->failed_openings;
        if (!delivery->error) delivery->error = std::move(error);
      }
      finish_one();
    });
  };
  for (std::size_t i = 0; i < grant.to_open; ++i) open_one();
  for (std::unique_ptr<BackendConnection>& connection : stale) {
    auto checked = std::make_shared<std::unique_ptr<BackendConnection>>(std::move(connection));
    (*checked)->Ping([self, delivery, finish_one, open_one, checked](std::optional<BackendError> error) {
      if (!error) {
        delivery->ready.emplace_back(self, std::move(*checked));
        finish_one();
        return;
      }
      checked->reset();  // lost while idle: a new connection takes its place in the pool's count
      open_one();
    });
  }
}

BackendPool::Stats BackendPool::stats() {
  std::lock_guard<std::mutex> lock(mutex_);
  return {waits_.load(std::memory_order_relaxed), wait_nanos_.load(std::memory_order_relaxed),
          timeouts_.load(std::memory_order_relaxed), open_, idle_.size()};
}

}  // namespace sqlroute::proxy
