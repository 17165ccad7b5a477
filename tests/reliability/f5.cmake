# F5 WebSocket protocol abuse (docs/reliability.md): raw-socket attackers and a healthy client
# against the real server. CTest runs 20 s; tests/reliability/f5.sh --full runs 2 minutes.
add_executable(f5_abuse
  ${CMAKE_CURRENT_LIST_DIR}/f5_abuse.cpp
  ${PROJECT_SOURCE_DIR}/tests/e2e/net_raw.cpp
  ${PROJECT_SOURCE_DIR}/tests/e2e/server_process.cpp)
target_include_directories(f5_abuse PRIVATE ${PROJECT_SOURCE_DIR}/tests/e2e)
target_link_libraries(f5_abuse PRIVATE grognard_proto Threads::Threads grognard_warnings)
target_compile_definitions(f5_abuse PRIVATE
  GROGNARD_SERVER_BIN="$<TARGET_FILE:grognard-server>")
add_dependencies(f5_abuse grognard-server)
add_test(NAME reliability.f5_abuse COMMAND f5_abuse --seconds 20)
set_tests_properties(reliability.f5_abuse PROPERTIES RUN_SERIAL TRUE TIMEOUT 180
                     LABELS reliability)
