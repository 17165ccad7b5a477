# F5 WebSocket protocol abuse (docs/reliability.md): raw-socket attackers and a healthy client
# against the real server. f5_abuse runs every attack of the first rounds at once (CTest 20 s);
# f5_hostile runs the later ones one after another (CTest 5 s each); tests/reliability/f5.sh
# --full runs both longer.
add_library(f5_common STATIC
  ${CMAKE_CURRENT_LIST_DIR}/f5_common.cpp
  ${PROJECT_SOURCE_DIR}/tests/e2e/net_raw.cpp
  ${PROJECT_SOURCE_DIR}/tests/e2e/server_process.cpp)
target_include_directories(f5_common PUBLIC ${PROJECT_SOURCE_DIR}/tests/e2e)
target_link_libraries(f5_common PUBLIC grognard_proto Threads::Threads PRIVATE grognard_warnings)
target_compile_definitions(f5_common PRIVATE
  GROGNARD_SERVER_BIN="$<TARGET_FILE:grognard-server>")

add_executable(f5_abuse ${CMAKE_CURRENT_LIST_DIR}/f5_abuse.cpp)
add_executable(f5_hostile ${CMAKE_CURRENT_LIST_DIR}/f5_hostile.cpp
               ${CMAKE_CURRENT_LIST_DIR}/f5_attacks.cpp)
foreach(program f5_abuse f5_hostile)
  target_link_libraries(${program} PRIVATE f5_common grognard_warnings)
  add_dependencies(${program} grognard-server)
endforeach()
add_test(NAME reliability.f5_abuse COMMAND f5_abuse --seconds 20)
add_test(NAME reliability.f5_hostile COMMAND f5_hostile --seconds 5)
set_tests_properties(reliability.f5_abuse reliability.f5_hostile PROPERTIES
                     RUN_SERIAL TRUE TIMEOUT 300 LABELS reliability)
