"""What the cluster tests share: one local dask.distributed cluster of two worker processes for
the session, and a run during which one of its worker processes is killed."""

import os
import signal
import threading
import time

import pytest


@pytest.fixture(scope="session")
def client():
    distributed = pytest.importorskip("distributed", reason="install rangeproof[dask]")
    local = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    c = distributed.Client(local)
    yield c
    c.close()
    local.close()


def run_killing_a_worker(client, job, after=0.5, timeout=600):
    """Runs ``job()`` in a thread, kills one worker process ``after`` seconds in (the job must
    still be running), and returns what the job returned once it finishes; then checks that the
    killed process is gone and its nanny started another."""
    pids = list(client.run(os.getpid).values())
    result = {}
    thread = threading.Thread(target=lambda: result.update(value=job()))
    thread.start()
    time.sleep(after)
    assert thread.is_alive(), "the job finished before the kill: make it longer"
    os.kill(pids[0], signal.SIGKILL)
    thread.join(timeout=timeout)
    assert not thread.is_alive() and "value" in result
    client.wait_for_workers(2, timeout=60)
    assert pids[0] not in client.run(os.getpid).values()
    return result["value"]
