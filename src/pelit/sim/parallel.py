"""Work in order, in constant memory: in this process, in worker processes,
or on a Ray cluster (``simulate`` and ``tournament``).

``ordered_map(fn, tasks, total, workers, ray)`` yields ``fn(task)`` for each
task in the tasks' order, whichever way it runs, so a batch or a tournament
gives the same results for the same seeds everywhere.  At most a few chunks
per worker are out at a time; the tasks are made as they are needed.

Ray (``ray``): ``"auto"`` joins the cluster this machine belongs to (the
``RAY_ADDRESS`` environment variable, or a ``ray start --head`` run here) and
starts a Ray instance of its own when there is none; ``"local"`` always
starts one here; anything else is the address of a cluster's head
(``ray://HOST:10001`` through Ray Client, or ``HOST:6379`` from a machine of
the cluster).  A Ray already started in this process (``ray.init``) is used
as it is.  Every machine of the cluster needs pelit installed (the same
version): the tasks name games and bots, not code.
"""

from __future__ import annotations

import collections
import multiprocessing
import signal
import threading
from typing import Callable, Iterable, Iterator

from ..core.errors import PelitError

IN_FLIGHT_PER_WORKER = 4


def _ignore_interrupts():
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunk_size(total: int, workers: int) -> int:
    return max(1, min(50, total // (max(workers, 1) * 8)))


def _chunks(tasks: Iterable, size: int) -> Iterator[list]:
    chunk = []
    for t in tasks:
        chunk.append(t)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _run_chunk(fn, chunk: list) -> list:
    return [fn(t) for t in chunk]


class _Window:
    """Hands tasks to a pool's feeder thread no faster than results come back."""

    def __init__(self, tasks, size: int):
        self.tasks = tasks
        self.free = threading.Semaphore(size)
        self.size = size
        self.closed = False

    def __iter__(self):
        for task in self.tasks:
            self.free.acquire()
            if self.closed:
                return
            yield task

    def done(self):
        self.free.release()

    def close(self):
        self.closed = True
        for _ in range(self.size):
            self.free.release()


def ordered_map(fn: Callable, tasks: Iterable, total: int, workers: int = 1,
                ray: str | None = None) -> Iterator:
    if ray:
        return _ray_map(fn, tasks, total, ray)
    return _local_map(fn, tasks, total, workers)


def _local_map(fn, tasks, total, workers):
    if workers <= 1 or total <= 1:
        for task in tasks:
            yield fn(task)
        return
    # forkserver (else spawn): workers start from a clean process, never a
    # fork of one whose progress-bar thread might hold a lock
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    chunk = _chunk_size(total, workers)
    window = _Window(tasks, workers * chunk * IN_FLIGHT_PER_WORKER)
    pool = ctx.Pool(min(workers, total), initializer=_ignore_interrupts)
    try:
        for r in pool.imap(fn, window, chunksize=chunk):
            window.done()
            yield r
    finally:
        window.close()
        pool.terminate()
        pool.join()


def ray_module():
    try:
        import ray
    except ImportError:
        raise PelitError("--ray needs Ray: pip install 'pelit[ray]'") from None
    return ray


def connect(address: str):
    """Ray, started or joined as ``address`` says (see the module's text)."""
    ray = ray_module()
    if ray.is_initialized():
        return ray
    kwargs = {"include_dashboard": False, "log_to_driver": False,
              "ignore_reinit_error": True}
    try:
        if address == "local":
            ray.init(**kwargs)
        elif address == "auto":
            try:
                ray.init(address="auto", **kwargs)
            except ConnectionError:
                ray.init(**kwargs)
        else:
            ray.init(address=address, **kwargs)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        raise PelitError(f"--ray {address}: cannot reach a Ray cluster ({exc})") from None
    return ray


def _ray_map(fn, tasks, total, address):
    ray = connect(address)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    remote = ray.remote(_run_chunk)
    fn_ref = ray.put(fn)
    chunk = _chunk_size(total, cpus)
    pending = collections.deque()
    chunks = _chunks(tasks, chunk)
    try:
        for c in chunks:
            pending.append(remote.remote(fn_ref, c))
            if len(pending) >= cpus * IN_FLIGHT_PER_WORKER:
                yield from ray.get(pending.popleft())
        while pending:
            yield from ray.get(pending.popleft())
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
