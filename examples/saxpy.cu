// The kernel of the example artifact: y = a * x + y over n floats.
// Named like Warp's generated entries so the artifact looks like a capture.
extern "C" __global__ void saxpy_example_cuda_kernel_forward(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
