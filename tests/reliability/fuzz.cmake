# F4 fuzzing (docs/reliability.md). Every build: the regression test, which feeds every input the
# fuzzers ever crashed on (tests/fuzz/regressions/<target>/) and the seed corpus to the same
# entries the libFuzzer targets run. The fuzzing itself (clang, the fuzz preset) is
# tests/reliability/fuzz.sh; its CI-sized run is the CTest entry below.
if(NOT TARGET grognard_fuzz_entries)
  add_subdirectory(${PROJECT_SOURCE_DIR}/tests/fuzz ${CMAKE_BINARY_DIR}/tests/fuzz)
endif()
add_executable(fuzz_regressions ${CMAKE_CURRENT_LIST_DIR}/../fuzz/regressions_test.cpp)
target_link_libraries(fuzz_regressions PRIVATE grognard_fuzz_corpus grognard_test_main
                      grognard_warnings)
target_compile_definitions(fuzz_regressions PRIVATE GROGNARD_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
catch_discover_tests(fuzz_regressions TEST_PREFIX "reliability.")

# CI: the clang tree (build/fuzz) built, and every target run over its seeds and regression inputs
# under ASan and UBSan (repeatable); the fuzzing itself runs on demand (fuzz.sh, --full), as its
# new findings are defects to fix, not a pass or fail of a change. docs/reliability.md, F4.
add_test(NAME reliability.fuzz COMMAND bash tests/reliability/fuzz.sh --seeds-only
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(reliability.fuzz PROPERTIES TIMEOUT 3600 RUN_SERIAL TRUE
                     LABELS "reliability;fuzz")
