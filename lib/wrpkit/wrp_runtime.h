/* wrpkit runtime: replay a .wrp built by wrp-build with the CUDA driver alone
 * (no Warp, no NVRTC, no JIT for the targets it was built for). Every call
 * returns a status; wrp_last_error() gives the last failure of this thread as
 * one line (the file, the op or binding, what to do). Link wrpkit_runtime. */
#ifndef WRP_RUNTIME_H
#define WRP_RUNTIME_H
#include <stddef.h>
#include <stdint.h>

#if defined(WRP_RUNTIME_BUILD)
#define WRP_API __attribute__((visibility("default")))
#else
#define WRP_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  WRP_OK = 0,
  WRP_ERROR_USAGE = 1,       /* bad argument: unknown binding, wrong size, no such device */
  WRP_ERROR_BAD_INPUT = 2,   /* the artifact is malformed or unsafe */
  WRP_ERROR_UNSUPPORTED = 3, /* ops wrp-run cannot replay (the message names them) */
  WRP_ERROR_DRIVER = 4       /* no driver or GPU, or a CUDA call failed (the message names it) */
} wrp_status;

/* The API level this header describes; wrp_runtime_version() says the library's. Level 2:
 * unverified artifacts are refused unless a load opts in (wrp_load_options.allow_unverified). */
#define WRP_RUNTIME_VERSION 2

typedef struct wrp_graph wrp_graph;

/* What a load accepts (wrp_load_ex). Every load checks the artifact's wrpkit manifest
 * before any byte reaches the driver: a changed byte is WRP_ERROR_BAD_INPUT, and so is an
 * artifact with no manifest (a capture as Warp saved it) unless allow_unverified is set.
 * Zero-initialise it ({0}) and set what you need: zero is the safe choice for every field. */
typedef struct {
  int device;                      /* CUDA device ordinal */
  int require_verified;            /* ignored: refusing unverified artifacts is the default (level 2) */
  const char* const* trusted_keys; /* Ed25519 public keys, PEM text (`openssl pkey -pubout`): when
                                      given, refuse any artifact not signed by one of them. Needs
                                      OpenSSL's libcrypto (1.1.1+), loaded only then. */
  size_t trusted_key_count;
  int allow_unverified; /* non-zero: load an artifact with no wrpkit manifest. Nothing vouches for
                           its bytes, and the CUDA driver crashes on some damaged images: passing a
                           capture through wrp-build once makes it verified. */
  int no_isolation;     /* with allow_unverified, zero (the default) first loads its module images
                           in a child process (wrpkit-module-probe, found beside this library or
                           at $WRPKIT_MODULE_PROBE), so a driver crash becomes WRP_ERROR_BAD_INPUT
                           naming the module; non-zero loads them in this process only. */
} wrp_load_options;

/* How far a loaded graph's bytes were vouched for (wrp_verification). */
typedef enum {
  WRP_UNVERIFIED = 0, /* no wrpkit manifest: not built by wrp-build, or by an older one */
  WRP_VERIFIED = 1,   /* every byte matched the manifest */
  WRP_SIGNED = 2      /* ... and the manifest is signed by one of the trusted keys */
} wrp_verification_state;

/* One file of an artifact's NAME_modules/ folder, in memory (wrp_load_from_memory). */
typedef struct {
  const char* name; /* the bare file name the .wrp's metadata gives */
  const void* data;
  size_t size;
} wrp_module_file;

/* The API level of the loaded library (WRP_RUNTIME_VERSION of the header it was built with). */
WRP_API int wrp_runtime_version(void);
/* Loads libcuda, initialises the driver (cuInit) and creates device `device`'s
 * primary context, which stays alive for the process; wrp_load does the same on
 * first use. Separate for applications that start the GPU early (and to time a
 * load alone: creating a context takes ~0.1 s on an H200). It also pays the
 * context's first-use costs (a tiny graph instantiated and launched, ~0.15 ms on
 * an H100) that the first wrp_load would otherwise pay, and starts the runtime's one
 * background thread (the first wrp_load starts it otherwise), to which a load hands what
 * can run beside it (reading and hashing a large memory section; never a driver call). It
 * waits idle between loads until the process ends; a fork's child has none (the work runs
 * on the loading thread there), nor does a process with WRPKIT_SERIAL_LOAD=1 set. */
WRP_API wrp_status wrp_init(int device);
/* Loads NAME.wrp (+ NAME_modules/) on CUDA device `device`: regions with their
 * initial contents, module images, one CUDA graph of the op stream. */
WRP_API wrp_status wrp_load(const char* path, int device, wrp_graph** out);
/* The same from memory: the .wrp's bytes and its module files (entries the graph does
 * not use are ignored). Everything is copied; the caller may free the buffers after.
 * `label` names the artifact in messages (NULL: "<memory>"). */
WRP_API wrp_status wrp_load_from_memory(const void* wrp, size_t wrp_size, const wrp_module_file* modules,
                                        size_t module_count, const char* label, int device, wrp_graph** out);
/* wrp_load and wrp_load_from_memory use the defaults on `device` (unverified artifacts refused).
 * The _ex forms take options (NULL: the defaults on device 0). */
WRP_API wrp_status wrp_load_ex(const char* path, const wrp_load_options* options, wrp_graph** out);
WRP_API wrp_status wrp_load_from_memory_ex(const void* wrp, size_t wrp_size, const wrp_module_file* modules,
                                           size_t module_count, const char* label, const wrp_load_options* options,
                                           wrp_graph** out);
WRP_API wrp_verification_state wrp_verification(const wrp_graph* g);
/* Another instance of a loaded graph: its own regions (with the artifact's initial contents),
 * meshes, stream and CUDA graph, sharing the artifact, the context and the loaded modules (no
 * second load: N environments or robots in one process). Unload each (any order). Threads:
 * different instances may be used concurrently, each from its own thread; calls on one
 * instance must not overlap. Bindings are not copied: bind the new instance's own. */
WRP_API wrp_status wrp_instance(const wrp_graph* g, wrp_graph** out);
/* Size in bytes of a named binding (Warp's capture_save inputs/outputs). */
WRP_API wrp_status wrp_param_size(const wrp_graph* g, const char* name, uint64_t* size);
/* What one element of binding `name` is, as NumPy names it: "<f4" (float32), "<f4[3]"
 * (wp.vec3), "<f4[3,3]" (wp.mat33), "<i8", "|u1", "|b1"..., from the kernel that reads it; ""
 * where the artifact does not say (only Warp 1.19 captures saved with source_fallback keep
 * the CUDA source that declares it). Written NUL-terminated into out; WRP_ERROR_USAGE when
 * out_size is too small (an element type fits in 32 bytes). API level 2. */
WRP_API wrp_status wrp_param_dtype(const wrp_graph* g, const char* name, char* out, size_t out_size);
/* Copies `size` bytes (exactly the binding's size) into / out of the binding's region.
 * Both wait for replays on the graph's own stream first. */
WRP_API wrp_status wrp_set_param(wrp_graph* g, const char* name, const void* data, uint64_t size);
WRP_API wrp_status wrp_get_param(wrp_graph* g, const char* name, void* data, uint64_t size);
/* Zero-copy bindings. wrp_param_device_ptr: the device address (a CUdeviceptr) a replay
 * reads and writes for the binding, and its size: the graph's own region, or the memory
 * bound to it. The caller's kernels and async copies may use it on its own streams,
 * ordered with wrp_launch as any CUDA work is (same stream, or events).
 * wrp_bind_param: from the next wrp_launch on, the replay uses `size` bytes at `device_ptr`
 * instead of its own region: every kernel argument, copy, fill and helper operand that
 * refers to the binding follows (the graph is rebuilt once from its plan). Rules:
 *   - `size` is exactly the binding's size; `device_ptr` is memory of the graph's device and
 *     context, aligned to 256 bytes (as cuMemAlloc and Warp's allocator give it), not
 *     overlapping memory bound to another binding nor the graph's own;
 *   - the region's initial contents are not copied: the memory holds what the caller put there;
 *   - the memory must stay allocated until it is unbound (device_ptr 0 goes back to the
 *     region) or the graph is unloaded; a launch in flight uses the binding it was made with;
 *   - binding waits for replays on the graph's own stream; replays the caller launched on
 *     other streams must have finished (synchronise them first);
 *   - a binding a mesh is built from (its points, indices, velocities) cannot be bound: the
 *     mesh was built at load from the region (WRP_ERROR_USAGE).
 * Not thread-safe with other calls on the same graph. */
WRP_API wrp_status wrp_param_device_ptr(const wrp_graph* g, const char* name, uint64_t* device_ptr, uint64_t* size);
WRP_API wrp_status wrp_bind_param(wrp_graph* g, const char* name, uint64_t device_ptr, uint64_t size);
/* Joining the caller's CUDA graph: adds the replay's nodes to `graph` (a CUgraph the caller
 * owns), the first after the `dep_count` nodes `deps` (CUgraphNode; none: at a start of the
 * graph), as a chain; `*last` gets its last node (NULL: the replay has no nodes, `deps` stand).
 * If/while conditional nodes and their handles are made in `graph` itself (CUDA refuses
 * conditional nodes inside a child graph), so graphs with if/while join too. The nodes use
 * this graph's memory (regions or bound memory, as bound now) and modules: keep it loaded,
 * and its bindings unchanged, while the caller's graph may launch. One call per place the
 * replay should run; the caller instantiates and launches its graph as usual. */
WRP_API wrp_status wrp_add_to_graph(wrp_graph* g, void* graph, void* const* deps, size_t dep_count, void** last);
/* One replay: one CUDA graph launch on `stream` (a CUstream; NULL: the graph's own). Asynchronous.
 * On a stream the caller is capturing (cuStreamBeginCapture), the replay's nodes join the
 * capture's graph directly, as wrp_add_to_graph adds them (if/while included), and the
 * caller's next captured work follows them; the rules of wrp_add_to_graph apply. */
WRP_API wrp_status wrp_launch(wrp_graph* g, void* stream);
WRP_API wrp_status wrp_synchronize(wrp_graph* g);
WRP_API void wrp_unload(wrp_graph* g);
WRP_API const char* wrp_last_error(void);

#ifdef __cplusplus
}
#endif
#endif
