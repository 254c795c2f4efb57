"""A local Zipkin collector for the proxy's tests and benchmark: accepts Zipkin v2 JSON POSTed to
/api/v2/spans, counts the spans and the root spans (those without a parentId), and keeps them unless
told not to (a benchmark run sends too many to keep)."""

from __future__ import annotations

import http.server
import json
import threading
from typing import List


class ZipkinReceiver:
    def __init__(self, keep: bool = True) -> None:
        self.spans: List[dict] = []
        self.span_count = 0
        self.root_count = 0
        self.bad_requests = 0  # a POST to another path or of another content type
        lock = threading.Lock()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers["Content-Length"]))
                good = self.path == "/api/v2/spans" and self.headers["Content-Type"] == "application/json"
                spans = json.loads(body) if good and keep else []
                # Without keeping, the spans are counted by their keys: a benchmark's receiver must keep up.
                count = len(spans) if keep else body.count(b'"traceId"') * good
                children = sum("parentId" in span for span in spans) if keep else body.count(b'"parentId"') * good
                with lock:
                    receiver.bad_requests += not good
                    receiver.span_count += count
                    receiver.root_count += count - children
                    receiver.spans.extend(spans)
                self.send_response(202 if good else 400)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
