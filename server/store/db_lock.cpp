#include "store/db_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <utility>

#include "store/sqlite_util.h"

namespace grognard::store {

namespace {

// "4242 (grognard-server)" from what the holder wrote in the lock file; "another process"
// when it wrote nothing readable yet.
std::string holder(int fd) {
  char buf[32] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string pid(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) {
    return "another process";
  }
  std::string name;
  std::getline(std::ifstream("/proc/" + pid + "/comm"), name);
  return "process " + pid + (name.empty() ? "" : " (" + name + ")");
}

}  // namespace

engine::Result<DbLock> DbLock::take(const std::string& db_path) {
  if (db_path == ":memory:") return DbLock();
  const std::string path = db_path + "-lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) {
    return store_error("store.open", db_path + ": cannot open its lock file " + path + ": " +
                                         std::strerror(errno));
  }
  DbLock lock(fd);
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    if (err != EWOULDBLOCK) {
      return store_error("store.lock", path + ": cannot lock: " + std::strerror(err));
    }
    return store_error("store.lock", "in use by " + holder(fd) +
                                         ": one process at a time serves a database (stop that "
                                         "one first; `grognard-server backup` copies a database "
                                         "in use)");
  }
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) < 0) {
    return store_error("store.lock",
                       path + ": cannot write the lock file: " + std::strerror(errno));
  }
  return lock;
}

DbLock::~DbLock() {
  if (fd_ >= 0) ::close(fd_);  // releases the lock
}

DbLock::DbLock(DbLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

DbLock& DbLock::operator=(DbLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

}  // namespace grognard::store
