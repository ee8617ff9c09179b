# SPDX-License-Identifier: MIT
"""server.py - the test server of the HTTP conformance cases: raw sockets
on 127.0.0.1, free ports chosen by the system (two, for redirects to
another port), answering each path as the current step's script says,
faults included (a delay, a connection dropped mid-header or mid-body, a
body shorter than its Content-Length, a garbage status line, a chunked
body that never ends, huge headers, a server that trickles bytes). Every
connection and the server itself stop by themselves: threads are daemons,
a fault that streams ends after STREAM_SECONDS."""
import socket
import threading
import time

# A never-ending answer stops after this long, whoever is listening.
STREAM_SECONDS = 8.0


class Server:
    def __init__(self):
        self.routes = {}
        self.requests = []
        self.lock = threading.Lock()
        self.sockets = []
        self.ports = []
        for _ in range(2):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", 0))
            s.listen(16)
            self.sockets.append(s)
            self.ports.append(s.getsockname()[1])
            threading.Thread(target=self._accept, args=(s,), daemon=True).start()

    def set_routes(self, routes):
        with self.lock:
            self.routes = routes
            self.requests = []

    def request_log(self):
        with self.lock:
            return list(self.requests)

    def expand(self, text):
        return text.replace("{port}", str(self.ports[0])).replace("{port2}", str(self.ports[1]))

    def _accept(self, s):
        while True:
            try:
                conn, _ = s.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn, s.getsockname()[1]), daemon=True).start()

    def _serve(self, conn, port):
        try:
            conn.settimeout(STREAM_SECONDS)
            data = b""
            while b"\r\n\r\n" not in data and len(data) < 65536:
                chunk = conn.recv(4096)
                if not chunk:
                    return
                data += chunk
            line = data.split(b"\r\n", 1)[0].decode("latin-1")
            parts = line.split(" ")
            path = parts[1] if len(parts) > 1 else "/"
            agent = ""
            for h in data.split(b"\r\n")[1:]:
                if h.lower().startswith(b"user-agent:"):
                    agent = h[11:].strip().decode("latin-1")
            with self.lock:
                self.requests.append({"port": port, "path": path, "user_agent": agent})
                spec = self.routes.get("%d%s" % (port, path)) or self.routes.get(path)
            self._answer(conn, spec)
        except OSError:
            pass
        finally:
            try:
                conn.close()
            except OSError:
                pass

    def _answer(self, conn, spec):
        if spec is None:
            spec = {"status": 404, "body": "not found"}
        if spec.get("delay"):
            time.sleep(spec["delay"])
        if "raw" in spec:
            conn.sendall(self.expand(spec["raw"]).encode("latin-1"))
            return
        body = self.expand(spec.get("body", "")).encode("utf-8")
        body *= spec.get("body_repeat", 1)
        status = spec.get("status", 200)
        head = "HTTP/1.1 %d %s\r\n" % (status, spec.get("reason", "Status"))
        headers = [[k, self.expand(v)] for k, v in spec.get("headers", [])]
        if spec.get("location") is not None:
            headers.append(["Location", self.expand(spec["location"])])
        chunked = spec.get("chunked_forever", False)
        if chunked:
            headers.append(["Transfer-Encoding", "chunked"])
        else:
            length = len(body) + spec.get("claim_extra", 0)
            headers.append(["Content-Length", str(length)])
        headers.append(["Connection", "close"])
        for k, v in headers:
            head += "%s: %s\r\n" % (k, v)
        if spec.get("huge_headers"):
            filler = "X-Filler: " + "a" * 998 + "\r\n"
            head += filler * (spec["huge_headers"] // len(filler))
        head_bytes = head.encode("latin-1")
        if spec.get("drop") == "mid-header":
            conn.sendall(head_bytes[: max(1, len(head_bytes) // 2)])
            return
        conn.sendall(head_bytes + b"\r\n")
        end = time.monotonic() + STREAM_SECONDS
        if chunked:
            first = body or b"#"
            conn.sendall(b"%x\r\n%s\r\n" % (len(first), first))
            while time.monotonic() < end:
                conn.sendall(b"400\r\n" + b"#" * 1023 + b"\n\r\n")
            return
        if spec.get("drop") == "mid-body":
            conn.sendall(body[: len(body) // 2])
            return
        if spec.get("trickle"):
            for i in range(len(body)):
                if time.monotonic() > end:
                    return
                conn.sendall(body[i:i + 1])
                time.sleep(spec["trickle"])
            return
        conn.sendall(body)
