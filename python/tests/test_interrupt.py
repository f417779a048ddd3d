"""Ctrl-C during queens.run stops the run as the command line does: the
finished trials are kept, queens.Interrupted is raised, and the same call
resumes."""

import json
import signal
import subprocess
import sys
import textwrap

CHILD = textwrap.dedent(
    """
    import json, sys
    import queens
    config = {"name": "long", "seed": 1, "trials": 400, "sizes": [2000, 2500],
              "algorithm": [{"name": "min-conflicts", "params": {"variant": "random"}}]}
    def progress(done, total):
        if done > 0:
            print("progress", flush=True)
    try:
        result = queens.run(config, data=sys.argv[1], plots=sys.argv[2], threads=2,
                            progress=progress)
        print(json.dumps({"interrupted": False}), flush=True)
    except queens.Interrupted as e:
        print(json.dumps({"interrupted": True, "ran": e.result.ran,
                          "planned": e.result.planned}), flush=True)
        sys.exit(130)
    """
)


def test_ctrl_c_keeps_the_finished_trials_and_the_same_call_resumes(tmp_path):
    args = [sys.executable, "-c", CHILD, str(tmp_path / "d"), str(tmp_path / "p")]
    child = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "progress"
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=300)
    assert child.returncode == 130, out
    stopped = json.loads(out.strip().splitlines()[-1])
    assert stopped["interrupted"] and 0 < stopped["ran"] < stopped["planned"]
    kept = (tmp_path / "d" / "runs.csv").read_text().count("\n") - 1
    assert kept == stopped["ran"]
    resume = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert resume.returncode == 0, resume.stderr
    assert json.loads(resume.stdout.strip().splitlines()[-1]) == {"interrupted": False}
    rows = (tmp_path / "d" / "runs.csv").read_text().count("\n") - 1
    assert rows == stopped["planned"]
