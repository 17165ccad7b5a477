#pragma once
// Helpers for the tests of the RCW internal functions (rules/rcw/internal.h).
#include <string>

#include "fixture.h"
#include "rules/rcw/internal.h"

namespace rcw_test {

namespace detail = grognard::rcw::detail;

inline std::size_t idx(const State& s, const std::string& id) {
  auto i = s.index_of(UnitId{id});
  REQUIRE(i.has_value());
  return *i;
}
inline const Unit& u(const State& s, const std::string& id) {
  return s.units[idx(s, id)];
}
inline std::string clause_of(const grognard::engine::Status& st) {
  REQUIRE_FALSE(st.ok());
  return st.error().clause;
}

}  // namespace rcw_test
