# Writes a C++ source embedding the web client, run as a CMake script:
#   cmake -DOUT=<file.cpp> -DROOT=<web dir> "-DFILES=<a;b;...>" -P embed_web.cmake
# Each file (under ROOT; text only: .html .css .js .svg .json .txt) becomes {"/<path under
# ROOT>", text}; the generated file defines
#   const std::vector<grognard::site::WebFile>& grognard::site::embedded_web_files();
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/embed_common.cmake)

cmake_minimum_required(VERSION 3.25)

if(NOT DEFINED OUT OR NOT DEFINED ROOT)
  message(FATAL_ERROR "embed_web.cmake: OUT and ROOT must be set")
endif()

set(entries "")
foreach(file IN LISTS FILES)
  file(RELATIVE_PATH rel "${ROOT}" "${file}")
  if(NOT rel MATCHES "^([A-Za-z0-9_-]+/)*[A-Za-z0-9_-]+\\.(html|css|js|svg|json|txt)$")
    message(FATAL_ERROR "web file names are letters, digits, _ and -, with a text suffix: ${rel}")
  endif()
  file(READ "${file}" text)
  raw_string_literal("${text}" "web" literal)
  string(APPEND entries "      {\"/${rel}\", ${literal}},\n")
endforeach()

write_embedded_source("${OUT}" "site/pages.h" "grognard::site" "WebFile" "embedded_web_files"
                      "${entries}" "web/" "server/site/embed_web.cmake")
