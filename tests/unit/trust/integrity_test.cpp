// Every kind of tampering with a sealed artifact (a byte of the header, of each
// section, of a module file or retained source, of the manifest or signature; a
// section added or dropped; a manifest re-hashed over changed bytes) is found when
// the artifact is opened and refused by every loader's check (require_trusted,
// plan_load, the C API) before anything reaches the driver.
#include <doctest/doctest.h>

#include <functional>

#include "fixtures.hpp"
#include "sealed.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/process.hpp"
#include "wrpkit/base/shared_bytes.hpp"
#include "wrpkit/formats/provenance.hpp"
#include "wrpkit/load/loader.hpp"
#include "wrpkit/wrp_runtime.h"

using namespace wrp;

namespace {

struct Outcome {
  std::string codes;    // the problems' codes, space-separated; "" when none
  std::string refusal;  // require_trusted's message (or open_artifact's); "" when accepted
};

std::string refusal_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    CHECK(e.code() == Exit::bad_input);
    CHECK(std::string(e.what()).find('\n') == std::string::npos);
    return e.what();
  }
  return "";
}

// Unverified input is allowed here unless a test says otherwise: what is checked is integrity.
Outcome outcome(const fs::path& wrp, const TrustPolicy& trust = {.allow_unverified = true}) {
  Outcome o;
  o.refusal = refusal_of([&] {
    auto a = open_artifact(wrp);
    for (auto& p : a.integrity.problems) o.codes += (o.codes.empty() ? "" : " ") + p.code;
    // plan_load says impossible for the same artifact, before anything loads.
    if (!a.integrity.problems.empty()) CHECK(plan_load(a, GpuInfo{}).worst() == wrp::Outcome::impossible);
    require_trusted(a, trust);
  });
  // The C API refuses it as bad input, never reaching the driver (no GPU here: that would be WRP_ERROR_DRIVER).
  wrp_graph* g = nullptr;
  auto keys = std::vector<std::string>{};
  std::vector<const char*> ptrs;
  wrp_load_options opt{};
  opt.allow_unverified = trust.allow_unverified;
  opt.no_isolation = 1;  // no GPU here: nothing would load in the child either
  if (!trust.trusted.empty()) ptrs.push_back(sealed::kPub1.c_str());
  opt.trusted_keys = ptrs.data();
  opt.trusted_key_count = ptrs.size();
  auto st = wrp_load_ex(wrp.c_str(), &opt, &g);
  if (!o.refusal.empty())
    CHECK(st == WRP_ERROR_BAD_INPUT);
  else
    CHECK(st != WRP_ERROR_BAD_INPUT);
  if (g) wrp_unload(g);
  return o;
}

// Changes byte `at` of a file (xor 1).
void flip(const fs::path& file, uint64_t at) {
  auto b = read_file(file);
  REQUIRE(at < b.size());
  b[at] ^= 1;
  write_file_atomic(file, b);
}

// Rewrites the .wrp with `edit` applied to its parsed container.
void edit_container(const fs::path& wrp, const std::function<void(Container&)>& edit) {
  auto c = parse_container("x", read_file(wrp));
  edit(c);
  write_file_atomic(wrp, serialize_container(c));
}

PublicKey pub1() { return read_public_key_pem(sealed::kPub1, "pub1"); }

struct Fresh {
  TempDir tmp;
  fs::path wrp;
  explicit Fresh(const fs::path& capture, bool sign = true) {
    auto key = sealed::key1();
    wrp = sealed::sealed_copy(capture, tmp.path(), sign ? &key : nullptr);
  }
  fs::path module(size_t m = 0) const {
    auto a = open_artifact(wrp);
    return a.modules[m].path;
  }
};

}  // namespace

TEST_CASE("integrity: a sealed artifact verifies, a capture is refused unless unverified input is allowed") {
  Fresh f(fixtures::ptx75());
  CHECK(outcome(f.wrp).refusal == "");
  CHECK(outcome(f.wrp, {.trusted = {pub1()}}).refusal == "");
  auto a = open_artifact(f.wrp);
  CHECK(require_trusted(a, {}) == Verification::verified);
  CHECK(require_trusted(a, {.trusted = {pub1()}}) == Verification::signed_by_trusted_key);
  auto capture = open_artifact(fixtures::ptx75());
  CHECK(require_trusted(capture, {.allow_unverified = true}) == Verification::unverified);
  CHECK(outcome(fixtures::ptx75(), {}).refusal.find("no wrpkit manifest") != std::string::npos);
  CHECK(outcome(fixtures::ptx75(), {.trusted = {pub1()}}).refusal.find("--trust") != std::string::npos);
}

TEST_CASE("integrity: a byte changed in the header or any section is refused, naming the section") {
  for (auto capture : {fixtures::ptx75(), fixtures::cubin16(), fixtures::cubin18_source()}) {
    CAPTURE(capture);
    for (uint32_t type : {kSectionMetadata, kSectionMemory, kSectionOperations}) {
      Fresh f(capture);
      auto c = parse_container("x", read_file(f.wrp));
      auto* s = c.find(type);
      flip(f.wrp, s->file_offset + s->data.size() / 2);
      auto o = outcome(f.wrp);
      CHECK(o.refusal.find("section " + section_name(type)) != std::string::npos);
      CHECK(o.refusal.find("differs from the wrpkit manifest") != std::string::npos);
    }
    Fresh f(capture);
    edit_container(f.wrp, [](Container& c) { c.target_arch += 1; });
    auto o = outcome(f.wrp);
    CHECK(o.refusal.find("header.target_arch") != std::string::npos);
  }
}

TEST_CASE("integrity: a byte changed in a module file or a retained source is refused, naming the file") {
  for (auto capture : {fixtures::ptx75(), fixtures::cubin16(), fixtures::cubin18_source(), fixtures::two_modules()}) {
    CAPTURE(capture);
    Fresh f(capture);
    auto module = f.module();
    flip(module, fs::file_size(module) / 2);
    auto o = outcome(f.wrp);
    CHECK(o.codes.find("module_digest_mismatch") != std::string::npos);
    CHECK(o.refusal.starts_with(module.string() + ": differs from the wrpkit manifest"));
  }
  Fresh f(fixtures::cubin18_source());
  auto a = open_artifact(f.wrp);
  REQUIRE(a.modules[0].has_source());
  flip(a.modules[0].source_path, 10);
  auto o = outcome(f.wrp);
  CHECK(o.refusal.starts_with(a.modules[0].source_path.string() + ": differs"));
  // Truncated to nothing: refused as a difference, not as a parse error of what is left.
  Fresh g(fixtures::cubin16());
  write_file_atomic(g.module(), Bytes{});
  CHECK(outcome(g.wrp).refusal.find("differs from the wrpkit manifest") != std::string::npos);
}

// A load opens with OpenOptions::for_loading() (replay.cpp): what each timing reads.
static Artifact open_for_load(const fs::path& wrp, DigestTiming timing = DigestTiming::now) {
  auto options = OpenOptions::for_loading();
  options.timing = timing;
  return open_artifact_bytes(wrp, read_file_shared(wrp), module_files_in(modules_dir_for(wrp)), options);
}

static std::vector<std::string> messages_of(const Integrity& in) {
  std::vector<std::string> out;
  for (auto& p : in.problems) out.push_back(p.message);
  return out;
}

// A loader hashes a memory section of 128 KiB or more on a second thread
// (DigestTiming::memory_deferred) and compares it after loading the modules: the
// problems it ends with, their order and messages, are what opening finds at once.
static std::vector<std::string> messages_when(const fs::path& wrp, DigestTiming timing) {
  auto a = open_for_load(wrp, timing);
  CHECK(a.integrity.deferred.has_value() == (timing == DigestTiming::memory_deferred));
  if (a.integrity.deferred) CHECK(!a.integrity.verified());
  finish_deferred_digest(a.integrity);
  CHECK(!a.integrity.deferred);
  return messages_of(a.integrity);
}

TEST_CASE("integrity: a large memory section hashed beside a load is judged as opening judges it") {
  Fresh f(fixtures::cubin18_binary_only());  // 512 KiB of memory
  auto c = parse_container("x", read_file(f.wrp));
  REQUIRE(c.find(kSectionMemory)->data.size() >= 128 * 1024);
  CHECK(messages_when(f.wrp, DigestTiming::memory_deferred).empty());
  auto memory = c.find(kSectionMemory);
  auto module = f.module();
  flip(module, fs::file_size(module) / 2);  // a problem found after the memory section's
  flip(f.wrp, memory->file_offset + memory->data.size() / 2);
  auto now = messages_when(f.wrp, DigestTiming::now);
  REQUIRE(now.size() == 2);
  CHECK(now[0].find("section memory") != std::string::npos);
  CHECK(messages_when(f.wrp, DigestTiming::memory_deferred) == now);
  CHECK(outcome(f.wrp).refusal == now[0] + " (and 1 more problem: wrp-inspect --verify lists them)");
  // Where threads cannot start (qemu-user), the load hashes it on its own thread.
  setenv("WRPKIT_SERIAL_LOAD", "1", 1);
  auto a = open_for_load(f.wrp, DigestTiming::memory_deferred);
  unsetenv("WRPKIT_SERIAL_LOAD");
  CHECK(!a.integrity.deferred);
  CHECK(messages_of(a.integrity) == now);
}

TEST_CASE("integrity: image lines that disagree with an intact file are a damaged manifest to inspect, not to a load") {
  Fresh f(fixtures::ptx75(), false);
  edit_container(f.wrp, [](Container& c) {
    auto* s = c.find(kSectionWrpkitManifest);
    auto m = parse_manifest("x", s->data, 0);
    REQUIRE(!m.files.empty());
    REQUIRE(!m.files[0].images.empty());
    auto& digest = m.files[0].images[0].sha256;
    digest[0] = digest[0] == '0' ? '1' : '0';
    s->data = serialize_manifest(m);
  });
  auto inspected = open_artifact(f.wrp);
  REQUIRE(inspected.integrity.problems.size() == 1);
  CHECK(inspected.integrity.problems[0].code == "manifest_invalid");
  CHECK(inspected.integrity.problems[0].message.find("the manifest's image lines do not") != std::string::npos);
  // The file's bytes are the ones its digest vouches for: a load hashes them once.
  CHECK(open_for_load(f.wrp).integrity.verified());

  Fresh g(fixtures::ptx75(), false);  // a changed file: both modes name the image that changed
  auto module = g.module();
  auto image = open_artifact(g.wrp).modules[0].binary.images.at(0);
  flip(module, image.offset + image.size / 2);
  for (auto& a : {open_artifact(g.wrp), open_for_load(g.wrp)}) {
    REQUIRE(a.integrity.problems.size() == 1);
    CHECK(a.integrity.problems[0].message.ends_with("(changed: image " + image.arch.str() + ")"));
  }
}

TEST_CASE("integrity: the manifest and signature themselves, sections added or dropped") {
  Fresh f(fixtures::ptx75());
  auto c = parse_container("x", read_file(f.wrp));
  auto* m = c.find(kSectionWrpkitManifest);
  auto text = fixtures::text(m->data);
  auto first_section_line = text.find("\nsection ");
  REQUIRE(first_section_line != std::string::npos);
  flip(f.wrp, m->file_offset + text.find('\n', first_section_line + 1) - 10);  // inside the metadata's digest
  CHECK_FALSE(outcome(f.wrp).refusal.empty());
  // (A digest of one image inside an intact module file is another matter: the test above.)

  Fresh added(fixtures::ptx75());
  edit_container(added.wrp, [](Container& c) {
    c.sections.insert(c.sections.begin(), Section{0x1234, 0, 0, Bytes{1}});
  });
  CHECK(outcome(added.wrp).refusal.find("is table entry 0 where the wrpkit manifest lists section metadata") !=
        std::string::npos);
  Fresh appended(fixtures::ptx75());
  edit_container(appended.wrp, [](Container& c) { c.sections.push_back(Section{0x1234, 0, 0, Bytes{1}}); });
  CHECK(outcome(appended.wrp).refusal.find("is not in the wrpkit manifest") != std::string::npos);

  Fresh dropped(fixtures::ptx75());
  edit_container(dropped.wrp,
                 [](Container& c) { std::erase_if(c.sections, [](auto& s) { return s.type == kSectionMemory; }); });
  CHECK_FALSE(outcome(dropped.wrp).refusal.empty());

  Fresh lone(fixtures::ptx75());  // a signature whose manifest is gone
  edit_container(lone.wrp, [](Container& c) {
    std::erase_if(c.sections, [](auto& s) { return s.type == kSectionWrpkitManifest; });
  });
  CHECK(outcome(lone.wrp).codes == "manifest_missing");

  Fresh sig(fixtures::ptx75());
  auto sc = parse_container("x", read_file(sig.wrp));
  flip(sig.wrp, sc.find(kSectionWrpkitSignature)->file_offset + 5);
  CHECK(outcome(sig.wrp).codes == "signature_invalid");
}

TEST_CASE("integrity: an artifact wrp-build sealed that lost its manifest is refused") {
  Fresh f(fixtures::ptx75(), false);
  Provenance p;
  p.integrity = "manifest";
  edit_container(f.wrp, [&](Container& c) {
    c.sections.insert(c.sections.end() - 1, Section{kSectionWrpkit, 0, 0, serialize_provenance(p)});
    std::erase_if(c.sections, [](auto& s) { return s.type == kSectionWrpkitManifest; });
  });
  CHECK(outcome(f.wrp).codes == "manifest_missing");
  // A loader skips the wrpkit section where a manifest vouches for the file, never where
  // it is missing: the stripped manifest is found there too.
  REQUIRE(open_for_load(f.wrp).integrity.problems.size() == 1);
  CHECK(open_for_load(f.wrp).integrity.problems[0].code == "manifest_missing");
  TempDir tmp;
  auto resealed = sealed::sealed_copy(f.wrp, tmp.path());  // sealed again: a wrpkit section and a manifest
  CHECK(open_artifact(resealed).provenance.has_value());
  CHECK(!open_for_load(resealed).provenance.has_value());
  CHECK(open_for_load(resealed).integrity.verified());
}

TEST_CASE("integrity: under --trust, re-hashed, re-signed, unsigned or wrongly signed artifacts are refused") {
  TrustPolicy trust{.trusted = {pub1()}};
  // An attacker changes a module and writes a new manifest over it: no key, so no signature.
  Fresh f(fixtures::ptx75());
  auto module = f.module();
  flip(module, fs::file_size(module) / 2);
  auto rehash = [&](const SigningKey* key, bool keep_old_signature) {
    auto c = parse_container("x", read_file(f.wrp));
    auto* sig = c.find(kSectionWrpkitSignature);
    auto old_sig = sig ? *sig : Section{};
    auto bytes = read_file(module);
    std::vector<SealedFile> files{{module.filename().string(), bytes, true}};
    seal_container(c, files, key);
    if (keep_old_signature) c.sections.push_back(std::move(old_sig));
    write_file_atomic(f.wrp, serialize_container(c));
  };
  rehash(nullptr, false);
  CHECK(outcome(f.wrp).refusal == "");  // intact as far as the manifest goes: only a signature tells
  CHECK(outcome(f.wrp, trust).refusal.find("is not signed") != std::string::npos);
  SigningKey attacker{sealed::kKey2, "k2", sign_ed25519(sealed::kKey2, "k2", {}).key};
  rehash(&attacker, false);
  CHECK(outcome(f.wrp, trust).refusal.find("not among the 1 trusted key") != std::string::npos);
  Fresh g(fixtures::ptx75());
  module = g.module();
  flip(module, fs::file_size(module) / 2);
  f.wrp = g.wrp;
  rehash(nullptr, true);  // the old signature kept over the new manifest
  CHECK(outcome(g.wrp, trust).refusal.find("does not verify") != std::string::npos);
}
