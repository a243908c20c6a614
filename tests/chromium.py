"""Headless Chromium, driven through the DevTools protocol on a pipe.

``--remote-debugging-pipe``: the browser reads commands on its file descriptor 3 and writes
answers and events on 4, each a JSON text ended by a NUL byte.  That needs no WebDriver and
no websocket library, and it keeps a page open while the test changes the session, which a
one-shot ``--dump-dom`` cannot.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

EXECUTABLE = shutil.which("chromium") or shutil.which("chromium-browser")


class Chromium:
    """One headless browser with one tab."""

    def __init__(self, profile: Path) -> None:
        assert EXECUTABLE, "no Chromium"
        to_browser, self._commands = os.pipe()
        self._answers, from_browser = os.pipe()

        def plug() -> None:  # in the child: its fds 3 and 4, whatever they were
            reads = fcntl.fcntl(to_browser, fcntl.F_DUPFD, 10)
            writes = fcntl.fcntl(from_browser, fcntl.F_DUPFD, 10)
            os.dup2(reads, 3)
            os.dup2(writes, 4)

        self.process = subprocess.Popen(
            [
                EXECUTABLE,
                "--headless",
                "--remote-debugging-pipe",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            pass_fds=(3, 4, to_browser, from_browser),
            preexec_fn=plug,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser)
        os.close(from_browser)
        self._next = 0
        self._buffer = b""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """Send a command; its result (events in between are dropped)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._answers, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium went away")
            self._buffer += chunk
        text, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(text)

    def page(self, method: str, **params: Any) -> dict[str, Any]:
        return self.call(method, self.session, **params)

    def open(self, url: str, width: int = 390, height: int = 844, dark: bool = False) -> None:
        self.page(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=width < 800,
        )
        scheme = "dark" if dark else "light"
        self.page(
            "Emulation.setEmulatedMedia",
            features=[{"name": "prefers-color-scheme", "value": scheme}],
        )
        self.page("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete'")

    def evaluate(self, expression: str) -> Any:
        result = self.page("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 10.0) -> float:
        """Wait until ``expression`` is true in the page; the seconds it took."""
        start = time.monotonic()
        while not self.evaluate(expression):
            if time.monotonic() - start > timeout:
                raise AssertionError(f"not true after {timeout} s: {expression}")
            time.sleep(0.02)
        return time.monotonic() - start

    def text(self, selector: str = "body") -> str:
        return self.evaluate(f"document.querySelector({json.dumps(selector)}).innerText") or ""

    def screenshot(self, path: Path) -> Path:
        data = self.page("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, OSError):
            self.call("Browser.close")
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self._commands)
        os.close(self._answers)
