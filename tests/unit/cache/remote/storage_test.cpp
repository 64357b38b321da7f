// Remote storage behind the build cache: ccache's URL syntax, parsed strictly with
// credentials masked; the layered cache (local, then remotes) through a fake remote:
// a remote hit fills the folder, a damaged or foreign remote entry is a miss and is
// never returned, a failing remote is asked no more, read-only is never written.
// Real servers: tests/cli/test_remote_cache.py.
#include "wrpkit/cache/remote/storage.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <map>

#include "fakes.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/process.hpp"
#include "wrpkit/cache/compile_cache.hpp"

using namespace wrp;
using fake::FakeRemote;
namespace fs = std::filesystem;

namespace {

std::string usage_error(const std::string& text) {
  try {
    parse_remote_specs(text, "--cache-remote");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::usage);
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("remote URLs follow ccache's syntax: several, with attributes") {
  auto specs = parse_remote_specs(
      "http://cache.lan:8080/wrpkit/|layout=bazel|read-only https://u:pw@c.example/x "
      "redis://127.0.0.1:6380/2|prefix=team|connect-timeout=50|operation-timeout=2000",
      "--cache-remote");
  REQUIRE(specs.size() == 3);
  CHECK(specs[0].scheme == "http");
  CHECK(specs[0].host == "cache.lan");
  CHECK(specs[0].port == "8080");
  CHECK(specs[0].path == "/wrpkit");
  CHECK(specs[0].layout == RemoteLayout::bazel);
  CHECK(specs[0].read_only);
  CHECK(specs[1].user == "u");
  CHECK(specs[1].password == "pw");
  CHECK(specs[1].url() == "https://c.example/x");
  CHECK(specs[1].display() == "https://u:***@c.example/x");
  CHECK(specs[0].connect_timeout.count() == 100);
  CHECK(specs[1].connect_timeout.count() == 1000);  // https: the connect includes the TLS handshake
  CHECK(parse_remote_specs("https://h|connect-timeout=70", "x")[0].connect_timeout.count() == 70);
  CHECK(specs[2].prefix == "team");
  CHECK(specs[2].path == "/2");
  CHECK(specs[2].connect_timeout.count() == 50);
  CHECK(specs[2].operation_timeout.count() == 2000);
  CHECK(parse_remote_specs("", "x").empty());
  CHECK(parse_remote_specs("  ", "x").empty());
}

TEST_CASE("remote entries are named by ccache's three HTTP layouts") {
  std::string name(64, 'a');
  name[0] = '1';
  name[1] = '2';
  auto spec = parse_remote_specs("http://h/c", "x")[0];
  CHECK(http_entry_url(spec, name) == "http://h/c/12/" + name.substr(2));
  spec.layout = RemoteLayout::flat;
  CHECK(http_entry_url(spec, name) == "http://h/c/" + name);
  spec.layout = RemoteLayout::bazel;
  CHECK(http_entry_url(spec, name) == "http://h/c/ac/" + name);
}

TEST_CASE("bad remote URLs are usage errors of one line that never show a password") {
  CHECK(usage_error("ftp://h/x").find("http://, https:// or redis://") != std::string::npos);
  CHECK(usage_error("h/x").find("expected an http://") != std::string::npos);
  CHECK(usage_error("http:///x").find("no host") != std::string::npos);
  CHECK(usage_error("http://h:0/x").find("port 0") != std::string::npos);
  CHECK(usage_error("http://h/x|layout=deep").find("layout=deep") != std::string::npos);
  CHECK(usage_error("redis://h/x").find("database number") != std::string::npos);
  CHECK(usage_error("redis://h|layout=flat").find("unknown attribute layout") != std::string::npos);
  CHECK(usage_error("http://h|prefix=p").find("unknown attribute prefix") != std::string::npos);
  CHECK(usage_error("http://h|read-only=maybe").find("true or false") != std::string::npos);
  CHECK(usage_error("http://h|connect-timeout=-1").find("milliseconds") != std::string::npos);
  CHECK(usage_error("rediss://h").find("TLS") != std::string::npos);
  CHECK(usage_error("https://h|ca-file=/no/such.pem").find("not a file") != std::string::npos);
  CHECK(usage_error("http://h|ca-file=/etc/hosts").find("unknown attribute ca-file") != std::string::npos);
  for (auto* text : {"http://u:hunter2@h:99999/x", "http://u:hunter2@h/x|bogus", "redis://:hunter2@h/x"}) {
    auto e = usage_error(text);
    CHECK(!e.empty());
    CHECK(e.find("hunter2") == std::string::npos);
    CHECK(e.find('\n') == std::string::npos);
  }
}

TEST_CASE("credentials come from the environment when the URL has none") {
  setenv("WRPKIT_CACHE_REMOTE_USER", "ci", 1);
  setenv("WRPKIT_CACHE_REMOTE_PASSWORD", "token", 1);
  auto s = parse_remote_specs("http://h/x redis://:own@h", "x");
  auto error = usage_error("http://h/x|layout=deep");  // named as written, without the environment's
  unsetenv("WRPKIT_CACHE_REMOTE_USER");
  unsetenv("WRPKIT_CACHE_REMOTE_PASSWORD");
  CHECK(s[0].user == "ci");
  CHECK(s[0].password == "token");
  CHECK(s[0].display().find("token") == std::string::npos);
  CHECK(s[1].password == "own");
  CHECK(error.find("--cache-remote http://h/x: layout=deep") == 0);
}

TEST_CASE("a remote hit fills the local folder, and a compile writes both layers") {
  TempDir tmp;
  std::map<std::string, Bytes> server;
  int gets = 0, puts = 0;
  auto spec = parse_remote_specs("http://h/c", "x")[0];
  Bytes payload{9, 8, 7, 6};
  {
    CompileCache a(fs::path(tmp.path()) / "a");
    a.add_remote(spec, std::make_unique<FakeRemote>(&server, &gets, &puts));
    CHECK_FALSE(a.lookup("k"));
    CHECK(a.remote_misses() == 1);
    a.put("k", payload);
    CHECK(server.size() == 1);
    CHECK(a.lookup("k")->from == CacheLayer::local);
  }
  CompileCache b(fs::path(tmp.path()) / "b");
  b.add_remote(spec, std::make_unique<FakeRemote>(&server, &gets, &puts));
  auto hit = b.lookup("k");
  REQUIRE(hit);
  CHECK(hit->from == CacheLayer::remote);
  CHECK(hit->payload == payload);
  CHECK(b.remote_hits() == 1);
  int before = gets;
  hit = b.lookup("k");  // now in b's folder: the server is not asked
  CHECK(hit->from == CacheLayer::local);
  CHECK(gets == before);
  // the entry on the server is the local entry's bytes, name and all
  CHECK(server.begin()->first == b.entry_path("k").stem().string());
  CHECK(server.begin()->second == read_file(b.entry_path("k")));
}

TEST_CASE("a damaged or foreign remote entry is a miss and never reaches the folder") {
  TempDir tmp;
  std::map<std::string, Bytes> server;
  int gets = 0, puts = 0;
  auto spec = parse_remote_specs("http://h/c", "x")[0];
  CompileCache writer(fs::path(tmp.path()) / "w");
  writer.add_remote(spec, std::make_unique<FakeRemote>(&server, &gets, &puts));
  writer.put("k", Bytes{1, 2, 3});
  writer.put("other", Bytes{4, 5, 6});
  // an entry stored under another key's name: valid bytes, wrong image
  server[writer.entry_path("k").stem().string()] = server[writer.entry_path("other").stem().string()];
  CompileCache reader(fs::path(tmp.path()) / "r");
  reader.add_remote(spec, std::make_unique<FakeRemote>(&server, &gets, &puts));
  CHECK_FALSE(reader.lookup("k"));
  CHECK_FALSE(fs::exists(reader.entry_path("k")));
  auto garbage = std::make_unique<FakeRemote>(&server, &gets, &puts);
  garbage->garbage = true;
  CompileCache reader2(fs::path(tmp.path()) / "r2");
  reader2.add_remote(spec, std::move(garbage));
  CHECK_FALSE(reader2.lookup("other"));
  CHECK_FALSE(fs::exists(reader2.entry_path("other")));
}

TEST_CASE("a failing remote is asked no more in this run, and read-only is never written") {
  TempDir tmp;
  std::map<std::string, Bytes> server;
  int gets = 0, puts = 0;
  auto failing = std::make_unique<FakeRemote>(&server, &gets, &puts);
  failing->fail = true;
  CompileCache cache(fs::path(tmp.path()) / "c");
  cache.add_remote(parse_remote_specs("http://h/c", "x")[0], std::move(failing));
  CHECK_FALSE(cache.lookup("a"));
  cache.put("a", Bytes{1});
  CHECK_FALSE(cache.lookup("b"));
  cache.put("b", Bytes{2});
  CHECK(gets == 1);
  CHECK(puts == 0);
  CHECK(cache.lookup("a"));  // the folder still works

  int ro_gets = 0, ro_puts = 0;
  CompileCache ro(fs::path(tmp.path()) / "ro");
  ro.add_remote(parse_remote_specs("http://h/c|read-only", "x")[0],
                std::make_unique<FakeRemote>(&server, &ro_gets, &ro_puts));
  CHECK_FALSE(ro.lookup("z"));
  ro.put("z", Bytes{3});
  CHECK(ro_gets == 1);
  CHECK(ro_puts == 0);
  CHECK(server.empty());
}
