#pragma once
// One process at a time opens a database for writing: an exclusive lock (flock(2)) on the
// file "<database>-lock" beside it, which holds the process id of its holder. The kernel
// releases it when the process ends, however it ends, so a crash leaves nothing to clean up;
// the file itself stays and is harmless. A second server, `verify-archives` or `import` on a
// database that is being served is refused before it reads anything; `backup` takes no lock
// (docs/operations.md, "One server per database").

#include <string>

#include "engine/result.h"

namespace grognard::store {

class DbLock {
 public:
  // The lock of the database at `db_path`, taken; or why not, naming the process that holds
  // it ("in use by process 4242 (grognard-server): …"). ":memory:" takes none.
  static engine::Result<DbLock> take(const std::string& db_path);

  DbLock() = default;
  ~DbLock();
  DbLock(DbLock&& other) noexcept;
  DbLock& operator=(DbLock&& other) noexcept;
  DbLock(const DbLock&) = delete;
  DbLock& operator=(const DbLock&) = delete;

 private:
  explicit DbLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace grognard::store
