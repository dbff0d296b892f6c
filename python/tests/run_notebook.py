# SPDX-License-Identifier: MIT
"""Execute a notebook (docs/tutorial.ipynb) with nbclient, failing on the first cell that raises.
Usage: run_notebook.py NOTEBOOK. Exit 77 (CTest's skip) when nbclient or ipykernel is missing
(Debian: python3-nbclient, python3-ipykernel; scripts/test-all.sh installs them)."""
import json
import os
import sys
import time

try:
    import nbclient
    import nbformat
    import ipykernel  # noqa: F401  (the kernel nbclient starts)
except ImportError as e:
    print(f"run_notebook: skipped: {e} (Debian: apt-get install python3-nbclient python3-ipykernel)")
    sys.exit(77)

path = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # the kernel's debugger warnings
os.environ["PYTHONPATH"] = os.pathsep.join(
    [os.path.join(here, "..")] + [p for p in [os.environ.get("PYTHONPATH")] if p])
nb = nbformat.read(path, as_version=4)
start = time.monotonic()
client = nbclient.NotebookClient(nb, timeout=60, kernel_name="python3",
                                 resources={"metadata": {"path": os.path.dirname(path)}})
client.execute()
errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
          if o.get("output_type") == "error"]
if errors:
    print(json.dumps(errors, indent=1))
    sys.exit(1)
print(f"run_notebook: {sum(c.cell_type == 'code' for c in nb.cells)} cells ran clean in "
      f"{time.monotonic() - start:.1f} s")
