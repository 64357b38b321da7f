// Named points where a test can kill wrp-build (WRPKIT_FAULT=NAME makes the
// process SIGKILL itself on reaching NAME), so crash safety is tested at exact
// places rather than by luck. Off unless the variable is set; costs one getenv.
#pragma once

namespace wrp {

// Points: "compile" (first compile job done), "pack" (first module packed),
// "emit-staged" (new files written, nothing committed), "emit-file" (one new
// module file renamed into an existing modules folder), "emit-committed" (the
// new .wrp in place, the old files not yet removed), "cache-write" (a cache
// entry's temporary file written, not yet renamed).
void fault_point(const char* name);

}  // namespace wrp
