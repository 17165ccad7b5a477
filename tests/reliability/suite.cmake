# The load-based parts of the reliability suite (docs/reliability.md): F1 crash loop, F6 mass
# disconnects, F7 graceful restart under load, F8 soak. One load driver on an event loop
# (driver*.cpp) and one program per part; CTest runs their CI-sized versions one at a time
# (RUN_SERIAL: each loads the machine), tests/reliability/run.sh --full the full ones.
find_package(CLI11 CONFIG REQUIRED)
find_package(Boost 1.81 REQUIRED)

add_library(grognard_reliability_driver STATIC
  ${CMAKE_CURRENT_LIST_DIR}/driver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/driver_check.cpp
  ${CMAKE_CURRENT_LIST_DIR}/driver_conn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/driver_room.cpp
  ${CMAKE_CURRENT_LIST_DIR}/driver_seat.cpp
  ${PROJECT_SOURCE_DIR}/tests/e2e/server_process.cpp)
target_include_directories(grognard_reliability_driver PUBLIC
  ${CMAKE_CURRENT_LIST_DIR} ${PROJECT_SOURCE_DIR}/tests/e2e)
target_link_libraries(grognard_reliability_driver
  PUBLIC grognard_client grognard_proto Boost::headers Threads::Threads SQLite::SQLite3
  PRIVATE grognard_warnings)
target_compile_definitions(grognard_reliability_driver PRIVATE
  GROGNARD_SERVER_BIN="$<TARGET_FILE:grognard-server>")

foreach(part f1_crash_loop f6_mass_disconnect f7_graceful_restart f8_soak)
  add_executable(${part} ${CMAKE_CURRENT_LIST_DIR}/${part}.cpp)
  target_link_libraries(${part} PRIVATE grognard_reliability_driver CLI11::CLI11
                        grognard_warnings)
  add_dependencies(${part} grognard-server)
  # GCC 12 misreads Asio's recycling allocator for coroutine frames inlined into main.
  target_compile_options(${part} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-Wno-mismatched-new-delete>)
endforeach()

add_test(NAME reliability.f1_crash_loop COMMAND f1_crash_loop)
add_test(NAME reliability.f6_mass_disconnect COMMAND f6_mass_disconnect)
add_test(NAME reliability.f7_graceful_restart COMMAND f7_graceful_restart)
add_test(NAME reliability.f8_soak COMMAND f8_soak)
set_tests_properties(
  reliability.f1_crash_loop reliability.f6_mass_disconnect reliability.f7_graceful_restart
  reliability.f8_soak
  PROPERTIES RUN_SERIAL TRUE TIMEOUT 300 LABELS reliability)
