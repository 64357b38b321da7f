// The one way a tool prints its result: a typed report, as text for people or as
// JSON for programs (--json, the Python API). The format is chosen once, where the
// options are read (make_report_writer); each report type has exactly two printers,
// found by name:
//   std::string report_text(const R&);   // ends in a newline, or is empty
//   std::string report_json(const R&);   // one JSON document, no trailing newline
// and, for a CI job's summary, optionally a third (others print their text in a code block):
//   std::string report_markdown(const R&);
// Printers only format: everything they print is in the report, decided before.
// Reports: InspectReport and DeviceReport (report/inspect_print.hpp), BuildReport
// (pipeline/build.hpp), CacheSummary (cache/compile_cache.hpp), RunReport (wrp-run).
#pragma once
#include <concepts>
#include <cstdio>
#include <string>
#include <utility>

namespace wrp {

enum class ReportFormat { text, json, markdown };

template <class R>
concept Report = requires(const R& r) {
  { report_text(r) } -> std::convertible_to<std::string>;
  { report_json(r) } -> std::convertible_to<std::string>;
};

// Writes `json` (and a newline) to `path` whole or not at all (a CI step reads it after the
// tool exits); throws wrp::Error(Exit::output) naming --report and the path.
void save_report_file(const std::string& path, const std::string& json);

class ReportWriter {
 public:
  // `json_file`: also save every report as JSON there (--report FILE), whatever the console gets.
  explicit ReportWriter(ReportFormat format, std::FILE* out = stdout, std::string json_file = {})
      : format_(format), out_(out), json_file_(std::move(json_file)) {}
  ReportFormat format() const { return format_; }

  // `to_console` false (--quiet): only the --report file, if any, gets it.
  template <Report R>
  void write(const R& report, bool to_console = true) const {
    std::string json = format_ == ReportFormat::json || !json_file_.empty() ? report_json(report) : "";
    if (to_console)
      emit(format_ == ReportFormat::json   ? json + "\n"
           : format_ == ReportFormat::text ? report_text(report)
                                           : markdown(report));
    if (!json_file_.empty()) save_report_file(json_file_, json);
  }

 private:
  template <Report R>
  static std::string markdown(const R& report) {
    if constexpr (requires { report_markdown(report); })
      return report_markdown(report);
    else
      return "```\n" + report_text(report) + "```\n";
  }
  void emit(const std::string& s) const { std::fwrite(s.data(), 1, s.size(), out_), std::fflush(out_); }
  ReportFormat format_;
  std::FILE* out_;
  std::string json_file_;
};

inline ReportWriter make_report_writer(bool json, std::string json_file = {}) {
  return ReportWriter(json ? ReportFormat::json : ReportFormat::text, stdout, std::move(json_file));
}

inline ReportWriter make_report_writer(ReportFormat format) { return ReportWriter(format); }

}  // namespace wrp
