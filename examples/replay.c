/* A C application replaying a built artifact through wrp_runtime.h, no Warp:
 *   replay ARTIFACT.wrp BINDING [REPLAYS]
 * loads the artifact on GPU 0, replays it REPLAYS times (default 1) and prints
 * the first values of BINDING's region read as float32. Every failure prints the
 * runtime's one-line message; the exit code is its status (wrp_runtime.h). */
#include <stdio.h>
#include <stdlib.h>

#include "wrpkit/wrp_runtime.h"

static int fail(wrp_status st) {
  fprintf(stderr, "replay: %s\n", wrp_last_error());
  return (int)st;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: replay ARTIFACT.wrp BINDING [REPLAYS]\n");
    return 1;
  }
  int replays = argc > 3 ? atoi(argv[3]) : 1;
  wrp_graph* g = NULL;
  wrp_status st = wrp_load(argv[1], 0, &g);
  if (st != WRP_OK) return fail(st);
  uint64_t size = 0;
  if ((st = wrp_param_size(g, argv[2], &size)) != WRP_OK) {
    wrp_unload(g);
    return fail(st);
  }
  for (int i = 0; i < replays && st == WRP_OK; ++i) st = wrp_launch(g, NULL);
  if (st == WRP_OK) st = wrp_synchronize(g);
  float* values = malloc(size ? size : 1);
  if (st == WRP_OK) st = wrp_get_param(g, argv[2], values, size);
  if (st == WRP_OK) {
    printf("%s: %llu bytes after %d replay(s):", argv[2], (unsigned long long)size, replays);
    for (uint64_t i = 0; i < size / sizeof(float) && i < 8; ++i) printf(" %g", values[i]);
    printf("\n");
  }
  free(values);
  wrp_unload(g);
  return st == WRP_OK ? 0 : fail(st);
}
