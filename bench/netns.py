"""A service "on another machine" for the benchmarks: a network namespace joined to this one by a veth pair, and
a TCP forwarder listening inside it in front of a local service, adding a delay each way.

    with remote(5432, delay_ms=0.25) as (host, port):   # connect to host:port instead of 127.0.0.1:5432
        ...

    python bench/netns.py --port 6379 --delay-ms 0.25 [--seconds 60]   # hold it open, print round trips
    python bench/netns.py --clean                                       # remove what a killed run left

The forwarder sends each chunk ``delay_ms`` after it read it, in each direction, so a request and its answer
cost twice that more than through the forwarder with no delay (0.25 ms each way: 0.5 ms, a round trip within a
data centre). The delay is the forwarder's, not the kernel's: this machine's kernel has no ``netem`` qdisc, and
nothing else is slowed (not ``lo``, no interface is given a qdisc). The forwarder's listening socket is made
inside the namespace (``setns`` for one moment), its connections to the service here, on the loopback, so each
byte crosses the veth once each way. It is a process of its own; a chunk that arrives while the one before is
being held waits behind it (for request-and-answer traffic like PostgreSQL's and Redis's, one at a time per
connection, that is the same). Needs root. The namespace, the veth and the forwarder are removed on leaving,
failure included.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

NS = os.getenv("BENCH_NETNS", "wgbench")
HOST_IF, NS_IF = f"{NS}-h", f"{NS}-n"  # interface names are at most 15 characters
HOST_IP, NS_IP = "10.231.77.1", "10.231.77.2"
CLONE_NEWNET = 0x40000000


def sh(*args: str, check: bool = True) -> None:
    subprocess.run(args, check=check, capture_output=True)


def clean() -> None:
    """Remove the namespace and the veth (deleting either end deletes both, and their qdiscs)."""
    sh("ip", "link", "del", HOST_IF, check=False)
    sh("ip", "netns", "del", NS, check=False)


def set_up() -> None:
    clean()
    sh("ip", "netns", "add", NS)
    sh("ip", "link", "add", HOST_IF, "type", "veth", "peer", "name", NS_IF)
    sh("ip", "link", "set", NS_IF, "netns", NS)
    sh("ip", "addr", "add", f"{HOST_IP}/30", "dev", HOST_IF)
    sh("ip", "link", "set", HOST_IF, "up")
    sh("ip", "netns", "exec", NS, "ip", "addr", "add", f"{NS_IP}/30", "dev", NS_IF)
    sh("ip", "netns", "exec", NS, "ip", "link", "set", NS_IF, "up")
    sh("ip", "netns", "exec", NS, "ip", "link", "set", "lo", "up")


def listening_socket_in_namespace(port: int) -> socket.socket:
    """A socket listening on the namespace's address, made while this thread is in the namespace."""
    libc = ctypes.CDLL(None, use_errno=True)
    here = os.open("/proc/thread-self/ns/net", os.O_RDONLY)
    there = os.open(f"/run/netns/{NS}", os.O_RDONLY)
    try:
        if libc.setns(there, CLONE_NEWNET) != 0:
            raise OSError(ctypes.get_errno(), "setns into the bench namespace")
        try:
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((NS_IP, port))
            sock.listen(512)
            sock.setblocking(False)
        finally:
            if libc.setns(here, CLONE_NEWNET) != 0:
                raise OSError(ctypes.get_errno(), "setns back")
    finally:
        os.close(here)
        os.close(there)
    return sock


def _pipe(source: socket.socket, dest: socket.socket, delay: float) -> None:
    """Copy one direction, each chunk sent ``delay`` seconds after it was read."""
    try:
        while data := source.recv(65536):
            due = time.perf_counter() + delay
            if delay:
                while (left := due - time.perf_counter()) > 0:
                    time.sleep(left)
            dest.sendall(data)
    except OSError:
        pass
    finally:
        for s in (source, dest):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)


def serve(port: int, delay_ms: float, target: tuple[str, int]) -> None:
    """Forward every connection made to the namespace's address to ``target``, until killed."""
    ctypes.CDLL(None).prctl(29, 1, 0, 0, 0)  # PR_SET_TIMERSLACK, 1 ns: sleeps end on time, not 50 us late
    listener = listening_socket_in_namespace(port)
    listener.setblocking(True)
    delay = delay_ms / 1000
    print("ready", flush=True)
    while True:
        client, _ = listener.accept()
        upstream = socket.create_connection(target)
        for s in (client, upstream):
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for a, b in ((client, upstream), (upstream, client)):
            threading.Thread(target=_pipe, args=(a, b, delay), daemon=True).start()


@contextlib.contextmanager
def remote(port: int, delay_ms: float = 0.25, target_host: str = "127.0.0.1") -> Iterator[tuple[str, int]]:
    """The local service on ``port`` as if on another machine: yields the address to connect to instead. The
    forwarder is a process of its own (the benchmark's threads never hold it up)."""
    proc = None
    try:
        set_up()
        proc = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--serve",
                "--port",
                str(port),
                "--delay-ms",
                str(delay_ms),
                "--target",
                target_host,
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        if proc.stdout is None or proc.stdout.readline().strip() != "ready":
            raise RuntimeError("the forwarder did not start")
        yield NS_IP, port
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        clean()


def round_trip_ms(host: str, port: int, n: int = 200) -> float:
    """Median time to open a TCP connection to host:port (one round trip to the forwarder)."""
    times = []
    for _ in range(n):
        start = time.perf_counter()
        with socket.create_connection((host, port), timeout=5):
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return times[len(times) // 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=5432)
    parser.add_argument("--delay-ms", type=float, default=0.25)
    parser.add_argument("--target", default="127.0.0.1")
    parser.add_argument("--seconds", type=float, default=0, help="hold the forwarder open this long")
    parser.add_argument("--clean", action="store_true", help="only remove what a killed run left")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # the forwarder process
    args = parser.parse_args()
    if args.clean:
        return clean()
    if args.serve:
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        return serve(args.port, args.delay_ms, (args.target, args.port))
    with remote(args.port, args.delay_ms, args.target) as (host, port):
        print(
            f"{args.target}:{args.port} is at {host}:{port}; TCP connect: {round_trip_ms(host, port):.3f} ms "
            f"(on the loopback: {round_trip_ms(args.target, args.port):.3f} ms)",
            flush=True,
        )
        time.sleep(args.seconds)


if __name__ == "__main__":
    main()
