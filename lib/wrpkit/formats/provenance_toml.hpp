// The provenance record as the TOML table the section holds: for the library's
// own printers (wrp-inspect --json shows it as recorded). Not installed: toml++
// stays out of the headers a user of the library includes.
#pragma once
#include <toml++/toml.h>

#include "wrpkit/formats/provenance.hpp"

namespace wrp {

toml::table provenance_table(const Provenance& p);

}  // namespace wrp
