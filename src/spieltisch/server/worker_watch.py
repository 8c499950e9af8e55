"""Worker processes of the server's pools (searches, analyses) leave when the server is
gone: a server killed with SIGKILL cannot shut its pools down, and their ``spawn`` workers
would otherwise wait on their queues for ever."""

from __future__ import annotations

import os
import threading
import time

POLL_S = 1.0


def watch_parent(parent: int) -> None:
    """A pool's initializer: in the worker, exit once ``parent`` (the server) is gone."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(POLL_S)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="watch-parent").start()
