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

typedef struct wrp_graph wrp_graph;

/* What a load accepts (wrp_load_ex). Every load checks the artifact's wrpkit manifest,
 * when it has one, before any byte reaches the driver: a changed byte is WRP_ERROR_BAD_INPUT.
 * Zero-initialise it ({0}) and set what you need. */
typedef struct {
  int device;                      /* CUDA device ordinal */
  int require_verified;            /* non-zero: refuse an artifact with no wrpkit manifest */
  const char* const* trusted_keys; /* Ed25519 public keys, PEM text (`openssl pkey -pubout`): when
                                      given, refuse any artifact not signed by one of them. Needs
                                      OpenSSL's libcrypto (1.1.1+), loaded only then. */
  size_t trusted_key_count;
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

/* Loads libcuda, initialises the driver (cuInit) and creates device `device`'s
 * primary context, which stays alive for the process; wrp_load does the same on
 * first use. Separate for applications that start the GPU early (and to time a
 * load alone: creating a context takes ~0.1 s on an H200). */
WRP_API wrp_status wrp_init(int device);
/* Loads NAME.wrp (+ NAME_modules/) on CUDA device `device`: regions with their
 * initial contents, module images, one CUDA graph of the op stream. */
WRP_API wrp_status wrp_load(const char* path, int device, wrp_graph** out);
/* The same from memory: the .wrp's bytes and its module files (entries the graph does
 * not use are ignored). Everything is copied; the caller may free the buffers after.
 * `label` names the artifact in messages (NULL: "<memory>"). */
WRP_API wrp_status wrp_load_from_memory(const void* wrp, size_t wrp_size, const wrp_module_file* modules,
                                        size_t module_count, const char* label, int device, wrp_graph** out);
/* wrp_load / wrp_load_from_memory with options (NULL: the defaults on device 0). */
WRP_API wrp_status wrp_load_ex(const char* path, const wrp_load_options* options, wrp_graph** out);
WRP_API wrp_status wrp_load_from_memory_ex(const void* wrp, size_t wrp_size, const wrp_module_file* modules,
                                           size_t module_count, const char* label, const wrp_load_options* options,
                                           wrp_graph** out);
WRP_API wrp_verification_state wrp_verification(const wrp_graph* g);
/* Size in bytes of a named binding (Warp's capture_save inputs/outputs). */
WRP_API wrp_status wrp_param_size(const wrp_graph* g, const char* name, uint64_t* size);
/* Copies `size` bytes (exactly the binding's size) into / out of the binding's region.
 * Both wait for replays on the graph's own stream first. */
WRP_API wrp_status wrp_set_param(wrp_graph* g, const char* name, const void* data, uint64_t size);
WRP_API wrp_status wrp_get_param(wrp_graph* g, const char* name, void* data, uint64_t size);
/* One replay: one CUDA graph launch on `stream` (a CUstream; NULL: the graph's own). Asynchronous. */
WRP_API wrp_status wrp_launch(wrp_graph* g, void* stream);
WRP_API wrp_status wrp_synchronize(wrp_graph* g);
WRP_API void wrp_unload(wrp_graph* g);
WRP_API const char* wrp_last_error(void);

#ifdef __cplusplus
}
#endif
#endif
