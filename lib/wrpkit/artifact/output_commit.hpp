// Writing an artifact (NAME.wrp + NAME_modules/) so that a build killed at any
// moment, or failing on a full or read-only disk, never leaves a half-written
// artifact, and a previous artifact at that path stays loadable until the new
// one replaces it.
//
// How: the .wrp names its module files, so the .wrp's rename is the one commit
// point. New module files go in under names the old .wrp does not use (wrp-build
// names what it builds by content, module_file_name), then the new .wrp is
// renamed over the old, then the old .wrp's files that the new one does not
// name are removed. With no modules folder yet, the folder is staged under a
// temporary name and renamed in just before the .wrp: a kill between those two
// renames leaves the folder without a .wrp (never a .wrp without its files);
// the next build removes it. Temporary names contain ".wrpkit-tmp"; stale ones
// are removed by the next build of that output. Commits into one folder take
// turns (flock on the folder, which the kernel releases if the process dies).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

struct OutputFile {
  std::string name;  // bare name inside NAME_modules/
  ByteView bytes;
};

// "wp_x_1234567.fatbin" + bytes -> "wp_x_1234567.<first 8 hex of SHA-256>.fatbin":
// the same bytes always get the same name, other bytes another name.
std::string module_file_name(const std::string& base, ByteView bytes);

// `name` if NAME_modules/ has no such file or holds these very bytes, else the
// content-tagged name (for files copied under their own names: .cu, .meta).
std::string free_file_name(const std::filesystem::path& modules_dir, const std::string& name, ByteView bytes);

// Throws wrp::Error(Exit::output) with one line naming the path and the cause;
// then nothing new is left behind and the old artifact, if any, is untouched.
void commit_artifact(const std::filesystem::path& wrp, ByteView wrp_bytes, const std::vector<OutputFile>& files);

}  // namespace wrp
