// The fault-injecting SQLite VFS (fault_vfs.h): faults on the k-th write, sync or open, a byte
// budget that ends in SQLITE_FULL, and the power-loss model (unsynced writes held in memory).
#include "fault_vfs.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

namespace grognard::reliability {
namespace {

struct Config {
  long write_k = 0, sync_k = 0, open_k = 0, repeat = 1;
  long long full_bytes = 0;
  std::string control, report;
  bool power = false, torn = false;
  long cut_write = 0, cut_sync = 0;
  unsigned seed = 1;
};

long env_long(const char* name, long fallback = 0) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::strtol(v, nullptr, 10) : fallback;
}
std::string env_text(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? v : "";
}

Config g_config;
sqlite3_vfs* g_real = nullptr;
sqlite3_vfs g_vfs;
sqlite3_io_methods g_methods;
std::atomic<long> g_writes{0}, g_syncs{0}, g_opens{0};
std::atomic<long long> g_bytes{0};

// Writes made since the file was last synced (power-loss model), shared by every handle on the
// same path, kept after the last handle closes (as a page cache keeps them) until the file is
// deleted or synced.
struct Pending {
  sqlite3_int64 offset;
  std::string bytes;
};
struct FileState {
  std::mutex mu;
  std::vector<Pending> writes;
  sqlite3_int64 truncated = -1;  // the real file's bytes from here on are gone (-1: none)
};
std::mutex g_files_mu;
std::map<std::string, std::shared_ptr<FileState>> g_files;

struct FaultFile {
  sqlite3_file base;
  sqlite3_file* real;
  std::shared_ptr<FileState>* state;  // null: writes go straight through
};
FaultFile* self(sqlite3_file* f) {
  return reinterpret_cast<FaultFile*>(f);
}

void report(const std::string& line) {
  if (g_config.report.empty()) return;
  if (FILE* out = std::fopen(g_config.report.c_str(), "a")) {
    std::fprintf(out, "%s\n", line.c_str());
    std::fclose(out);
  }
}

bool armed() {
  return g_config.control.empty() || access(g_config.control.c_str(), F_OK) == 0;
}

// Whether call number `n` of a kind whose fault starts at `k` fails.
bool fires(long k, long n) {
  return k > 0 && n >= k && (g_config.repeat == 0 || n < k + g_config.repeat) && armed();
}

[[noreturn]] void cut(const char* at, long n) {
  report(std::string("cut ") + at + " " + std::to_string(n));
  if (g_config.torn) {
    std::mt19937 rng(g_config.seed);
    std::lock_guard lock(g_files_mu);
    for (const auto& [path, state] : g_files) {
      const int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
      if (fd < 0) continue;
      for (const Pending& w : state->writes) {
        if (rng() % 2 == 0) continue;
        (void)!pwrite(fd, w.bytes.data(), w.bytes.size(), w.offset);
      }
      close(fd);
    }
  }
  _exit(kCutExitCode);
}

sqlite3_int64 end_of_writes(const FileState& s) {
  sqlite3_int64 end = 0;
  for (const Pending& w : s.writes) {
    end = std::max(end, w.offset + static_cast<sqlite3_int64>(w.bytes.size()));
  }
  return end;
}

int logical_size(FaultFile* f, FileState& s, sqlite3_int64* size) {
  sqlite3_int64 real = 0;
  if (int rc = f->real->pMethods->xFileSize(f->real, &real); rc != SQLITE_OK) return rc;
  if (s.truncated >= 0) real = std::min(real, s.truncated);
  *size = std::max(real, end_of_writes(s));
  return SQLITE_OK;
}

int x_close(sqlite3_file* file) {
  FaultFile* f = self(file);
  const int rc = f->real->pMethods != nullptr ? f->real->pMethods->xClose(f->real) : SQLITE_OK;
  delete f->state;
  f->state = nullptr;
  return rc;
}

int x_read(sqlite3_file* file, void* buf, int amount, sqlite3_int64 offset) {
  FaultFile* f = self(file);
  if (f->state == nullptr) return f->real->pMethods->xRead(f->real, buf, amount, offset);
  FileState& s = **f->state;
  std::lock_guard lock(s.mu);
  const int rc = f->real->pMethods->xRead(f->real, buf, amount, offset);
  if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) return rc;
  auto* out = static_cast<char*>(buf);
  const sqlite3_int64 end = offset + amount;
  if (s.truncated >= 0 && s.truncated < end) {
    const sqlite3_int64 from = std::max(offset, s.truncated);
    std::memset(out + (from - offset), 0, static_cast<std::size_t>(end - from));
  }
  for (const Pending& w : s.writes) {
    const sqlite3_int64 lo = std::max(offset, w.offset);
    const sqlite3_int64 hi = std::min(end, w.offset + static_cast<sqlite3_int64>(w.bytes.size()));
    if (lo < hi) {
      std::memcpy(out + (lo - offset), w.bytes.data() + (lo - w.offset),
                  static_cast<std::size_t>(hi - lo));
    }
  }
  sqlite3_int64 size = 0;
  if (int st = logical_size(f, s, &size); st != SQLITE_OK) return st;
  if (end <= size) return SQLITE_OK;
  const sqlite3_int64 from = std::max(offset, size);
  std::memset(out + (from - offset), 0, static_cast<std::size_t>(end - from));
  return SQLITE_IOERR_SHORT_READ;
}

int x_write(sqlite3_file* file, const void* buf, int amount, sqlite3_int64 offset) {
  FaultFile* f = self(file);
  const long n = ++g_writes;
  if (g_config.power && g_config.cut_write == n) cut("write", n);
  if (fires(g_config.write_k, n)) {
    report("write " + std::to_string(n));
    return SQLITE_IOERR_WRITE;
  }
  if (g_config.full_bytes > 0 && g_bytes.load() + amount > g_config.full_bytes && armed()) {
    report("full " + std::to_string(n));
    return SQLITE_FULL;
  }
  if (f->state == nullptr) {
    const int rc = f->real->pMethods->xWrite(f->real, buf, amount, offset);
    if (rc == SQLITE_OK) g_bytes += amount;
    return rc;
  }
  FileState& s = **f->state;
  std::lock_guard lock(s.mu);
  s.writes.push_back(Pending{offset, std::string(static_cast<const char*>(buf), amount)});
  g_bytes += amount;
  return SQLITE_OK;
}

int x_truncate(sqlite3_file* file, sqlite3_int64 size) {
  FaultFile* f = self(file);
  if (f->state == nullptr) return f->real->pMethods->xTruncate(f->real, size);
  FileState& s = **f->state;
  std::lock_guard lock(s.mu);
  sqlite3_int64 now = 0;
  if (int rc = logical_size(f, s, &now); rc != SQLITE_OK) return rc;
  if (size > now) {  // growing: zeros, held like any write
    s.writes.push_back(Pending{now, std::string(static_cast<std::size_t>(size - now), '\0')});
    return SQLITE_OK;
  }
  std::erase_if(s.writes, [&](const Pending& w) { return w.offset >= size; });
  for (Pending& w : s.writes) {
    if (w.offset + static_cast<sqlite3_int64>(w.bytes.size()) > size) {
      w.bytes.resize(static_cast<std::size_t>(size - w.offset));
    }
  }
  s.truncated = s.truncated < 0 ? size : std::min(s.truncated, size);
  return SQLITE_OK;
}

int x_sync(sqlite3_file* file, int flags) {
  FaultFile* f = self(file);
  const long n = ++g_syncs;
  if (g_config.power && g_config.cut_sync == n) cut("sync", n);
  if (fires(g_config.sync_k, n)) {
    report("sync " + std::to_string(n));
    return SQLITE_IOERR_FSYNC;
  }
  if (f->state != nullptr) {
    FileState& s = **f->state;
    std::lock_guard lock(s.mu);
    if (s.truncated >= 0) {
      if (int rc = f->real->pMethods->xTruncate(f->real, s.truncated); rc != SQLITE_OK) return rc;
      s.truncated = -1;
    }
    while (!s.writes.empty()) {
      const Pending& w = s.writes.front();
      const int rc = f->real->pMethods->xWrite(f->real, w.bytes.data(),
                                               static_cast<int>(w.bytes.size()), w.offset);
      if (rc != SQLITE_OK) return rc;
      s.writes.erase(s.writes.begin());
    }
  }
  return f->real->pMethods->xSync(f->real, flags);
}

int x_file_size(sqlite3_file* file, sqlite3_int64* size) {
  FaultFile* f = self(file);
  if (f->state == nullptr) return f->real->pMethods->xFileSize(f->real, size);
  FileState& s = **f->state;
  std::lock_guard lock(s.mu);
  return logical_size(f, s, size);
}

// Everything else goes straight to the real file.
#define GROGNARD_FORWARD(name, params, args) \
  int x_##name params {                      \
    sqlite3_file* r = self(file)->real;      \
    return r->pMethods->x##name args;        \
  }
GROGNARD_FORWARD(Lock, (sqlite3_file * file, int level), (r, level))
GROGNARD_FORWARD(Unlock, (sqlite3_file * file, int level), (r, level))
GROGNARD_FORWARD(CheckReservedLock, (sqlite3_file * file, int* out), (r, out))
GROGNARD_FORWARD(FileControl, (sqlite3_file * file, int op, void* arg), (r, op, arg))
GROGNARD_FORWARD(SectorSize, (sqlite3_file * file), (r))
GROGNARD_FORWARD(DeviceCharacteristics, (sqlite3_file * file), (r))
GROGNARD_FORWARD(ShmMap, (sqlite3_file * file, int page, int size, int extend, void volatile** p),
                 (r, page, size, extend, p))
GROGNARD_FORWARD(ShmLock, (sqlite3_file * file, int offset, int n, int flags),
                 (r, offset, n, flags))
GROGNARD_FORWARD(ShmUnmap, (sqlite3_file * file, int delete_flag), (r, delete_flag))
#undef GROGNARD_FORWARD
void x_ShmBarrier(sqlite3_file* file) {
  self(file)->real->pMethods->xShmBarrier(self(file)->real);
}

int x_open(sqlite3_vfs*, const char* name, sqlite3_file* file, int flags, int* out_flags) {
  FaultFile* f = self(file);
  f->base.pMethods = nullptr;
  f->real = reinterpret_cast<sqlite3_file*>(f + 1);
  f->real->pMethods = nullptr;
  f->state = nullptr;
  const long n = ++g_opens;
  if (fires(g_config.open_k, n)) {
    report("open " + std::to_string(n) + " " + (name != nullptr ? name : "(temporary)"));
    return SQLITE_CANTOPEN;
  }
  const int rc = g_real->xOpen(g_real, name, f->real, flags, out_flags);
  if (rc != SQLITE_OK) {
    if (f->real->pMethods != nullptr) f->real->pMethods->xClose(f->real);
    return rc;
  }
  if (g_config.power && name != nullptr) {
    std::lock_guard lock(g_files_mu);
    auto& state = g_files[name];
    if (!state) state = std::make_shared<FileState>();
    f->state = new std::shared_ptr<FileState>(state);
  }
  f->base.pMethods = &g_methods;
  return SQLITE_OK;
}

int x_delete(sqlite3_vfs*, const char* name, int sync_dir) {
  {
    std::lock_guard lock(g_files_mu);
    g_files.erase(name);
  }
  return g_real->xDelete(g_real, name, sync_dir);
}

void write_totals() {
  report("total writes " + std::to_string(g_writes.load()) + " syncs " +
         std::to_string(g_syncs.load()) + " opens " + std::to_string(g_opens.load()) + " bytes " +
         std::to_string(g_bytes.load()));
}

}  // namespace

bool install_fault_vfs_from_environment() {
  if (env_long("GROGNARD_FAULT") == 0) return false;
  g_config.write_k = env_long("GROGNARD_FAULT_WRITE");
  g_config.sync_k = env_long("GROGNARD_FAULT_SYNC");
  g_config.open_k = env_long("GROGNARD_FAULT_OPEN");
  g_config.repeat = env_long("GROGNARD_FAULT_REPEAT", 1);
  g_config.full_bytes = env_long("GROGNARD_FAULT_FULL_BYTES");
  g_config.control = env_text("GROGNARD_FAULT_CONTROL");
  g_config.report = env_text("GROGNARD_FAULT_REPORT");
  g_config.power = env_long("GROGNARD_FAULT_POWER") != 0;
  g_config.cut_write = env_long("GROGNARD_FAULT_CUT_WRITE");
  g_config.cut_sync = env_long("GROGNARD_FAULT_CUT_SYNC");
  g_config.torn = env_long("GROGNARD_FAULT_CUT_TORN") != 0;
  g_config.seed = static_cast<unsigned>(env_long("GROGNARD_FAULT_SEED", 1));

  g_real = sqlite3_vfs_find(nullptr);
  if (g_real == nullptr) return false;
  g_vfs = *g_real;
  g_vfs.zName = "grognard-fault";
  g_vfs.pNext = nullptr;
  g_vfs.szOsFile = static_cast<int>(sizeof(FaultFile)) + g_real->szOsFile;
  g_vfs.xOpen = x_open;
  g_vfs.xDelete = x_delete;

  g_methods = sqlite3_io_methods{};
  g_methods.iVersion = 2;  // no xFetch: every read goes through x_read
  g_methods.xClose = x_close;
  g_methods.xRead = x_read;
  g_methods.xWrite = x_write;
  g_methods.xTruncate = x_truncate;
  g_methods.xSync = x_sync;
  g_methods.xFileSize = x_file_size;
  g_methods.xLock = x_Lock;
  g_methods.xUnlock = x_Unlock;
  g_methods.xCheckReservedLock = x_CheckReservedLock;
  g_methods.xFileControl = x_FileControl;
  g_methods.xSectorSize = x_SectorSize;
  g_methods.xDeviceCharacteristics = x_DeviceCharacteristics;
  g_methods.xShmMap = x_ShmMap;
  g_methods.xShmLock = x_ShmLock;
  g_methods.xShmBarrier = x_ShmBarrier;
  g_methods.xShmUnmap = x_ShmUnmap;

  if (sqlite3_vfs_register(&g_vfs, 1) != SQLITE_OK) return false;
  std::atexit(write_totals);
  std::fprintf(stderr, "SQLite fault VFS on (tests/reliability/fault_vfs.h)\n");
  return true;
}

namespace {
[[maybe_unused]] const bool g_installed = install_fault_vfs_from_environment();
}  // namespace

}  // namespace grognard::reliability
