# Helpers for the build-time scripts that embed files into C++ sources
# (server/store/embed_migrations.cmake, server/app/embed_scenarios.cmake,
# server/site/embed_web.cmake).

# Sets `out` to a C++ raw string literal holding `text`, with a delimiter built from `prefix`
# whose closing sequence )delim" does not occur in the text.
function(raw_string_literal text prefix out)
  set(delim "${prefix}")
  set(counter 0)
  string(FIND "${text}" ")${delim}\"" found)
  while(NOT found EQUAL -1)
    math(EXPR counter "${counter} + 1")
    set(delim "${prefix}${counter}")
    string(FIND "${text}" ")${delim}\"" found)
  endwhile()
  set(${out} "R\"${delim}(${text})${delim}\"" PARENT_SCOPE)
endfunction()

# Writes `content` to `path` only when it differs, so an unchanged set triggers no rebuild.
function(write_if_changed path content)
  if(EXISTS "${path}")
    file(READ "${path}" previous)
    if(previous STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE "${path}" "${content}")
endfunction()

# Writes the generated source at `path`: `header` included, and in namespace `ns` the function
#   const std::vector<TYPE>& FUNCTION();
# returning `entries` (brace initializers, one per line, each ending with ",\n") in that order.
# `source` names what it was generated from, and `script` the script that did it.
function(write_embedded_source path header ns type function entries source script)
  set(content "// Generated from ${source} by ${script}. Do not edit.
#include \"${header}\"

namespace ${ns} {

const std::vector<${type}>& ${function}() {
  static const std::vector<${type}> items{
${entries}  };
  return items;
}

}  // namespace ${ns}
")
  write_if_changed("${path}" "${content}")
endfunction()
