// The two printers of wrp-inspect's report (inspect.hpp) and its device check
// (device_check.hpp): text for people, JSON for programs (docs/inspect-json.md).
// Everything either prints is in the report; neither decides anything.
#pragma once
#include <string>

#include "wrpkit/report/device_check.hpp"
#include "wrpkit/report/inspect.hpp"

namespace wrp {

std::string inspect_text(const InspectReport& r);
std::string device_check_text(const InspectReport& r, const DeviceCheck& d);
// One JSON document; with `device`, the check's keys (device, outcomes,
// graph_outcomes, exit_code) join the report's.
std::string inspect_json(const InspectReport& r, const DeviceCheck* device = nullptr);

}  // namespace wrp
