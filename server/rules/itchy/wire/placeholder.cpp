// Replaced by the wire adapter (codec, scenario loader, engine::Ruleset).
namespace grognard::itchy::wire {}
