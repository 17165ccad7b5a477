# F2 (power loss) and F3 (I/O errors, a full disk): storage faults under the real server.
#
# grognard-server-faults is grognard-server (the same main.cpp and libraries) with the SQLite
# fault VFS (fault_vfs.h) linked in; the VFS registers itself only when GROGNARD_FAULT is set in
# its environment. It is a test binary: it is never installed, and grognard-server has no trace
# of it.
find_package(CLI11 CONFIG REQUIRED)
add_executable(grognard-server-faults ${PROJECT_SOURCE_DIR}/server/main.cpp
                                      ${CMAKE_CURRENT_LIST_DIR}/fault_vfs.cpp)
target_link_libraries(grognard-server-faults PRIVATE grognard_app grognard_net grognard_store
                      grognard_itchy_wire CLI11::CLI11 SQLite::SQLite3 grognard_warnings)

# The tests drive it with the client library, as the end-to-end tests drive grognard-server.
add_executable(reliability_fault_tests
  ${CMAKE_CURRENT_LIST_DIR}/f3_harness.cpp
  ${CMAKE_CURRENT_LIST_DIR}/f3_io_errors_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/f3_full_disk_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/f2_power_loss_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/f2_model_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fault_vfs.cpp
  ${PROJECT_SOURCE_DIR}/tests/e2e/game.cpp
  ${PROJECT_SOURCE_DIR}/tests/e2e/server_process.cpp)
target_include_directories(reliability_fault_tests PRIVATE ${PROJECT_SOURCE_DIR}/tests/e2e)
target_link_libraries(reliability_fault_tests PRIVATE grognard_client grognard_test_main
                      OpenSSL::Crypto SQLite::SQLite3 grognard_warnings)
target_compile_definitions(reliability_fault_tests PRIVATE
  GROGNARD_SERVER_BIN="$<TARGET_FILE:grognard-server-faults>")
add_dependencies(reliability_fault_tests grognard-server-faults)
# CI: every k for sync faults over a short game, the full disks, a few power cuts
# (tests/reliability/fault.sh --full: every k of every kind, 50 cuts).
catch_discover_tests(reliability_fault_tests TEST_PREFIX "reliability."
                     PROPERTIES TIMEOUT 300)
