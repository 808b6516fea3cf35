#!/usr/bin/env python3
"""Issue 35's reproductions, run against any built `marks` binary: each prints DEFECT or HELD.

    scripts/security-repro.py .build/release/marks [--bookmarks 40000] [--only 1,4,12]

The attack report ran these requests against the main of the time (1224d6e); the Swift tests named in
docs/SECURITY.md prove the same promises on every `make test`. This script is how one shows both sides: an older
binary answers DEFECT where the current one answers HELD. It starts its own `marks serve` (port 0, a temporary
data directory and HOME, the model cache of the caller) and stops it. Exit status: the number of DEFECT lines.
"""
import argparse
import html.parser
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

SECRET_NOTE = "The PIN for my bank card is 4711"
SAVED_URL = "https://bank.example/card"


class Server:
    """One `marks serve` on an ephemeral port with its own data directory."""

    def __init__(self, marks, home, data, extra=()):
        self.marks, self.home, self.data = marks, home, data
        env = dict(os.environ)
        env.update(HOME=home, XDG_CONFIG_HOME=home + "/config", XDG_DATA_HOME=home + "/data", MARKS_LOG="off")
        env.setdefault("XDG_CACHE_HOME", os.path.expanduser("~/.cache"))
        self.env = env
        self.process = subprocess.Popen([marks, "serve", "--port", "0", "--data", data, *extra], env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines = []
        deadline = time.monotonic() + 120
        self.port = None
        self.signin = None
        while time.monotonic() < deadline and self.port is None:
            line = self.process.stdout.readline()
            if not line:
                break
            self.lines.append(line)
            link = re.search(r"(/signin\?token=[A-Za-z0-9_\-]+)", line)
            if link and not self.signin:
                self.signin = link.group(1)
            found = re.search(r"127\.0\.0\.1:(\d+)", line)
            if found and "/api/" in line:
                self.port = int(found.group(1))
        if self.port is None:
            raise SystemExit("marks serve did not start:\n" + "".join(self.lines))
        threading.Thread(target=self._drain, daemon=True).start()
        self.token = open(os.path.join(data, "api_token")).read().strip()

    def _drain(self):
        for line in self.process.stdout:
            self.lines.append(line)
            link = re.search(r"(/signin\?token=[A-Za-z0-9_\-]+)", line)
            if link and not self.signin:
                self.signin = link.group(1)

    def request(self, method, path, body=None, headers=None, timeout=60):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        all_headers = {"Host": f"127.0.0.1:{self.port}"}
        if isinstance(body, (dict, list)):
            all_headers["Content-Type"] = "application/json"
        all_headers.update(headers or {})
        try:
            connection.request(method, path, body=data, headers=all_headers)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered (and closed) before reading the whole body: its answer is still readable
        response = connection.getresponse()
        payload = response.read()
        connection.close()
        return response.status, payload.decode("utf-8", "replace"), response

    def rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def stop(self, kill=False):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def bookmarks_file(path, count):
    words = ["kernel", "editor", "python", "network", "library", "search", "compiler", "desktop", "archive", "server",
             "graphics", "database", "terminal", "package", "document", "science", "teacher", "weather", "recipe"]
    with open(path, "w") as out:
        out.write("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n")
        for n in range(count):
            a, b, c = words[n % len(words)], words[(n * 7) % len(words)], words[(n * 13) % len(words)]
            out.write(f'<DT><A HREF="https://example{n % 97}.org/{a}/{n}" ADD_DATE="{1600000000 + n}" TAGS="{a},{b}">'
                      f"The {a} {b} notes {n}</A>\n<DD>A {c} tool: everything one needs to {a} the {b} here.\n")
        out.write("</DL><p>\n")


def register(server, device, headers=None, content_type="application/json", raw=None):
    body = raw if raw is not None else json.dumps({"device_id": device, "platform": "ios", "app_version": "1"}).encode()
    status, text, _ = server.request("POST", "/v1/auth/register", body=body,
                                     headers={"Content-Type": content_type, **(headers or {})})
    try:
        return status, json.loads(text)
    except ValueError:
        return status, {"raw": text}


class FormFinder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.csrf = None

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if values.get("name") in ("_csrf", "csrf-token"):
            self.csrf = values.get("value") or values.get("content")


def web_session(server):
    """Signs in with the start-up link: the session cookie and a CSRF token."""
    link = server.signin
    if not link:
        out = subprocess.run([server.marks, "signin-link", "--data", server.data], env=server.env, capture_output=True,
                             text=True, timeout=60)
        found = re.search(r"(/signin\?token=[A-Za-z0-9_\-]+)", out.stdout + out.stderr)
        link = found and found.group(1)
    if not link:
        return None, None
    status, _, response = server.request("GET", link)
    cookie = "; ".join(value.split(";")[0] for name, value in response.getheaders() if name.lower() == "set-cookie")
    status, page, _ = server.request("GET", "/", headers={"Cookie": cookie})
    finder = FormFinder()
    finder.feed(page)
    return cookie, finder.csrf


def check(number, title, defect, detail):
    print(f"{'DEFECT' if defect else 'HELD  '} item {number:>2}: {title} — {detail}", flush=True)
    return 1 if defect else 0


def item1(server):
    """Another local user (nobody, through setpriv, when this runs as root) reads the owner's library over /v1/."""
    nobody = os.getuid() == 0 and shutil.which("setpriv") and shutil.which("curl")

    def call(method, path, body=None, headers=()):
        if not nobody:
            status, text, _ = server.request(method, path, body=body, headers=dict(h.split(": ", 1) for h in headers))
            return status, text
        arguments = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", "curl", "-s", "-X", method,
                     "-w", "\n%{http_code}", f"http://127.0.0.1:{server.port}{path}"]
        for header in headers:
            arguments += ["-H", header]
        if body is not None:
            arguments += ["-H", "Content-Type: application/json", "--data-binary", json.dumps(body)]
        out = subprocess.run(arguments, capture_output=True, text=True, timeout=120).stdout
        text, _, code = out.rpartition("\n")
        return int(code or -1), text

    status, text = call("POST", "/v1/auth/register", {"device_id": "intruder", "platform": "ios", "app_version": "1"})
    token = json.loads(text).get("token") if status == 200 else None
    bearer = [f"Authorization: Bearer {token}"] if token else []
    ask_status, ask = call("POST", "/v1/marks/ask", {"question": "What is the PIN for my bank card?"}, bearer)
    podcast_status, _ = call("POST", "/v1/podcast/generate", {"url": SAVED_URL}, bearer)
    leaked = ask_status == 200 and ("4711" in ask or SAVED_URL in ask)
    who = "as nobody" if nobody else "over loopback, no credential"
    return check(1, "another local user reads the library", leaked or podcast_status == 200,
                 f"{who}: register {status}, ask {ask_status}{' with the PIN' if leaked else ''}, podcast of a saved URL {podcast_status}")


def item2(server):
    auth = {"Authorization": f"Token {server.token}"}
    _, first = register(server, "phone-1", auth)
    _, second = register(server, "phone-1", auth)
    old = first.get("token")
    status, _, _ = server.request("POST", "/v1/marks/search", body={"query": "kernel", "bookmarks": [
        {"id": 1, "title": "kernel notes", "domain": "example.org"}]}, headers={"Authorization": f"Bearer {old}"})
    return check(2, "re-registering a device id leaves its old token working", status == 200,
                 f"old token after re-registration: {status}")


def item3(server):
    auth = {"Authorization": f"Token {server.token}"}
    _, device = register(server, "real-device", auth)
    bearer = {"Authorization": f"Bearer {device.get('token')}"}
    stop = threading.Event()

    def flood():
        while not stop.is_set():
            try:
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                for _ in range(50):
                    if stop.is_set():
                        break
                    connection.request("POST", "/v1/marks/ask", body=b'{"question":"what did I save about kernels?"}',
                                       headers={"Content-Type": "application/json", "Host": "127.0.0.1"})
                    connection.getresponse().read()
                connection.close()
            except OSError:
                pass

    threads = [threading.Thread(target=flood, daemon=True) for _ in range(6)]
    for thread in threads:
        thread.start()
    busy = 0
    for n in range(46):
        status, _, _ = server.request("POST", "/v1/marks/search", body={"query": "kernel editor", "bookmarks": [
            {"id": i, "title": f"kernel editor {i}", "domain": "example.org"} for i in range(50)]}, headers=bearer)
        busy += status == 503
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    return check(3, "unauthenticated requests take the heavy-work slots", busy > 0,
                 f"a real device's search got 503 on {busy} of 46 calls under six unauthenticated Ask clients")


def item4(server):
    auth = {"Authorization": f"Token {server.token}"}

    def timed(words):
        query = urllib.parse.quote_plus(" ".join(["e"] * words))
        start = time.monotonic()
        status, _, _ = server.request("GET", f"/api/bookmarks/?limit=1&q={query}", headers=auth, timeout=120)
        return status, (time.monotonic() - start) * 1000

    timed(1)  # the first search of a fresh server reads the store into the page cache
    _, single = timed(1)
    status, repeated = timed(255)
    return check(4, "255 × 'e' multiplies the cost", repeated > 50,
                 f"{status} in {repeated:.0f} ms (one 'e': {single:.0f} ms; target ≤ 50 ms)")


def item5(server):
    auth = {"Authorization": f"Token {server.token}"}
    before = server.rss_mb()
    peak = [before]
    done = threading.Event()

    def watch():
        while not done.is_set():
            peak[0] = max(peak[0], server.rss_mb())
            time.sleep(0.05)

    counts = []

    def fetch():
        status, text, _ = server.request("GET", "/api/bookmarks/?limit=10000000", headers=auth, timeout=300)
        counts.append(len(json.loads(text).get("results", [])) if status == 200 else status)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    threads = [threading.Thread(target=fetch) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    done.set()
    return check(5, "limit has no maximum", peak[0] - before > 300 or max(counts) > 1000,
                 f"8 × limit=10000000: {max(counts)} results each, RSS {before:.0f} → peak {peak[0]:.0f} MB")


def item6(server):
    for n in range(25):
        register(server, f"junk-{n}", {"Origin": "http://evil.example"}, content_type="text/plain")
    status, _ = register(server, "owner-phone", {"Authorization": f"Token {server.token}"})
    return check(6, "junk registrations lock the owner out", status == 429,
                 f"after 25 cross-site text/plain posts the owner's registration gets {status}")


def item8(marks, workdir):
    home, data = os.path.join(workdir, "home8"), os.path.join(workdir, "data8")
    os.makedirs(home)
    server = Server(marks, home, data, ["--max-body-mb", "1"])
    try:
        cookie, csrf = web_session(server)
        if not cookie or not csrf:
            return check(8, "uploads ignore --max-body-mb", False, "could not sign in to the web app (not checked)")
        boundary = "reproboundary"
        parts = [f"--{boundary}\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n{csrf}\r\n".encode()]
        for n in range(3):
            parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"notes{n}.txt\"\r\n"
                         f"Content-Type: text/plain\r\n\r\n".encode() + (f"file {n} " * 80_000).encode() + b"\r\n")
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        status, _, _ = server.request("POST", "/sources/upload", body=body, headers={"Accept": "application/json",
            "Cookie": cookie, "Content-Type": f"multipart/form-data; boundary={boundary}", "X-CSRF-Token": csrf,
            "Origin": f"http://127.0.0.1:{server.port}"})
        listed = subprocess.run([marks, "source", "list", "--json", "--data", data], env=server.env, capture_output=True,
                                text=True, timeout=60).stdout
        try:
            kept = len(json.loads(listed))
        except ValueError:
            kept = -1
        return check(8, "uploads ignore --max-body-mb", status != 413 or kept > 0,
                     f"three 0.5 MB files with --max-body-mb 1: {status}, {kept} sources kept")
    finally:
        server.stop()


def item10(marks, workdir):
    home, data = os.path.join(workdir, "home10"), os.path.join(workdir, "data10")
    os.makedirs(home)
    file = os.path.join(workdir, "bulk.html")
    bookmarks_file(file, 500)
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=home + "/config", XDG_DATA_HOME=home + "/data")
    subprocess.run([marks, "import", file, "--data", data], env=env, capture_output=True, timeout=600, check=True)
    partial = []
    for delay in (0.02, 0.05, 0.1, 0.2, 0.4):
        server = Server(marks, home, data)
        auth = {"Authorization": f"Token {server.token}"}
        _, text, _ = server.request("GET", "/api/bookmarks/?limit=1000", headers=auth)
        ids = [item["id"] for item in json.loads(text)["results"]]
        cookie, csrf = web_session(server)
        form = urllib.parse.urlencode([("_csrf", csrf or ""), ("do", "archive")] + [("ids", str(i)) for i in ids]).encode()

        def post():
            try:
                server.request("POST", "/bookmarks/bulk", body=form, headers={
                    "Cookie": cookie or "", "Content-Type": "application/x-www-form-urlencoded",
                    "Origin": f"http://127.0.0.1:{server.port}"}, timeout=30)
            except OSError:
                pass

        thread = threading.Thread(target=post, daemon=True)
        thread.start()
        time.sleep(delay)
        server.stop(kill=True)
        thread.join(timeout=5)
        server = Server(marks, home, data)
        auth = {"Authorization": f"Token {server.token}"}
        _, text, _ = server.request("GET", "/api/bookmarks/archived/?limit=1", headers=auth)
        archived = json.loads(text)["count"]
        server.stop()
        partial.append(archived)
        # Unarchive everything for the next round (through the CLI-independent API).
        server = Server(marks, home, data)
        auth = {"Authorization": f"Token {server.token}"}
        for i in ids:
            server.request("POST", f"/api/bookmarks/{i}/unarchive/", headers=auth)
        server.stop()
    cut = [n for n in partial if 0 < n < len(ids)]
    return check(10, "a bulk archive killed midway is partly applied", bool(cut),
                 f"archived after a kill at 20–400 ms: {partial} of {len(ids)}")


def item11(marks, workdir):
    home = os.path.join(workdir, "home11")
    os.makedirs(home)
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=home + "/config", XDG_DATA_HOME=home + "/data")
    process = subprocess.Popen([marks, "serve", "--port", "0", "--database", "postgres://marks:hunter2@127.0.0.1:1/marks"],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        out, _ = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _ = process.communicate()
    warned = "MARKS_DATABASE_URL" in out or "password file" in out
    return check(11, "a password on the command line is not warned about", not warned,
                 "warned" if warned else "no warning printed")


def item12(server):
    results = []
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as raw:
        raw.sendall(b"POST /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                    b"0\r\n\r\n")
        received = b""
        closed = False
        try:
            while True:
                chunk = raw.recv(65536)
                if not chunk:
                    closed = True
                    break
                received += chunk
        except socket.timeout:
            pass
        results.append(("CL+TE", received.split(b"\r\n", 1)[0].decode(errors="replace"), closed))
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as raw:
        raw.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
        line = raw.recv(65536).split(b"\r\n", 1)[0].decode(errors="replace")
        results.append(("two Host", line, True))
    defect = not results[0][2] or " 400 " not in results[1][1] + " "
    return check(12, "framing: CL+TE keeps the connection, two Host headers answered", defect,
                 f"CL+TE → {results[0][1]!r}, connection {'closed' if results[0][2] else 'kept open'}; two Host → {results[1][1]!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("marks")
    parser.add_argument("--bookmarks", type=int, default=40000)
    parser.add_argument("--only", default="")
    arguments = parser.parse_args()
    marks = os.path.abspath(arguments.marks)
    wanted = {int(n) for n in arguments.only.split(",") if n}
    run = lambda n: not wanted or n in wanted
    workdir = tempfile.mkdtemp(prefix="marks-security-repro-")
    defects = 0
    try:
        home, data = os.path.join(workdir, "home"), os.path.join(workdir, "data")
        os.makedirs(home)
        os.chmod(workdir, 0o755)
        os.chmod(home, 0o755)
        if run(4) or run(5):
            file = os.path.join(workdir, "library.html")
            bookmarks_file(file, arguments.bookmarks)
            env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=home + "/config", XDG_DATA_HOME=home + "/data")
            subprocess.run([marks, "import", file, "--data", data], env=env, capture_output=True, timeout=1800, check=True)
        server = Server(marks, home, data)
        try:
            server.request("POST", "/api/bookmarks/?disable_scraping", body={
                "url": SAVED_URL, "title": "Bank card", "notes": SECRET_NOTE}, headers={"Authorization": f"Token {server.token}"})
            for number, item in ((1, item1), (2, item2), (4, item4), (5, item5), (12, item12), (3, item3), (6, item6)):
                if run(number):
                    defects += item(server)
        finally:
            server.stop()
        for number, item in ((8, item8), (10, item10), (11, item11)):
            if run(number):
                defects += item(marks, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"{defects} defect(s)")
    sys.exit(min(defects, 100))


if __name__ == "__main__":
    main()
