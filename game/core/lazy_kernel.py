"""An optional compiled kernel (a numba module), imported and warmed at its first use.

Numba compiles a kernel the first time a machine runs it (seconds) and loads it from its
on-disk cache after that (about a second): too long for the window's drawing thread, and
pointless for a program that never needs it.  So a kernel module is imported only when
:meth:`LazyKernel.load` is first called (by a worker's first large batch, or explicitly before
starting workers), once per process under a lock, and warmed on a tiny input so its machine
code is ready.  Without numba the import fails, :attr:`LazyKernel.missing` is set and callers
use their pure-numpy code instead.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import ModuleType


class LazyKernel:
    """``load()`` imports the module ``importer`` returns and runs ``warm(module)`` on it, once;
    :attr:`module` is then the module (``None`` before, or for good when :attr:`missing`)."""

    def __init__(self, importer: Callable[[], ModuleType], warm: Callable[[ModuleType], object]) -> None:
        self._importer, self._warm = importer, warm
        self._lock = threading.Lock()
        self.module: ModuleType | None = None
        self.missing = False

    def load(self) -> bool:
        """Whether the kernel is loaded, loading it first if need be (blocks while it compiles
        or loads: call it off the window's thread); ``False`` when numba is not installed."""
        if self.module is not None:
            return True
        if self.missing:
            return False
        with self._lock:
            if self.module is None and not self.missing:
                try:
                    module = self._importer()
                except ImportError:
                    self.missing = True
                    return False
                self._warm(module)
                self.module = module
        return self.module is not None
