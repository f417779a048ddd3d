"""What an error tells a researcher in Python to do is a call of this
package (``queens.load(...).summarize()``, ``fresh=True``, ``data=``),
never a command of the command line (``queens summarize``, ``--fresh``);
and an error in a config given as a dict names its key path
(``algorithm[0].params.variant``), not a line of the TOML written from
it."""

import re

import pytest

import queens

CONFIG = {
    "name": "remedies",
    "seed": 3,
    "sizes": [6],
    "trials": 3,
    "algorithm": [{"name": "backtracking"}, {"name": "random-restart"}],
}

COMMAND = re.compile(
    r"queens (run|solve|summarize|compare|plot|report|export|merge|animate|count"
    r"|enumerate|bench|algorithms)\b"
)
FLAG = re.compile(r"(^|[\s`(])--?[a-z]")


def assert_no_command_line(message: str) -> None:
    assert not COMMAND.search(message), message
    assert not FLAG.search(message), message


def run(data, config=CONFIG):
    return queens.run(config, data=data, plots=data.parent / "plots", threads=1,
                      progress=False, charts=False)


def test_a_changed_config_says_fresh_true_and_data(tmp_path):
    data = tmp_path / "data"
    run(data)
    changed = {**CONFIG, "sizes": [7]}
    with pytest.raises(queens.RunError) as raised:
        run(data, changed)
    message = str(raised.value)
    assert "different config" in message
    assert "fresh=True" in message and "data=" in message, message
    assert_no_command_line(message)


def test_an_edited_summary_says_summarize(tmp_path):
    data = tmp_path / "data"
    run(data)
    summary = data / "summary.csv"
    summary.write_text(summary.read_text() + "\n")
    with pytest.raises(queens.DataError) as raised:
        _ = queens.load(data).summary
    message = str(raised.value)
    assert f"queens.load({str(data)!r}).summarize()" in message, message
    assert_no_command_line(message)


def test_a_missing_data_directory_says_run(tmp_path):
    with pytest.raises(queens.QueensError) as raised:
        queens.load(tmp_path / "nowhere").runs
    message = str(raised.value)
    assert "queens.run(config)" in message, message
    assert_no_command_line(message)


def test_an_export_into_a_full_directory_says_out_and_force(tmp_path):
    data = tmp_path / "data"
    run(data)
    out = tmp_path / "ioh"
    out.mkdir()
    (out / "IOHprofiler_f1.json").write_text("{}")
    with pytest.raises(queens.QueensError) as raised:
        queens.load(data).export_ioh(out)
    message = str(raised.value)
    assert "force=True" in message, message
    assert_no_command_line(message)


def test_a_dict_config_error_names_the_key_path(tmp_path):
    config = {**CONFIG, "algorithm": [
        {"name": "backtracking"},
        {"name": "min-conflicts", "params": {"variant": "no-such-variant"}},
    ]}
    with pytest.raises(queens.ConfigError) as raised:
        run(tmp_path / "data", config)
    message = str(raised.value)
    assert message.startswith("algorithm[1].params"), message
    assert "<dict>" not in message and "^" not in message, message
