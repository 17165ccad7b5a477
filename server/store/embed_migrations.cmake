# Writes a C++ source embedding the schema migrations, run as a CMake script:
#   cmake -DOUT=<file.cpp> "-DFILES=<a.sql;b.sql;...>" -P embed_migrations.cmake
# Each file is named NNNN_name.sql; the generated file defines
#   const std::vector<grognard::store::Migration>& grognard::store::embedded_migrations();
# with {version, name, sql} for each file in version order. The SQL text is embedded verbatim
# in a raw string literal whose delimiter is chosen so that it cannot occur in the text.
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/embed_common.cmake)

cmake_minimum_required(VERSION 3.25)

if(NOT DEFINED OUT)
  message(FATAL_ERROR "embed_migrations.cmake: OUT is not set")
endif()

set(entries "")
set(seen_versions "")
foreach(file IN LISTS FILES)
  get_filename_component(base "${file}" NAME)
  if(NOT base MATCHES "^([0-9]+)_([A-Za-z0-9_]+)\\.sql$")
    message(FATAL_ERROR "migration file name must be NNNN_name.sql: ${file}")
  endif()
  set(digits "${CMAKE_MATCH_1}")
  set(name "${CMAKE_MATCH_2}")
  # Strip leading zeros so that the number is read as decimal.
  string(REGEX REPLACE "^0+" "" version "${digits}")
  if(version STREQUAL "")
    message(FATAL_ERROR "migration versions start at 1: ${file}")
  endif()
  if(version IN_LIST seen_versions)
    message(FATAL_ERROR "two migrations share version ${version}: ${file}")
  endif()
  list(APPEND seen_versions "${version}")

  file(READ "${file}" sql)
  raw_string_literal("${sql}" "sql" literal)

  string(APPEND entries "      {${version}, \"${name}\", ${literal}},\n")
endforeach()

write_embedded_source("${OUT}" "store/migrate.h" "grognard::store" "Migration"
                      "embedded_migrations" "${entries}" "migrations/*.sql"
                      "server/store/embed_migrations.cmake")
