"""Several services in one process, as a deployment: `python -m echo_runtime.together engine gateway`.

Each service keeps its own settings (its `ECHO_<NAME>_…` variables, its port) and its own NATS user, as when it
runs alone (`serve.ServedTogether`); what they share is the process, and so the engine beside a gateway answers
that gateway's players without the NATS server in between (`local_requests`), the way a Colyseus room lives in
the process holding its clients' sockets. SIGTERM or Ctrl-C stops them all gracefully; the process exits
non-zero when one of them stops on its own.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from importlib.metadata import entry_points

import uvloop

from . import local_requests
from .serve import ServedTogether, configure_process


async def run(services: ServedTogether) -> str | None:
    """The services until SIGTERM or Ctrl-C (None), or until one of them stops on its own (its name)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    services.start()
    while not stop.is_set() and (stopped := services.stopped()) is None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 1.0)
    await services.stop()
    return None if stop.is_set() else stopped


def main(argv: list[str] | None = None) -> int:
    known = {point.name: point for point in entry_points(group="echo.services")}
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("services", nargs="+", choices=sorted(known), help="the services this process runs")
    names = list(dict.fromkeys(parser.parse_args(argv).services))
    built = {name: known[name].load()() for name in names}
    configure_process("+".join(names), built[names[0]][0])
    local_requests.enable()
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:  # the loop uvicorn picks for one service
        stopped = runner.run(run(ServedTogether(built)))
    if stopped is not None:
        print(f"the {stopped} service stopped", file=sys.stderr, flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
