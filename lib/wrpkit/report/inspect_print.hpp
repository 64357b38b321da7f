// The two printers of wrp-inspect's report (inspect.hpp) and of its device check
// (device_check.hpp), for base/report_writer.hpp: text for people, JSON for programs
// (docs/inspect-json.md). Everything either prints is in the report; neither decides anything.
#pragma once
#include <string>

#include "wrpkit/report/device_check.hpp"
#include "wrpkit/report/inspect.hpp"

namespace wrp {

// wrp-inspect --device: the artifact's report and the check on the GPU, printed together.
struct DeviceReport {
  const InspectReport& inspect;
  const DeviceCheck& check;
};

std::string report_text(const InspectReport& r);
std::string report_json(const InspectReport& r);
// Markdown for a CI job's summary ($GITHUB_STEP_SUMMARY): a heading, what it is, wrp-run's
// verdict, the load matrix as a table (with --arch) and the hazards as a list.
std::string report_markdown(const InspectReport& r);
std::string report_text(const DeviceReport& r);
// One JSON document: the report's keys, with the check's (device, outcomes,
// graph_outcomes, exit_code) joined in.
std::string report_json(const DeviceReport& r);

}  // namespace wrp
