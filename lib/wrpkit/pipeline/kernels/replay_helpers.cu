// wrpkit: wrp-run's helper kernels
#ifdef WRPKIT_CONDITIONS
typedef __device_builtin__ unsigned long long cudaGraphConditionalHandle;
extern "C" __device__ __cudart_builtin__ void cudaGraphSetConditional(cudaGraphConditionalHandle, unsigned int);

extern "C" __global__ void wrpkit_set_condition(cudaGraphConditionalHandle handle, const int* cond, int negate)
{
    if (blockIdx.x == 0 && threadIdx.x == 0)
        cudaGraphSetConditional(handle, (*cond != 0) != (negate != 0));
}

extern "C" __global__ void wrpkit_set_if_else(cudaGraphConditionalHandle if_handle,
                                              cudaGraphConditionalHandle else_handle, const int* cond)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        unsigned int taken = *cond != 0;
        cudaGraphSetConditional(if_handle, taken);
        cudaGraphSetConditional(else_handle, !taken);
    }
}
#endif

#ifdef WRPKIT_MEMTILE
// dst[i] = pattern[i % pattern_words] for every word: coalesced stores of the
// widest word that divides the value's size and the destination's alignment.
template <class Word>
__device__ void tile_words(Word* dst, const Word* pattern, unsigned long long pattern_words,
                           unsigned long long total_words)
{
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < total_words; i += stride)
        dst[i] = pattern[pattern_words == 1 ? 0 : i % pattern_words];
}

extern "C" __global__ void wrpkit_memtile(void* dst, const void* pattern, unsigned long long pattern_words,
                                          unsigned long long total_words, int word_bytes)
{
    switch (word_bytes) {
    case 8: tile_words((unsigned long long*)dst, (const unsigned long long*)pattern, pattern_words, total_words); break;
    case 4: tile_words((unsigned int*)dst, (const unsigned int*)pattern, pattern_words, total_words); break;
    case 2: tile_words((unsigned short*)dst, (const unsigned short*)pattern, pattern_words, total_words); break;
    default: tile_words((unsigned char*)dst, (const unsigned char*)pattern, pattern_words, total_words); break;
    }
}
#endif
