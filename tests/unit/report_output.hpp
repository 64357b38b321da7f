// What a ReportWriter printed, for tests of the tools' commands: a temporary file
// stands in for stdout.
#pragma once
#include <cstdio>
#include <string>

#include "wrpkit/base/report_writer.hpp"

struct CapturedReport {
  std::FILE* file = std::tmpfile();
  ~CapturedReport() { std::fclose(file); }
  wrp::ReportWriter writer(wrp::ReportFormat f) const { return wrp::ReportWriter(f, file); }
  std::string text() const {
    std::rewind(file);
    std::string s;
    for (int c; (c = std::fgetc(file)) != EOF;) s += char(c);
    return s;
  }
};
