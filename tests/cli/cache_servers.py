"""Cache servers on localhost for the remote cache tests: real nginx (WebDAV PUT, as a
team would configure it for ccache) and real redis-server, each in its own folder
on a free port, plus a small misbehaving HTTP server (slow, HTTP 500, garbage,
stopping after N requests) for the faults no real server shows on demand."""
import http.server
import os
import shutil
import signal
import socket
import subprocess
import threading
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, proc=None, timeout=10.0):
    end = time.time() + timeout
    while time.time() < end:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port} after {timeout} s")


def which(name):
    return shutil.which(name) or next((p for p in (f"/usr/sbin/{name}", f"/usr/bin/{name}") if os.path.exists(p)), None)


class Nginx:
    """nginx serving ROOT with WebDAV PUT (create_full_put_path for the subdirs layout).
    fsize_limit: started under that RLIMIT_FSIZE (bytes), so writes past it fail as on
    a full disk (nginx answers 500)."""

    def __init__(self, workdir, fsize_limit=None, tls=False):
        self.exe = which("nginx")
        self.dir = os.path.join(workdir, f"nginx-{free_port()}")
        self.root = os.path.join(self.dir, "root")
        os.makedirs(self.root)
        self.port = free_port()
        self.fsize_limit = fsize_limit
        self.tls = tls
        self.proc = None
        if tls:  # a self-signed certificate for 127.0.0.1: the client needs ca-file=cert
            self.cert = os.path.join(self.dir, "cert.pem")
            subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                            "-nodes", "-keyout", os.path.join(self.dir, "key.pem"), "-out", self.cert, "-days", "2",
                            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                           check=True, capture_output=True)

    def start(self):
        d = self.dir
        user = "user root root;" if os.geteuid() == 0 else ""
        conf = f"""{user}
daemon off; master_process off; worker_processes 1; pid {d}/nginx.pid; error_log {d}/error.log;
events {{ worker_connections 64; }}
http {{
  access_log {d}/access.log; client_max_body_size 0;
  client_body_temp_path {d}/body; proxy_temp_path {d}/proxy; fastcgi_temp_path {d}/fcgi;
  uwsgi_temp_path {d}/uwsgi; scgi_temp_path {d}/scgi;
  server {{
    listen 127.0.0.1:{self.port}{" ssl" if self.tls else ""}; root {self.root};
    {f"ssl_certificate {self.cert}; ssl_certificate_key {d}/key.pem;" if self.tls else ""}
    location / {{ dav_methods PUT; create_full_put_path on; dav_access user:rw group:r all:r; }}
  }}
}}
"""
        with open(os.path.join(d, "nginx.conf"), "w") as f:
            f.write(conf)

        def limits():
            if self.fsize_limit is not None:
                import resource
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
                resource.setrlimit(resource.RLIMIT_FSIZE, (self.fsize_limit, self.fsize_limit))

        self.proc = subprocess.Popen([self.exe, "-p", d, "-c", os.path.join(d, "nginx.conf"), "-e", f"{d}/error.log"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=limits)
        wait_port(self.port, self.proc)
        return self

    def url(self, path="/cache"):
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}{path}"

    def files(self):
        out = []
        for dirpath, _, names in os.walk(self.root):
            out += [os.path.relpath(os.path.join(dirpath, n), self.root) for n in names]
        return sorted(out)

    def requests(self):
        try:
            with open(os.path.join(self.dir, "access.log")) as f:
                return [line.split('"')[1] for line in f if '"' in line]
        except FileNotFoundError:
            return []

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Redis:
    """redis-server without persistence; maxmemory (bytes, noeviction): full, every SET refused."""

    def __init__(self, workdir, maxmemory=None, password=None):
        self.exe = which("redis-server")
        self.port = free_port()
        self.dir = os.path.join(workdir, f"redis-{self.port}")
        os.makedirs(self.dir)
        self.maxmemory = maxmemory
        self.password = password
        self.proc = None

    def start(self):
        args = [self.exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                "--dir", self.dir, "--logfile", os.path.join(self.dir, "redis.log")]
        if self.maxmemory:
            args += ["--maxmemory", str(self.maxmemory), "--maxmemory-policy", "noeviction"]
        if self.password:
            args += ["--requirepass", self.password]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_port(self.port, self.proc)
        return self

    def url(self, db=None):
        return f"redis://127.0.0.1:{self.port}" + (f"/{db}" if db is not None else "")

    def command(self, *args, db=0):
        """One command through the RESP protocol by hand (the test's own view, no client library)."""
        def encode(*words):
            out = b"*%d\r\n" % len(words)
            for w in words:
                w = w if isinstance(w, bytes) else str(w).encode()
                out += b"$%d\r\n%s\r\n" % (len(w), w)
            return out

        def reply(f):
            line = f.readline().rstrip(b"\r\n")
            kind, rest = line[:1], line[1:]
            if kind == b"$":
                n = int(rest)
                return None if n < 0 else f.read(n + 2)[:-2]
            if kind == b"*":
                return [reply(f) for _ in range(int(rest))]
            return rest.decode()

        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as s, s.makefile("rb") as f:
            if self.password:
                s.sendall(encode("AUTH", self.password))
                reply(f)
            s.sendall(encode("SELECT", db))
            reply(f)
            s.sendall(encode(*args))
            return reply(f)

    def keys(self, db=0):
        return sorted(k.decode() for k in self.command("KEYS", "*", db=db))

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Misbehaving:
    """An HTTP server that is slow (delay s), answers `status`, sends garbage with 200,
    or stops listening after `stop_after` requests (a server going away mid-build)."""

    def __init__(self, mode, delay=0.0, stop_after=None):
        self.mode, self.delay, self.stop_after = mode, delay, stop_after
        self.port = free_port()
        self.count = 0
        self.store = {}
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def reply(self, status, body=b""):
                self.send_response(status)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def handle_one(self, put):
                outer.count += 1
                if outer.stop_after is not None and outer.count > outer.stop_after:
                    threading.Thread(target=outer.server.shutdown).start()
                    self.close_connection = True
                    return
                body = self.rfile.read(int(self.headers.get("Content-Length", 0))) if put else b""
                if outer.delay:
                    time.sleep(outer.delay)
                if outer.mode == "500":
                    return self.reply(500, b"internal error")
                if outer.mode == "garbage" and not put:
                    return self.reply(200, os.urandom(300))
                if put:
                    outer.store[self.path] = body
                    return self.reply(201)
                if self.path in outer.store:
                    return self.reply(200, outer.store[self.path])
                self.reply(404)

            def do_GET(self):
                self.handle_one(False)

            def do_PUT(self):
                self.handle_one(True)

        class Server(http.server.ThreadingHTTPServer):
            def handle_error(self, request, client_address):
                pass  # a client that gave up on a slow answer: expected here

        self.server = Server(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True

    def start(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def url(self):
        return f"http://127.0.0.1:{self.port}/cache"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
