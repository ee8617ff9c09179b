# SPDX-License-Identifier: MIT
"""site_server.py - a small HTTP server on 127.0.0.1 for the tests that
fetch: each path answers with the status, headers and body it is given, and
every request is logged, so a test can say exactly what was fetched."""
import http.server
import threading


class Site:
    """A site on 127.0.0.1:<free port>. pages maps a path (with its query)
    to (status, headers, body); other paths are 404. Use as a context
    manager; `requests` lists the paths asked, in order."""

    def __init__(self, pages):
        self.pages = dict(pages)
        self.requests = []
        site = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                site.requests.append(self.path)
                status, headers, body = site.pages.get(self.path, (404, {}, b"not found"))
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value.replace("{base}", site.base))
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = "http://127.0.0.1:%d" % self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever,
                                       kwargs={"poll_interval": 0.05}, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()

    def url(self, path):
        return self.base + path
