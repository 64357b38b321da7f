#include "wrpkit/artifact/output_commit.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <cstring>
#include <set>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/fault.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/formats/container.hpp"
#include "wrpkit/formats/metadata.hpp"

namespace wrp {

namespace {

constexpr std::string_view kTempInfix = ".wrpkit-tmp";

[[noreturn]] void output_error(const fs::path& p, const std::string& what) {
  fail(Exit::output, fmt::format("cannot write {}: {}; nothing was changed there", p.string(), what));
}

// An exclusive flock on the output's folder for the commit: two builds into one
// folder take turns instead of removing each other's files. Nothing is created
// for it, and the kernel drops it when the process dies.
class FolderLock {
 public:
  explicit FolderLock(const fs::path& folder, const fs::path& wrp) {
    fd_ = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd_ < 0) output_error(wrp, fmt::format("cannot open folder {}: {}", folder.string(), std::strerror(errno)));
    // A file system without flock (some network mounts) gets no turn-taking, not a
    // failed build: the commit is still safe for one build at a time.
    while (::flock(fd_, LOCK_EX) != 0 && errno == EINTR) {}
  }
  ~FolderLock() { ::close(fd_); }

 private:
  int fd_ = -1;
};

bool same_bytes(const fs::path& p, ByteView bytes) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec) || fs::file_size(p, ec) != bytes.size()) return false;
  try {
    auto have = read_file(p);
    return std::equal(have.begin(), have.end(), bytes.begin(), bytes.end());
  } catch (const Error&) {
    return false;
  }
}

// The module and source files a .wrp names; empty when it is missing or unreadable.
std::set<std::string> files_named_by(const fs::path& wrp) {
  std::set<std::string> names;
  std::error_code ec;
  if (!fs::is_regular_file(wrp, ec)) return names;
  try {
    auto a = open_artifact(wrp, false);
    for (auto& m : a.meta.modules) {
      names.insert(m.binary_filename);
      if (m.retains_source()) names.insert(m.source_filename);
    }
  } catch (const Error&) {}
  return names;
}

// Temporary files and folders of an earlier build of this output that was killed.
void remove_stale_temps(const fs::path& wrp, const fs::path& dir) {
  std::error_code ec;
  auto stale = [](const fs::path& p) { return p.filename().string().find(kTempInfix) != std::string::npos; };
  for (auto& e : fs::directory_iterator(wrp.parent_path().empty() ? "." : wrp.parent_path(), ec)) {
    auto name = e.path().filename().string();
    if (stale(e.path()) &&
        (name.starts_with(wrp.filename().string()) || name.starts_with("." + dir.filename().string())))
      fs::remove_all(e.path(), ec);
  }
  for (auto& e : fs::directory_iterator(dir, ec))
    if (stale(e.path())) fs::remove_all(e.path(), ec);
}

}  // namespace

std::string module_file_name(const std::string& base, ByteView bytes) {
  auto tag = sha256_hex(bytes).substr(0, 8);
  // The tag goes before the extension that decides how Warp loads the file
  // (".fatbin", or ".fatbin.cubin" for a format-18 record with source).
  auto dot = base.find(".fatbin");
  if (dot == std::string::npos) dot = base.rfind('.');
  if (dot == std::string::npos) return base + "." + tag;
  return base.substr(0, dot) + "." + tag + base.substr(dot);
}

std::string free_file_name(const fs::path& modules_dir, const std::string& name, ByteView bytes) {
  std::error_code ec;
  auto p = modules_dir / name;
  if (!fs::exists(p, ec) || same_bytes(p, bytes)) return name;
  return module_file_name(name, bytes);
}

namespace {

// No modules folder yet: stage it whole, then two renames (folder, then .wrp).
void commit_new_folder(const fs::path& wrp, ByteView wrp_bytes, const std::vector<OutputFile>& files,
                       const fs::path& parent, const fs::path& wrp_tmp) {
  auto dir = modules_dir_for(wrp);
  auto staged = parent / ("." + dir.filename().string() + temp_name_suffix());
  std::error_code ec;
  try {
    fs::create_directory(staged);
    for (auto& f : files) write_file_atomic(staged / f.name, f.bytes);
    write_file_atomic(wrp_tmp, wrp_bytes);
    fault_point("emit-staged");
    fs::rename(staged, dir);
  } catch (const fs::filesystem_error& e) {
    fs::remove_all(staged, ec), fs::remove(wrp_tmp, ec);
    output_error(wrp, e.code().message());
  } catch (...) {
    fs::remove_all(staged, ec), fs::remove(wrp_tmp, ec);
    throw;
  }
  if (::rename(wrp_tmp.c_str(), wrp.c_str()) != 0) {
    int err = errno;
    fs::remove_all(dir, ec), fs::remove(wrp_tmp, ec);
    output_error(wrp, std::strerror(err));
  }
  fault_point("emit-committed");
}

// A modules folder exists (an older artifact, or one a killed build left): the new
// files go beside the old ones; none of them is a name the old .wrp uses with other
// bytes (the caller names files by content). Then the .wrp's rename commits.
void commit_beside_old(const fs::path& wrp, ByteView wrp_bytes, const std::vector<OutputFile>& files,
                       const fs::path& wrp_tmp, const std::set<std::string>& old_names) {
  auto dir = modules_dir_for(wrp);
  std::error_code ec;
  std::vector<fs::path> added;
  try {
    for (auto& f : files) {
      auto p = dir / f.name;
      bool already_there = same_bytes(p, f.bytes);  // read once: the same rebuild writes nothing
      if (old_names.count(f.name) && !already_there)
        fail(Exit::output,
             fmt::format("internal: {} would replace a file the old {} uses", p.string(), wrp.filename().string()));
      if (already_there) continue;
      write_file_atomic(p, f.bytes);
      added.push_back(p);
      if (added.size() == 1) fault_point("emit-file");
    }
    write_file_atomic(wrp_tmp, wrp_bytes);
    fault_point("emit-staged");
  } catch (...) {
    for (auto& p : added) fs::remove(p, ec);
    fs::remove(wrp_tmp, ec);
    throw;
  }
  if (::rename(wrp_tmp.c_str(), wrp.c_str()) != 0) {  // the commit point
    int err = errno;
    for (auto& p : added) fs::remove(p, ec);
    fs::remove(wrp_tmp, ec);
    output_error(wrp, std::strerror(err));
  }
  fault_point("emit-committed");
}

// The old artifact's files the new one does not use, and files a killed build added
// but never committed (module files no .wrp names). Other files stay.
void remove_unused(const fs::path& dir, const std::vector<OutputFile>& files, const std::set<std::string>& old_names) {
  std::set<std::string> new_names;
  for (auto& f : files) new_names.insert(f.name);
  std::error_code ec;
  for (auto& e : fs::directory_iterator(dir, ec)) {
    auto name = e.path().filename().string();
    if (new_names.count(name)) continue;
    bool ours = old_names.count(name) || name.ends_with(".fatbin") || name.ends_with(".fatbin.cubin");
    if (ours) fs::remove(e.path(), ec);
  }
}

}  // namespace

void commit_artifact(const fs::path& wrp, ByteView wrp_bytes, const std::vector<OutputFile>& files) {
  auto dir = modules_dir_for(wrp);
  auto parent = wrp.parent_path().empty() ? fs::path(".") : wrp.parent_path();
  std::error_code ec;
  if (!fs::is_directory(parent, ec)) output_error(wrp, fmt::format("folder {} does not exist", parent.string()));
  FolderLock lock(parent, wrp);
  remove_stale_temps(wrp, dir);
  auto wrp_tmp = fs::path(wrp.string() + temp_name_suffix());
  if (!fs::is_directory(dir, ec)) return commit_new_folder(wrp, wrp_bytes, files, parent, wrp_tmp);
  auto old_names = files_named_by(wrp);
  commit_beside_old(wrp, wrp_bytes, files, wrp_tmp, old_names);
  remove_unused(dir, files, old_names);
}

}  // namespace wrp
