// The C API of wrp_runtime.h over wrp::Replay: every exception becomes a status
// and a one-line message kept per thread.
#include <cstring>
#include <new>
#include <optional>
#include <string>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/driver/cuda_api.hpp"
#include "wrpkit/replay/replay.hpp"
#include "wrpkit/wrp_runtime.h"

struct wrp_graph {
  std::unique_ptr<wrp::Replay> replay;
};

namespace {

thread_local std::string last_error;

wrp_status status_of(wrp::Exit code) {
  switch (code) {
    case wrp::Exit::usage: return WRP_ERROR_USAGE;
    case wrp::Exit::target: return WRP_ERROR_UNSUPPORTED;
    case wrp::Exit::toolchain: return WRP_ERROR_DRIVER;
    default: return WRP_ERROR_BAD_INPUT;
  }
}

template <class F>
wrp_status guarded(F&& body) {
  try {
    body();
    last_error.clear();
    return WRP_OK;
  } catch (const wrp::Error& e) {
    last_error = e.what();
    return status_of(e.code());
  } catch (const std::bad_alloc&) {
    last_error = "out of memory (input sizes implausible?)";
    return WRP_ERROR_BAD_INPUT;
  } catch (const std::exception& e) {
    last_error = e.what();
    return WRP_ERROR_BAD_INPUT;
  }
}

wrp_status null_argument(const char* what) {
  last_error = std::string(what) + " is NULL";
  return WRP_ERROR_USAGE;
}

// The options as the replay's policy; trusted keys are read (libcrypto loaded) only when given.
wrp::TrustPolicy trust_of(const wrp_load_options* o) {
  wrp::TrustPolicy p;
  if (!o) return p;
  p.allow_unverified = o->allow_unverified != 0;
  p.isolate_unverified = o->no_isolation == 0;
  if (o->trusted_key_count && !o->trusted_keys) wrp::fail(wrp::Exit::usage, "trusted_keys is NULL");
  for (size_t i = 0; i < o->trusted_key_count; ++i) {
    if (!o->trusted_keys[i]) wrp::fail(wrp::Exit::usage, "trusted_keys[" + std::to_string(i) + "] is NULL");
    p.trusted.push_back(wrp::read_public_key_pem(o->trusted_keys[i], "trusted_keys[" + std::to_string(i) + "]"));
  }
  return p;
}

}  // namespace

extern "C" {

int wrp_runtime_version(void) { return WRP_RUNTIME_VERSION; }

wrp_status wrp_init(int device) {
  return guarded([&] { wrp::Replay::start_device(device); });
}

wrp_status wrp_load_from_memory_ex(const void* wrp, size_t wrp_size, const wrp_module_file* modules,
                                   size_t module_count, const char* label, const wrp_load_options* options,
                                   wrp_graph** out) {
  if (!wrp) return null_argument("wrp");
  if (!modules && module_count) return null_argument("modules");
  if (!out) return null_argument("out");
  *out = nullptr;
  return guarded([&] {
    auto trust = trust_of(options);
    for (size_t i = 0; i < module_count; ++i)
      if (!modules[i].name || (!modules[i].data && modules[i].size))
        wrp::fail(wrp::Exit::usage, "modules[" + std::to_string(i) + "] has a NULL name or data");
    // The caller's buffers are copied: they need to live only for this call.
    wrp::ModuleFileReader read = [&](const std::string& name) -> std::optional<wrp::SharedBytes> {
      for (size_t i = 0; i < module_count; ++i)
        if (name == modules[i].name)
          return wrp::SharedBytes(wrp::ByteView(static_cast<const uint8_t*>(modules[i].data), modules[i].size));
      return std::nullopt;
    };
    auto bytes = wrp::ByteView(static_cast<const uint8_t*>(wrp), wrp_size);
    *out = new wrp_graph{
        wrp::Replay::load_from_memory(label ? label : "<memory>", bytes, read, options ? options->device : 0, trust)};
  });
}

wrp_status wrp_load_from_memory(const void* wrp, size_t wrp_size, const wrp_module_file* modules, size_t module_count,
                                const char* label, int device, wrp_graph** out) {
  wrp_load_options o{};
  o.device = device;
  return wrp_load_from_memory_ex(wrp, wrp_size, modules, module_count, label, &o, out);
}

wrp_status wrp_load_ex(const char* path, const wrp_load_options* options, wrp_graph** out) {
  if (!path) return null_argument("path");
  if (!out) return null_argument("out");
  *out = nullptr;
  return guarded([&] {
    auto trust = trust_of(options);
    *out = new wrp_graph{wrp::Replay::load(path, options ? options->device : 0, trust)};
  });
}

wrp_status wrp_load(const char* path, int device, wrp_graph** out) {
  wrp_load_options o{};
  o.device = device;
  return wrp_load_ex(path, &o, out);
}

wrp_status wrp_instance(const wrp_graph* g, wrp_graph** out) {
  if (!g || !out) return null_argument("graph or out");
  *out = nullptr;
  return guarded([&] { *out = new wrp_graph{g->replay->instance()}; });
}

wrp_verification_state wrp_verification(const wrp_graph* g) {
  if (!g) return WRP_UNVERIFIED;
  switch (g->replay->verification()) {
    case wrp::Verification::verified: return WRP_VERIFIED;
    case wrp::Verification::signed_by_trusted_key: return WRP_SIGNED;
    default: return WRP_UNVERIFIED;
  }
}

wrp_status wrp_param_size(const wrp_graph* g, const char* name, uint64_t* size) {
  if (!g || !name || !size) return null_argument("graph, name or size");
  return guarded([&] { *size = g->replay->param_size(name); });
}

wrp_status wrp_param_dtype(const wrp_graph* g, const char* name, char* out, size_t out_size) {
  if (!g || !name || !out) return null_argument("graph, name or out");
  return guarded([&] {
    auto t = g->replay->param_dtype(name);
    if (t.size() + 1 > out_size)
      wrp::fail(wrp::Exit::usage, "wrp_param_dtype: out holds " + std::to_string(out_size) + " bytes, " +
                                      std::to_string(t.size() + 1) + " are needed");
    std::memcpy(out, t.c_str(), t.size() + 1);
  });
}

wrp_status wrp_set_param(wrp_graph* g, const char* name, const void* data, uint64_t size) {
  if (!g || !name || (!data && size)) return null_argument("graph, name or data");
  return guarded([&] { g->replay->set_param(name, data, size); });
}

wrp_status wrp_get_param(wrp_graph* g, const char* name, void* data, uint64_t size) {
  if (!g || !name || (!data && size)) return null_argument("graph, name or data");
  return guarded([&] { g->replay->get_param(name, data, size); });
}

wrp_status wrp_param_device_ptr(const wrp_graph* g, const char* name, uint64_t* device_ptr, uint64_t* size) {
  if (!g || !name || !device_ptr || !size) return null_argument("graph, name, device_ptr or size");
  return guarded([&] { std::tie(*device_ptr, *size) = g->replay->param_device_ptr(name); });
}

wrp_status wrp_bind_param(wrp_graph* g, const char* name, uint64_t device_ptr, uint64_t size) {
  if (!g || !name) return null_argument("graph or name");
  return guarded([&] { g->replay->bind_param(name, device_ptr, size); });
}

wrp_status wrp_add_to_graph(wrp_graph* g, void* graph, void* const* deps, size_t dep_count, void** last) {
  if (!g || !graph || !last || (!deps && dep_count)) return null_argument("graph, CUDA graph, deps or last");
  return guarded([&] { *last = g->replay->add_to_graph(graph, std::vector<void*>(deps, deps + dep_count)); });
}

wrp_status wrp_launch(wrp_graph* g, void* stream) {
  if (!g) return null_argument("graph");
  return guarded([&] { g->replay->launch(stream); });
}

wrp_status wrp_synchronize(wrp_graph* g) {
  if (!g) return null_argument("graph");
  return guarded([&] { g->replay->synchronize(); });
}

void wrp_unload(wrp_graph* g) { delete g; }

const char* wrp_last_error(void) { return last_error.c_str(); }

}  // extern "C"
