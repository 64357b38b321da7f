#include "wrpkit/artifact/binding_type.hpp"

#include <string_view>

#include "wrpkit/artifact/artifact.hpp"

namespace wrp {

namespace {

// The retained CUDA source of the module with `hash`, where it was kept and matched.
std::string_view source_of(const Artifact& a, const std::string& hash) {
  for (size_t m = 0; m < a.meta.modules.size(); ++m)
    if (a.meta.modules[m].hash == hash && has_source_fallback(a, m))
      return {reinterpret_cast<const char*>(a.modules[m].source.data()), a.modules[m].source.size()};
  return {};
}

// The parameter position of `l` whose data pointer is the region's start, or -1.
int param_at_region_start(const LaunchOp& l, uint32_t region) {
  for (size_t i = 0; i < l.params.size(); ++i)
    for (auto& r : l.params[i].relocs)
      if (r.kind == kRelocDataPtr && r.region_id == int32_t(region) && r.region_offset == 0 && r.value_byte_offset == 0)
        return int(i);
  return -1;
}

}  // namespace

std::optional<ElementType> binding_element_type(const Artifact& a, const std::string& binding) {
  const BindingRecord* b = nullptr;
  for (auto& x : a.meta.bindings)
    if (x.name == binding) b = &x;
  if (!b) return std::nullopt;
  std::optional<ElementType> found;
  for_each_op(a.ops.ops, [&](const Op& op) {
    if (found || op.type != kOpLaunch || !op.launch.is_forward) return;
    int at = param_at_region_start(op.launch, b->region_id);
    auto* k = at < 0 ? nullptr : a.meta.kernel(op.launch.module_hash, op.launch.kernel_key);
    auto cu = k ? source_of(a, op.launch.module_hash) : std::string_view();
    if (cu.empty()) return;
    auto params = kernel_params(cu, k->forward_name);
    if (params && size_t(at) < params->size()) found = array_element((*params)[size_t(at)]);
  });
  return found;
}

}  // namespace wrp
