"""Validation of a collection on a Dask LocalCluster of 1 and of 2 workers (one thread
each), runs alternating, median wall times of `citadel.dask.validate` (the clusters started
beforehand); with `--cli PATH`, `citadel validate --threads 1` and `--threads 2` on the same
files in the same rounds, and the verdicts compared.

    python -m citadel.collection /tmp/citadel-collection --megabytes 200 --files 8 --seed 1
    python crates/python/benches/dask_validate.py /tmp/citadel-collection/*.pgn --runs 3 \
        --cli target/release/citadel
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import time

from dask.distributed import Client, LocalCluster

import citadel.dask


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--part-mb", type=float, default=16)
    ap.add_argument("--cli", help="the citadel binary, timed in the same rounds")
    a = ap.parse_args()
    clusters = {}
    for n in (1, 2):
        cluster = LocalCluster(
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None
        )
        clusters[n] = (cluster, Client(cluster))
    times = {1: [], 2: []}
    cli_times = {1: [], 2: []}
    summary = None
    cli_out = None
    for _ in range(a.runs):
        if a.cli:
            for n in (1, 2):
                t = time.perf_counter()
                p = subprocess.run(
                    [a.cli, "validate", "--threads", str(n), *a.files],
                    capture_output=True, text=True,
                )
                cli_times[n].append(time.perf_counter() - t)
                cli_out = p
                print(f"citadel validate --threads {n}: {cli_times[n][-1]:.2f} s", flush=True)
        for n, (_, client) in clusters.items():
            t = time.perf_counter()
            report = citadel.dask.validate(
                a.files, client, part_bytes=int(a.part_mb * (1 << 20))
            )
            times[n].append(time.perf_counter() - t)
            print(f"dask, {n} worker(s): {times[n][-1]:.2f} s", flush=True)
            summary = (report.summary(), report.plies)
            if cli_out is not None:
                problems = [
                    line for line in cli_out.stderr.splitlines()
                    if not line.startswith("error: ")
                ]
                same = problems == [str(p) for p in report.problems]
                assert same and cli_out.stdout.strip() == report.summary(), "verdicts differ"
    for n, ts in cli_times.items():
        if ts:
            print(f"citadel validate --threads {n}: median {statistics.median(ts):.2f} s of {[round(t, 2) for t in ts]}")
    for n, ts in times.items():
        print(f"{n} worker(s): median {statistics.median(ts):.2f} s of {[round(t, 2) for t in ts]}")
    print(f"speed-up 1 -> 2 workers: {statistics.median(times[1]) / statistics.median(times[2]):.2f}x")
    print(summary[0], f"({summary[1]} plies)")
    for cluster, client in clusters.values():
        client.close()
        cluster.close()


if __name__ == "__main__":
    main()
