// Replaying an artifact with the CUDA driver alone (wrp-run, the C API in
// wrp_runtime.h): no Warp, no NVRTC. Loading allocates every region with its
// initial contents, loads each module image, packs every launch's arguments
// (launch_args.hpp) and builds the op stream into one CUDA graph
// (graph.hpp), so a replay is one graph launch, as in Warp.
//
// Replayed: kernel launches (thread-block clusters too), memcpy host->device and
// device->device, memset, alloc, and, with the helper kernels wrp-build adds
// (helper_kernels.hpp), memtile, if/while (conditional graph nodes), scan, radix and
// segmented sort, run-length encode, reduction (algorithms.hpp), BSR from triplets and
// transpose (sparse.hpp), and the meshes of Warp 1.15 to 1.19 (meshes.hpp). Refused at
// load, naming them (support.hpp): BVH and hash-grid ops, meshes of other releases or with
// LBVH trees, CPU graphs, format 13 (written by no release).
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

  // A second replay state of the same load (wrp_instance): its own regions (with the
  // initial contents), meshes, stream and graph, sharing the artifact, the context and the
  // loaded modules. Instances are independent: each may be used from its own thread at
  // the same time as the others; one instance is not for two threads at once.
  std::unique_ptr<Replay> instance() const;

  // Starts the driver and keeps device `device`'s primary context alive for the process (wrp_init).
  static void start_device(int device);

  // The named binding's region: size in bytes. Throws usage for an unknown name.
  uint64_t param_size(const std::string& name) const;
  // What one element of the binding is, as NumPy names it ("<f4", "<f4[3]"), from the
  // kernel that reads it (artifact/binding_type.hpp); "" where the artifact does not say.
  std::string param_dtype(const std::string& name) const;
  void set_param(const std::string& name, const void* data, uint64_t size);
  void get_param(const std::string& name, void* data, uint64_t size);
  // The device address a replay reads and writes for the binding, and its size: the
  // caller's memory where bind_param gave some, else the replay's own region.
  std::pair<uint64_t, uint64_t> param_device_ptr(const std::string& name) const;
  // Zero-copy: from the next launch on, every operand of the binding's region (kernel
  // arguments, copies, fills, helper operands) is `size` bytes at `ptr` (device memory of
  // this replay's device, 256-byte aligned as cuMemAlloc gives it) instead of the region;
  // ptr 0 goes back to the region. One rebuild of the graph from the replay plan. Throws
  // usage for a size other than the binding's, misalignment, memory that overlaps another
  // bound binding or this replay's own, and a binding a mesh is built from.
  void bind_param(const std::string& name, uint64_t ptr, uint64_t size);
  // The replay's nodes added to the caller's CUDA graph `graph` after its nodes `deps`
  // (none: at a start of it), conditional nodes and handles in that graph itself; returns
  // the last node added (nullptr: the replay has no nodes). They use this replay's memory
  // and modules: it must outlive every launch of the caller's graph.
  void* add_to_graph(void* graph, const std::vector<void*>& deps);
  // One graph launch on `stream` (nullptr: the replay's own stream); asynchronous.
  void launch(void* stream = nullptr);
  void synchronize();
  // How far the loaded bytes were vouched for: no manifest, a manifest, a trusted signature.
  Verification verification() const { return verification_; }

  struct Shared;  // defined in replay.cpp: what instances share
  struct State;   // defined in replay.cpp: one instance

 private:
  Replay() = default;
  std::unique_ptr<State> s_;
  Verification verification_ = Verification::unverified;
};

}  // namespace wrp
