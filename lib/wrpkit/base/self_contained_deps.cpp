// The self-contained build (WRPKIT_SELF_CONTAINED: the pip wheel) links no
// shared fmt or toml++; their implementations are compiled here, once, instead
// of in every file as their header-only modes would (3-4x the build time).
// In the normal build this file is empty: the Debian shared libraries serve.
#ifdef WRPKIT_SELF_CONTAINED
#include <fmt/format-inl.h>

// fmt's headers declare these extern templates (fmt/format.h) and a shortest
// floating-point formatter per type; their one definition lives in the library.
namespace fmt {
FMT_BEGIN_DETAIL_NAMESPACE
template auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template auto thousands_sep_impl<wchar_t>(locale_ref) -> thousands_sep_result<wchar_t>;
template auto decimal_point_impl(locale_ref) -> char;
template auto decimal_point_impl(locale_ref) -> wchar_t;
FMT_END_DETAIL_NAMESPACE
}  // namespace fmt

#define TOML_IMPLEMENTATION
#include <toml++/toml.h>
#endif
