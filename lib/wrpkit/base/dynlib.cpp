#include "wrpkit/base/dynlib.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

#include "wrpkit/base/error.hpp"

namespace wrp {

DynLib::~DynLib() {
  // Never dlclose CUDA libraries: they keep threads and atexit handlers alive.
}

bool DynLib::open(const std::string& path) {
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  path_ = path;
  if (!handle_) {
    const char* e = dlerror();
    error_ = e ? e : "unknown dlopen error";
  }
  return handle_ != nullptr;
}

bool DynLib::open_first(std::initializer_list<const char*> names) {
  std::string tried;
  for (const char* name : names) {
    if (open(name)) return true;
    tried += fmt::format("{}{} ({})", tried.empty() ? "" : "; ", name, error_);
  }
  error_ = tried;
  return false;
}

void* DynLib::symbol(const char* name) const { return handle_ ? dlsym(handle_, name) : nullptr; }

void* DynLib::require_symbol(const char* name, const char* kind) const {
  void* p = symbol(name);
  if (!p) fail(Exit::toolchain, fmt::format("{}: has no {} (not {}?)", path_, name, kind));
  return p;
}

}  // namespace wrp
