# Writes a C++ source embedding the shipped scenarios, run as a CMake script:
#   cmake -DOUT=<file.cpp> "-DFILES=<a.textproto;b.textproto;...>" -P embed_scenarios.cmake
# Each file is scenarios/<ruleset>/<name>.textproto; the generated file defines
#   const std::vector<grognard::app::EmbeddedScenario>& grognard::app::embedded_scenarios();
# with {ruleset, name, text} for each file in the order given. The text is embedded verbatim
# in a raw string literal whose delimiter is chosen so that it cannot occur in the text.
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/embed_common.cmake)

cmake_minimum_required(VERSION 3.25)

if(NOT DEFINED OUT)
  message(FATAL_ERROR "embed_scenarios.cmake: OUT is not set")
endif()

set(entries "")
set(seen "")
foreach(file IN LISTS FILES)
  get_filename_component(base "${file}" NAME)
  get_filename_component(dir "${file}" DIRECTORY)
  get_filename_component(ruleset "${dir}" NAME)
  if(NOT base MATCHES "^([A-Za-z0-9_-]+)\\.textproto$")
    message(FATAL_ERROR "scenario file name must be <name>.textproto: ${file}")
  endif()
  set(name "${CMAKE_MATCH_1}")
  if(NOT ruleset MATCHES "^[A-Za-z0-9_-]+$")
    message(FATAL_ERROR "scenario must live in scenarios/<ruleset>/: ${file}")
  endif()
  if("${ruleset}/${name}" IN_LIST seen)
    message(FATAL_ERROR "two scenarios named ${ruleset}/${name}")
  endif()
  list(APPEND seen "${ruleset}/${name}")

  file(READ "${file}" text)
  raw_string_literal("${text}" "tp" literal)

  string(APPEND entries "      {\"${ruleset}\", \"${name}\", ${literal}},\n")
endforeach()

write_embedded_source("${OUT}" "app/scenarios.h" "grognard::app" "EmbeddedScenario"
                      "embedded_scenarios" "${entries}" "scenarios/*/*.textproto"
                      "server/app/embed_scenarios.cmake")
