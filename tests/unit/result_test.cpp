// Errors as values (Result<T>, Status), error code names, and strong ids.

#include <catch2/catch.hpp>
#include <memory>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "engine/result.h"
#include "engine/ruleset.h"
#include "engine/strong.h"

using grognard::engine::Error;
using grognard::engine::ErrorCode;
using grognard::engine::illegal;
using grognard::engine::Result;
using grognard::engine::Status;

namespace {

Result<int> half(int n) {
  if (n % 2 != 0) return illegal("test.half.even", "only even numbers halve");
  return n / 2;
}

}  // namespace

TEST_CASE("Result holds a value", "[result]") {
  Result<int> r = half(8);
  REQUIRE(r.ok());
  CHECK(static_cast<bool>(r));
  CHECK(r.value() == 4);
  CHECK(*r == 4);
  r.value() = 5;
  CHECK(*r == 5);

  Result<std::string> s = std::string("B1");
  REQUIRE(s.ok());
  CHECK(s->size() == 2);
  const std::string moved = std::move(s).value();
  CHECK(moved == "B1");

  Result<std::unique_ptr<int>> owning = std::make_unique<int>(7);
  REQUIRE(owning.ok());
  std::unique_ptr<int> taken = std::move(owning).value();
  CHECK(*taken == 7);
}

TEST_CASE("Result holds an Error that names the rule", "[result]") {
  const Result<int> r = half(7);
  REQUIRE_FALSE(r.ok());
  CHECK_FALSE(static_cast<bool>(r));
  CHECK(r.error().code == ErrorCode::kIllegal);
  CHECK(r.error().clause == "test.half.even");
  CHECK(r.error().message == "only even numbers halve");
  CHECK(r.error() == Error{ErrorCode::kIllegal, "test.half.even", "only even numbers halve"});
  CHECK_FALSE(r.error() ==
              Error{ErrorCode::kNotFound, "test.half.even", "only even numbers halve"});

  const Result<std::string> e = Error{ErrorCode::kNotFound, "", "no such unit"};
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().code == ErrorCode::kNotFound);
  CHECK(e.error().clause.empty());
}

TEST_CASE("Status is success or an Error", "[result]") {
  const Status good = grognard::engine::ok_status();
  CHECK(good.ok());
  const Status bad = Error{ErrorCode::kFailedPrecondition, "", "the game is over"};
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().code == ErrorCode::kFailedPrecondition);
}

TEST_CASE("error codes have stable names", "[result]") {
  using grognard::engine::to_string;
  CHECK(std::string(to_string(ErrorCode::kInvalidArgument)) == "INVALID_ARGUMENT");
  CHECK(std::string(to_string(ErrorCode::kPermissionDenied)) == "PERMISSION_DENIED");
  CHECK(std::string(to_string(ErrorCode::kNotYourTurn)) == "NOT_YOUR_TURN");
  CHECK(std::string(to_string(ErrorCode::kIllegal)) == "ILLEGAL");
  CHECK(std::string(to_string(ErrorCode::kNotFound)) == "NOT_FOUND");
  CHECK(std::string(to_string(ErrorCode::kFailedPrecondition)) == "FAILED_PRECONDITION");
}

TEST_CASE("roles have stable names", "[result]") {
  using grognard::engine::Role;
  using grognard::engine::to_string;
  CHECK(std::string(to_string(Role::kGeneral)) == "general");
  CHECK(std::string(to_string(Role::kPlayer)) == "player");
  CHECK(std::string(to_string(Role::kReferee)) == "referee");
  CHECK(std::string(to_string(Role::kObserver)) == "observer");
}

TEST_CASE("strong ids compare, print and hash as their value", "[result]") {
  using grognard::engine::UnitId;
  const UnitId b1("B1"), b2("B2"), other_b1("B1");
  CHECK(b1 == other_b1);
  CHECK(b1 != b2);
  CHECK(b1 < b2);
  CHECK(b1.get() == "B1");
  CHECK(UnitId{}.get().empty());
  std::ostringstream os;
  os << b2;
  CHECK(os.str() == "B2");
  const std::unordered_set<UnitId> ids{b1, b2, other_b1};
  CHECK(ids.size() == 2);
  CHECK(std::hash<UnitId>{}(b1) == std::hash<std::string>{}("B1"));
}
