"""An SMTP server on loopback for the end-to-end tests (tests/e2e/smtp_sink.h): each message it
receives is written whole to DIR/NNNN.eml, after a first line "X-Rcpt: <recipients>"; DIR/port
holds its port once it listens. It exits when its parent process does, or on SIGTERM."""
import os
import signal
import socket
import sys
import time

try:
    from aiosmtpd.controller import Controller
except ImportError:
    sys.stderr.write("smtp_sink.py: python3-aiosmtpd is missing (scripts/deps.sh installs it)\n")
    sys.exit(3)


class Keep:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        name = os.path.join(self.folder, "%04d" % self.count)
        with open(name + ".tmp", "wb") as f:
            f.write(("X-Rcpt: %s\r\n" % ",".join(envelope.rcpt_tos)).encode())
            f.write(envelope.original_content)
        os.rename(name + ".tmp", name + ".eml")
        return "250 OK"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    folder = sys.argv[1]
    parent = os.getppid()
    port = free_port()
    controller = Controller(Keep(folder), hostname="127.0.0.1", port=port)
    controller.start()
    with open(os.path.join(folder, "port.tmp"), "w") as f:
        f.write(str(port))
    os.rename(os.path.join(folder, "port.tmp"), os.path.join(folder, "port"))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        while os.getppid() == parent:
            time.sleep(0.2)
    finally:
        controller.stop()


main()
