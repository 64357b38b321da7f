// The one way a tool prints its result: a typed report, as text for people or as
// JSON for programs (--json, the Python API). The format is chosen once, where the
// options are read (make_report_writer); each report type has exactly two printers,
// found by name:
//   std::string report_text(const R&);   // ends in a newline, or is empty
//   std::string report_json(const R&);   // one JSON document, no trailing newline
// Printers only format: everything they print is in the report, decided before.
// Reports: InspectReport and DeviceReport (report/inspect_print.hpp), BuildReport
// (pipeline/build.hpp), CacheSummary (cache/compile_cache.hpp), RunReport (wrp-run).
#pragma once
#include <concepts>
#include <cstdio>
#include <string>

namespace wrp {

enum class ReportFormat { text, json };

template <class R>
concept Report = requires(const R& r) {
  { report_text(r) } -> std::convertible_to<std::string>;
  { report_json(r) } -> std::convertible_to<std::string>;
};

class ReportWriter {
 public:
  explicit ReportWriter(ReportFormat format, std::FILE* out = stdout) : format_(format), out_(out) {}
  ReportFormat format() const { return format_; }

  template <Report R>
  void write(const R& report) const {
    emit(format_ == ReportFormat::json ? report_json(report) + "\n" : report_text(report));
  }

 private:
  void emit(const std::string& s) const { std::fwrite(s.data(), 1, s.size(), out_), std::fflush(out_); }
  ReportFormat format_;
  std::FILE* out_;
};

inline ReportWriter make_report_writer(bool json) {
  return ReportWriter(json ? ReportFormat::json : ReportFormat::text);
}

}  // namespace wrp
