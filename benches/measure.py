#!/usr/bin/env python3
"""Times whole-process runs of a command: `measure.py RUNS CMD [ARG...]`.

Prints `median-elapsed-seconds max-peak-RSS-KB` over RUNS runs.

`measure.py RUNS CMD_A [ARG...] ::: CMD_B [ARG...]` times two commands in turns (A, B,
A, B...) and prints both pairs: `median-A peak-A median-B peak-B`. This machine's speed
drifts by tens of percent from one quarter of an hour to the next, so two commands
timed one after the other (all runs of A, then all of B) compare the two moments as
much as the two commands; taken in turns, both see the same moments. Each run is timed from
just before the process is spawned to when it is reaped (`wait4`), which also gives its
peak resident memory (that of its largest process, children included, as GNU time's
%M). Nothing else runs inside the timed interval: no `time` wrapper or clock-reading
processes, whose own start-up (about a millisecond each) would be counted otherwise.
The command's output goes to /dev/null; a run that fails stops the measurement.
"""

import os
import statistics
import sys
import time


def run(argv):
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, "/dev/null", os.O_WRONLY, 0),
    ]
    start = time.perf_counter_ns()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    elapsed = (time.perf_counter_ns() - start) / 1e9
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(argv)}")
    return elapsed, usage.ru_maxrss


def summary(results):
    median = statistics.median(e for e, _ in results)
    peak = max(m for _, m in results)
    return f"{median} {peak}"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    runs = int(sys.argv[1])
    argv = sys.argv[2:]
    if ":::" not in argv:
        print(summary([run(argv) for _ in range(runs)]))
        return
    split = argv.index(":::")
    a, b = argv[:split], argv[split + 1 :]
    if not a or not b:
        sys.exit(__doc__)
    results_a, results_b = [], []
    for _ in range(runs):
        results_a.append(run(a))
        results_b.append(run(b))
    print(f"{summary(results_a)} {summary(results_b)}")


if __name__ == "__main__":
    main()
