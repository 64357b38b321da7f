#include "wrpkit/base/progress.hpp"

#include <fmt/format.h>

#include "wrpkit/base/json.hpp"

namespace wrp {

void Progress::start(const std::string& stage, size_t total) {
  std::lock_guard lock(mu_);
  now_ = {stage, 0, total, "", 0};
  emit();
}

void Progress::step(const std::string& current) {
  std::lock_guard lock(mu_);
  ++now_.done;
  now_.current = current;
  emit();
}

void Progress::finish() {
  std::lock_guard lock(mu_);
  now_ = {"done", now_.total, now_.total, "", 0};
  emit();
}

void Progress::emit() {
  if (!fn_) return;
  now_.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  fn_(now_);
}

std::string progress_line(const BuildProgress& p, size_t width) {
  auto digits = fmt::format("{}", p.total).size();
  auto s = fmt::format("[{:>{}}/{}] {} {}", p.done, digits, p.total, p.stage, p.current);
  auto time = fmt::format("  {:.1f} s", p.elapsed_s);
  if (width > time.size() && s.size() + time.size() > width) s.resize(width - time.size());
  return s + time;
}

std::string progress_json(const BuildProgress& p) {
  return fmt::format(R"({{"stage":{},"done":{},"total":{},"current":{},"elapsed_s":{:.3f}}})", json_quote(p.stage),
                     p.done, p.total, json_quote(p.current), p.elapsed_s);
}

}  // namespace wrp
