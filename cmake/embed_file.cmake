# cmake -DINPUT=FILE -DOUTPUT=FILE.cpp -DSYMBOL=name -P embed_file.cmake
# Writes a C++ source defining `std::string_view wrp::SYMBOL()` that returns
# INPUT's bytes: the tools carry the file, so an installed or copied binary
# needs no source tree. Bytes as hex, so no file content can break the literal.
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_len)
math(EXPR size "${hex_len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
get_filename_component(name "${INPUT}" NAME)
file(WRITE "${OUTPUT}.new" "// Generated from ${name} by cmake/embed_file.cmake; do not edit.
#include <string_view>
namespace wrp {
namespace {
const char ${SYMBOL}_bytes[] = {
${bytes}0};
}  // namespace
std::string_view ${SYMBOL}() { return {${SYMBOL}_bytes, ${size}}; }
}  // namespace wrp
")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
