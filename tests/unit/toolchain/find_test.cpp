#include "wrpkit/toolchain/find.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>

#include "wrpkit/base/process.hpp"

using namespace wrp;

namespace {

// Sets environment variables for one test and puts the old values back.
class ScopedEnv {
 public:
  void set(const char* name, const std::string& value) {
    remember(name);
    setenv(name, value.c_str(), 1);
  }
  void unset(const char* name) {
    remember(name);
    unsetenv(name);
  }
  ~ScopedEnv() {
    for (auto& [name, value] : old_)
      if (value)
        setenv(name.c_str(), value->c_str(), 1);
      else
        unsetenv(name.c_str());
  }

 private:
  void remember(const char* name) {
    if (old_.count(name)) return;
    const char* v = std::getenv(name);
    old_[name] = v ? std::optional<std::string>(v) : std::nullopt;
  }
  std::map<std::string, std::optional<std::string>> old_;
};

fs::path tool_in(const fs::path& dir) {
  fs::create_directories(dir);
  std::ofstream(dir / "fatbinary") << "#!/bin/sh\n";
  return dir / "fatbinary";
}

}  // namespace

TEST_CASE("toolchain search order: --cuda, the environment's wheels, conda, the system, then CUDA_HOME") {
  TempDir tmp;
  fs::path t = tmp.path();
  ScopedEnv env;
  for (auto* v : {"WRPKIT_NO_TOOLCHAIN_SEARCH", "CUDA_PATH", "VIRTUAL_ENV", "CONDA_PREFIX"}) env.unset(v);
  env.set("PATH", (t / "no-such-dir").string());  // no python3, no system tools
  auto cuda_home = tool_in(t / "cuda" / "bin");
  env.set("CUDA_HOME", (t / "cuda").string());
  auto found = [] { return find_toolchain(std::nullopt).fatbinary.value_or("(none)"); };
  CHECK(found() == cuda_home);  // CUDA_HOME before /usr/local/cuda

  auto on_path = tool_in(t / "path-dir");
  env.set("PATH", (t / "path-dir").string());
  CHECK(found() == on_path);  // the system's PATH before CUDA_HOME

  auto conda = tool_in(t / "conda" / "bin");
  env.set("CONDA_PREFIX", (t / "conda").string());
  CHECK(found() == conda);  // conda's packages before the system

  auto conda_wheel = tool_in(t / "conda" / "lib" / "python3.11" / "site-packages" / "nvidia" / "cu13" / "bin");
  CHECK(found() == conda_wheel);  // pip wheels in the conda env before conda's own packages

  auto venv = tool_in(t / "venv" / "lib" / "python3.12" / "site-packages" / "nvidia" / "cu13" / "bin");
  env.set("VIRTUAL_ENV", (t / "venv").string());
  CHECK(found() == venv);  // the virtualenv's wheels first of the environments

  auto explicit_root = tool_in(t / "explicit" / "bin");
  CHECK(find_toolchain(t / "explicit").fatbinary == explicit_root);  // --cuda before everything

  auto tc = find_toolchain(std::nullopt);
  auto places = tc.searched();
  CHECK(places.find("$VIRTUAL_ENV") < places.find("$CONDA_PREFIX"));
  CHECK(places.find("$CONDA_PREFIX") < places.find("(conda)"));
  CHECK(places.find("(conda)") < places.find("the system"));
  CHECK(places.find("the system") < places.find("(CUDA_HOME)"));

  env.set("WRPKIT_NO_TOOLCHAIN_SEARCH", "1");  // only the named roots
  CHECK(found() == cuda_home);
}

TEST_CASE("own_site_packages: only for a tool installed by the wheel (site-packages/wrpkit/bin)") {
  CHECK_FALSE(own_site_packages());  // the test binary is in a build folder
}
