// Replaying an artifact with the CUDA driver alone (wrp-run, the C API in
// wrp_runtime.h): no Warp, no NVRTC. Loading allocates every region with its
// initial contents, loads each module image, packs every launch's arguments
// (launch_args.hpp) and builds the op stream into one CUDA graph
// (graph.hpp), so a replay is one graph launch, as in Warp.
//
// Replayed: kernel launches, memcpy host->device and device->device, memset,
// alloc, and, with the helper kernels wrp-build adds (helper_kernels.hpp),
// memtile, if/while (conditional graph nodes), scan, radix and segmented sort,
// run-length encode and reduction (algorithms.hpp). Refused at load,
// naming them (support.hpp): BSR, BVH and hash-grid ops, meshes,
// thread-block clusters, CPU graphs, formats before 15.
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/replay/support.hpp"

namespace wrp {

class Replay {
 public:
  // Throws wrp::Error: bad_input (malformed), target (ops it cannot replay: replay_blockers),
  // toolchain (no driver or GPU, a CUDA call failed).
  // Every byte is checked against the artifact's manifest (and `trust`) before the
  // driver sees any (integrity.hpp: require_trusted).
  static std::unique_ptr<Replay> load(const std::filesystem::path& wrp, int device, const TrustPolicy& trust = {});
  // The same from memory: the .wrp's bytes and a reader of its module files (`label` names it in messages).
  static std::unique_ptr<Replay> load_from_memory(const std::string& label, ByteView wrp,
                                                  const ModuleFileReader& read_module, int device,
                                                  const TrustPolicy& trust = {});
  // The same for an artifact already opened (open_artifact_bytes).
  static std::unique_ptr<Replay> start(Artifact a, int device, const TrustPolicy& trust = {});
  ~Replay();

  // Starts the driver and keeps device `device`'s primary context alive for the process (wrp_init).
  static void start_device(int device);

  // The named binding's region: size in bytes. Throws usage for an unknown name.
  uint64_t param_size(const std::string& name) const;
  void set_param(const std::string& name, const void* data, uint64_t size);
  void get_param(const std::string& name, void* data, uint64_t size);
  // One graph launch on `stream` (nullptr: the replay's own stream); asynchronous.
  void launch(void* stream = nullptr);
  void synchronize();
  // How far the loaded bytes were vouched for: no manifest, a manifest, a trusted signature.
  Verification verification() const { return verification_; }

  struct State;  // defined in replay.cpp

 private:
  Replay() = default;
  std::unique_ptr<State> s_;
  Verification verification_ = Verification::unverified;
};

}  // namespace wrp
