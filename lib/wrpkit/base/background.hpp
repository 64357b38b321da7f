// One thread kept for the whole process, to which a load hands the work nothing waits for
// until the driver has loaded the modules (reading and hashing the memory section:
// replay.cpp, integrity.cpp), so that it runs beside the loading thread's reads, hashes and
// driver calls instead of before or after them. Never a driver call: the driver holds a
// memory call made beside a module load until that load is done. wrp_init starts it
// (Replay::start_device): creating a thread and its first run (0.05 ms, then up to 0.15 ms
// before a cloud VM's idle vCPU runs it, measured on an H100 host) are paid at start-up,
// where the context's are, not by each load.
//
// A fork's child has no such thread (work given there runs on the waiting thread), and
// the thread is never joined: it waits for work until the process ends.
#pragma once
#include <functional>
#include <future>
#include <memory>

namespace wrp::background {

// Starts the thread, once per process. Does nothing where WRPKIT_SERIAL_LOAD is set
// (emulators that cannot start a thread: qemu-user 7.2 spins forever in the attempt)
// or where no thread can start (a process at its limit).
void start();
// The thread runs in this process.
bool running();
// Queues `task` for the thread; false (and `task` untouched) where it does not run.
bool post(std::function<void()>& task);

// `job` on the thread where it runs, else on the thread that first waits for its result
// (get or wait): the result is the same either way, and so is an exception it throws.
// Jobs run one at a time in the order given: a job may wait for the result of one given
// before it, never of one given after it (that one would never start).
template <class T>
std::shared_future<T> run(std::function<T()> job) {
  auto task = std::make_shared<std::packaged_task<T()>>(job);
  auto result = task->get_future().share();
  std::function<void()> queued = [task] { (*task)(); };
  if (post(queued)) return result;
  return std::async(std::launch::deferred, std::move(job)).share();
}

}  // namespace wrp::background
