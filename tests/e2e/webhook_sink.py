"""An HTTP receiver of webhooks on loopback for the tests (tests/e2e/webhook_sink.h): each POST it
gets is appended to DIR/calls.jsonl as one JSON line {"path", "headers": [[name, value], ...],
"body"}, before it answers as DIR/mode says at that moment:

  ok        200 with a short body
  fail      500
  redirect  302 to another path of this receiver
  slow      sleeps 60 s before answering 200 (past any test's timeout)
  big       200 with a body of 8 MiB

No mode file means "ok". DIR/port holds its port once it listens. It exits when its parent
process does, or on SIGTERM. Python's standard library only."""
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FOLDER = sys.argv[1]
WRITE = threading.Lock()


def mode():
    try:
        with open(os.path.join(FOLDER, "mode")) as f:
            return f.read().strip() or "ok"
    except FileNotFoundError:
        return "ok"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        line = json.dumps({"path": self.path,
                           "headers": [[k, v] for k, v in self.headers.items()],
                           "body": body.decode("utf-8", "replace")}, ensure_ascii=True)
        with WRITE, open(os.path.join(FOLDER, "calls.jsonl"), "ab") as f:
            f.write((line + "\n").encode())
        how = mode()
        try:
            if how == "fail":
                self.answer(500, b"no\n")
            elif how == "redirect":
                port = self.server.server_address[1]
                self.send_response(302)
                self.send_header("Location", "http://127.0.0.1:%d/elsewhere" % port)
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif how == "slow":
                time.sleep(60)
                self.answer(200, b"late\n")
            elif how == "big":
                chunk = b"x" * 65536
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(128 * len(chunk)))
                self.end_headers()
                for _ in range(128):
                    self.wfile.write(chunk)
            else:
                self.answer(200, b"thanks\n")
        except (BrokenPipeError, ConnectionResetError):
            pass

    def answer(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    parent = os.getppid()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with open(os.path.join(FOLDER, "port.tmp"), "w") as f:
        f.write(str(server.server_address[1]))
    os.rename(os.path.join(FOLDER, "port.tmp"), os.path.join(FOLDER, "port"))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while os.getppid() == parent:
        time.sleep(0.2)


main()
