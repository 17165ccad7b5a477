# The hidden-information scanner: random games of the rule sets that hide something, every frame
# searched for the secrets its connection may not know. CI plays a few games; scanner.sh --full
# many (GROGNARD_SCAN_GAMES).
add_executable(reliability_scan_tests hidden_scan_test.cpp ${PROJECT_SOURCE_DIR}/tests/room/fakes.cpp)
target_include_directories(reliability_scan_tests PRIVATE ${PROJECT_SOURCE_DIR}/tests/room
                           ${PROJECT_SOURCE_DIR}/tests)
target_link_libraries(reliability_scan_tests PRIVATE grognard_room grognard_app
                      grognard_itchy_wire grognard_sharpe_wire grognard_rcw_wire
                      grognard_test_main grognard_warnings)
catch_discover_tests(reliability_scan_tests TEST_PREFIX "reliability.")
