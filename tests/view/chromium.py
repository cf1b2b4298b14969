"""Headless Chromium driven over the DevTools protocol through a pipe (no websocket library).

Chromium started with ``--remote-debugging-pipe`` reads NUL-terminated JSON commands on
its file descriptor 3 and writes replies and events on 4. Enough of the protocol for the
page tests: open a file, watch every request, run script, press keys, take screenshots.
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

BINARY = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
SKIP_REASON = "no chromium on PATH (apt-get install chromium): the page is not rendered"

KEYS = {"ArrowRight": 39, "ArrowLeft": 37, "Home": 36, "End": 35}


class Browser:
    """One headless Chromium with one page; a context manager."""

    def __init__(self, profile: Path, width: int = 1280, height: int = 800) -> None:
        assert BINARY is not None
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def wire() -> None:  # in the child: the pipes become fds 3 and 4
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.process = subprocess.Popen(
            [
                BINARY,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--hide-scrollbars",
                f"--user-data-dir={profile}",
                "--host-resolver-rules=MAP * ~NOTFOUND",  # no network, should anything ask
                "--remote-debugging-pipe",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            preexec_fn=wire,
            pass_fds=(3, 4),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._next_id, self._buffer = 0, b""
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        attached = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)
        self.session = attached["sessionId"]
        for domain in ("Page", "Network", "Runtime", "Log"):
            self.call(f"{domain}.enable")
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.process.kill()
        self.process.wait(timeout=30)
        os.close(self._to_chrome)
        os.close(self._from_chrome)

    def _read(self, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_chrome], [], [], left)[0]:
                raise TimeoutError("chromium did not answer")
            chunk = os.read(self._from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method: str, params: dict[str, Any] | None = None, session: bool = True) -> Any:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read(60)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method: str, timeout: float = 60) -> dict[str, Any]:
        for event in self.events:
            if event.get("method") == method:
                self.events.remove(event)
                return event
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            event = self._read(deadline - time.monotonic())
            if event.get("method") == method:
                return event
            self.events.append(event)
        raise TimeoutError(method)

    def open(self, path: Path) -> None:
        self.events.clear()
        self.call("Page.navigate", {"url": path.resolve().as_uri()})
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def press(self, key: str) -> None:
        code = KEYS[key]
        for kind in ("rawKeyDown", "keyUp"):
            self.call(
                "Input.dispatchKeyEvent",
                {"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code},
            )

    def screenshot(self, path: Path, full_page: bool = False) -> Path:
        shot = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": full_page})
        path.write_bytes(base64.b64decode(shot["data"]))
        return path

    def requested_urls(self) -> list[str]:
        """Every URL the page asked for since it was opened."""
        sent = [e for e in self.events if e.get("method") == "Network.requestWillBeSent"]
        return [e["params"]["request"]["url"] for e in sent]

    def console_errors(self) -> list[str]:
        return [
            str(e["params"])
            for e in self.events
            if e.get("method") == "Runtime.exceptionThrown"
            or (e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error")
        ]
