"""The README's Python example runs as written."""

import contextlib
import io
import re

from conftest import REPO


def test_the_readmes_python_example_runs_and_prints_what_its_comments_say():
    readme = (REPO / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks, "no python block in README.md"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(blocks[0], "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("solved 417369825 ")
    assert lines[1] == "92"
    assert lines[2] == "1 7"
    assert lines[3].endswith("(6, True)")
