// dlopen/dlsym wrapper: CUDA libraries are optional at run time so the tools
// start (and inspect) on machines without them.
#pragma once
#include <initializer_list>
#include <string>

namespace wrp {

class DynLib {
 public:
  DynLib() = default;
  DynLib(const DynLib&) = delete;
  DynLib& operator=(const DynLib&) = delete;
  DynLib(DynLib&& o) noexcept : handle_(o.handle_), path_(std::move(o.path_)) { o.handle_ = nullptr; }
  ~DynLib();

  // Returns false and sets error() when the library cannot be loaded.
  bool open(const std::string& path);
  // Opens the first of `names` that loads (sonames, newest first); on failure error()
  // names every one tried and why: "a (why); b (why)".
  bool open_first(std::initializer_list<const char*> names);
  bool is_open() const { return handle_ != nullptr; }
  const std::string& path() const { return path_; }
  const std::string& error() const { return error_; }

  void* symbol(const char* name) const;
  void* require_symbol(const char* name, const char* kind) const;
  template <class F>
  bool get(F& fn, const char* name) const {
    fn = reinterpret_cast<F>(symbol(name));
    return fn != nullptr;
  }
  // Binds `name` or throws wrp::Error(toolchain): "<path>: has no <name> (not <kind>?)".
  template <class F>
  void require(F& fn, const char* name, const char* kind) const {
    fn = reinterpret_cast<F>(require_symbol(name, kind));
  }

 private:
  void* handle_ = nullptr;
  std::string path_, error_;
};

}  // namespace wrp
