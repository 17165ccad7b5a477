#pragma once
// A SQLite VFS shim for the reliability suite (docs/reliability.md, F2 and F3), linked only into
// the test binary grognard-server-faults (tests/reliability/fault.cmake), never into
// grognard-server. It wraps the default unix VFS and is registered as the default VFS at start
// when GROGNARD_FAULT is set in the environment; every variable is read once, at start:
//
//   GROGNARD_FAULT=1            turn the shim on (nothing below applies without it)
//   GROGNARD_FAULT_WRITE=k      the k-th xWrite (counted over every file, from 1) fails with
//                               SQLITE_IOERR_WRITE
//   GROGNARD_FAULT_SYNC=k       the k-th xSync fails with SQLITE_IOERR_FSYNC
//   GROGNARD_FAULT_OPEN=k       the k-th xOpen fails with SQLITE_CANTOPEN
//   GROGNARD_FAULT_REPEAT=n     each of the three fails n calls in a row from the k-th
//                               (default 1: a passing fault; 0: every call from the k-th on)
//   GROGNARD_FAULT_FULL_BYTES=n writes that would take the bytes written since start past n
//                               fail with SQLITE_FULL (a full disk; nothing of them is written)
//   GROGNARD_FAULT_CONTROL=path while this file is missing, no fault above fires (a test
//                               deletes it to let the disk "recover" without a restart)
//   GROGNARD_FAULT_POWER=1      power-loss model: a write is kept in memory until its file is
//                               synced (reads see it); only xSync puts it on the real file. A
//                               process killed meanwhile leaves on disk exactly what a power cut
//                               would: everything synced, nothing written since.
//   GROGNARD_FAULT_CUT_WRITE=k  with POWER: a power cut at the k-th xWrite (before it)
//   GROGNARD_FAULT_CUT_SYNC=k   with POWER: a power cut at the k-th xSync (before it)
//   GROGNARD_FAULT_CUT_TORN=1   at a cut, a random subset of the unsynced writes reaches the
//                               disk anyway (seeded by GROGNARD_FAULT_SEED), as a disk cache
//                               may have written some of them; else none does
//   GROGNARD_FAULT_REPORT=path  each fault that fires appends a line ("write 17 FILE"), and the
//                               process appends the totals at exit ("total writes W syncs S
//                               opens O bytes B")
//
// A cut ends the process at once with exit code 86 (kCutExitCode), no destructor running.

namespace grognard::reliability {

inline constexpr int kCutExitCode = 86;

// Registers the shim as the default VFS if GROGNARD_FAULT asks for it; true if it did. Called
// by a static initializer of fault_vfs.cpp, before main().
bool install_fault_vfs_from_environment();

}  // namespace grognard::reliability
