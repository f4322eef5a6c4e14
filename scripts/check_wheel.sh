#!/usr/bin/env bash
# The package the way users install it (issue 50), run by .ci/run; fails on the first problem.
#   1. `python -m build`: the sdist, then the wheel built from that sdist; and a second wheel straight from the tree.
#      The two wheels must be equal file by file (the sdist holds everything setup.py reads and packages).
#   2. The wheel holds every file of the package that git tracks (modules and data: configs/, assets/...; not
#      devtools/katex, which stays in the repository), and its console scripts are exactly settings.ini's
#      console_scripts, each pointing at a module the wheel holds.
#   3. A fresh virtual environment (torch 2.13.0 first, then the sdist-built wheel); from a folder outside the clone,
#      every console script's --help, and a two-step `sage-train --preset cpu-tiny` run.
# Override: PY (the python that runs `build`, default .venv/bin/python), BASE_PYTHON (makes the fresh environment),
# TORCH, KEEP=1 (keep the temporary folder).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
TORCH=${TORCH:-torch==2.13.0}
BASE_PYTHON=${BASE_PYTHON:-$("$PY" -c 'import sys; print(getattr(sys, "_base_executable", None) or sys.executable)')}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/sage_wheel.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then echo "check_wheel: keeping $WORK"; else trap 'rm -rf "$WORK"' EXIT; fi
_n=0
fail() { echo "check_wheel: FAILED: $*" >&2; exit 1; }
quiet() {   # run "$@" with its output in a log, shown only when it fails
    local log=$WORK/log.$((++_n)); "$@" </dev/null >"$log" 2>&1 || { tail -n 60 "$log" >&2; fail "$*"; }
}

# 1. sdist and its wheel; the tree's wheel. Both from a copy of the tree's files (tracked, and untracked unless
# ignored): setuptools would otherwise reuse the tree's stale build/ and *.egg-info from earlier builds, so the wheel
# could hold files the sources no longer declare.
case $PY in /*) ;; */*) PY=$PWD/$PY ;; esac
src=$WORK/src; mkdir -p "$src"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z -co --exclude-standard | tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$src"
else src=$PWD; fi
(cd "$src" && quiet "$PY" -m build --outdir "$WORK/dist" .)
(cd "$src" && quiet "$PY" -m build --wheel --outdir "$WORK/tree" .)
sdist=$(ls "$WORK"/dist/*.tar.gz); wheel=$(ls "$WORK"/dist/*.whl); tree_wheel=$(ls "$WORK"/tree/*.whl)
echo "check_wheel: built $(basename "$sdist") and $(basename "$wheel") from it"

# 2. the wheels' content, data files and entry points
tracked=$(git ls-files -- sage_nb 2>/dev/null || true)
TRACKED="$tracked" "$PY" - "$wheel" "$tree_wheel" >"$WORK/scripts.txt" <<'EOF' || fail "wheel content"
import configparser, hashlib, os, sys, zipfile
wheel, tree_wheel = sys.argv[1:3]
def content(path):
    with zipfile.ZipFile(path) as z: return {n: hashlib.sha256(z.read(n)).hexdigest() for n in z.namelist()}
a, b = content(wheel), content(tree_wheel)
bad = sorted(n for n in a.keys() | b.keys() if a.get(n) != b.get(n))
if bad: sys.exit(f"the sdist-built and tree-built wheels differ in {len(bad)} files: {bad[:10]}")
print(f"check_wheel: sdist-built and tree-built wheels equal ({len(a)} files, same bytes)", file=sys.stderr)

tracked = os.environ.get('TRACKED', '').split()
if not tracked:   # not a git checkout: the files on disk
    tracked = [os.path.join(d, f) for d, ds, fs in os.walk('sage_nb') for f in fs if '__pycache__' not in d]
expected = {f for f in tracked if not f.startswith('sage_nb/devtools/katex/') and os.path.isfile(f)}
missing = sorted(expected - a.keys())
if missing: sys.exit(f"{len(missing)} files of the package are not in the wheel: {missing[:20]}")
data = [f for f in expected if not f.endswith('.py')]
print(f"check_wheel: the wheel holds all {len(expected)} tracked files of sage_nb ({len(data)} data files)", file=sys.stderr)

cfg = configparser.ConfigParser(delimiters=['=']); cfg.read('settings.ini', encoding='utf-8')
wanted = dict(s.split('=', 1) for s in cfg['DEFAULT'].get('console_scripts', '').split())
[ep] = [n for n in a if n.endswith('.dist-info/entry_points.txt')]
with zipfile.ZipFile(wheel) as z: eps = configparser.ConfigParser(delimiters=['=']); eps.read_string(z.read(ep).decode())
got = {k: v.strip() for k, v in eps['console_scripts'].items()} if eps.has_section('console_scripts') else {}
if got != wanted: sys.exit(f"the wheel's console scripts differ from settings.ini's: missing {sorted(wanted.keys() - got.keys())}, "
                           f"extra {sorted(got.keys() - wanted.keys())}, changed {sorted(k for k in got.keys() & wanted.keys() if got[k] != wanted[k])}")
for name, target in wanted.items():
    module = target.split(':')[0].replace('.', '/')
    if module + '.py' not in a and module + '/__init__.py' not in a:
        sys.exit(f"console script {name} points at {target}, whose module is not in the wheel")
print(f"check_wheel: the wheel's {len(got)} console scripts are settings.ini's", file=sys.stderr)
print('\n'.join(wanted))
EOF

# 3. a fresh environment, used from outside the clone
venv=$WORK/venv
quiet "$BASE_PYTHON" -m venv "$venv"
quiet "$venv/bin/python" -m pip install "$TORCH"
quiet "$venv/bin/python" -m pip install "$wheel"
mkdir -p "$WORK/run" && cd "$WORK/run"
export HF_HUB_OFFLINE=1 OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
"$venv/bin/python" -c 'import sage_nb, sys; sys.exit(0 if "site-packages" in sage_nb.__file__ else f"sage_nb imported from {sage_nb.__file__}")' \
    || fail "sage_nb is not the installed wheel"
n=0
while read -r script; do
    [ -x "$venv/bin/$script" ] || fail "console script $script was not installed"
    quiet "$venv/bin/$script" --help
    n=$((n + 1))
done <"$WORK/scripts.txt"
echo "check_wheel: all $n console scripts answer --help from $WORK/run"
quiet "$venv/bin/sage-train" --preset cpu-tiny rl.max_steps=2 rl.save_steps=2 output_root="$WORK/run/out"
"$venv/bin/python" - "$WORK/run/out" <<'EOF' || fail "sage-train --preset cpu-tiny did not finish 2 steps"
import json, sys
from pathlib import Path
done = [(p.parent, json.loads(p.read_text())) for p in Path(sys.argv[1]).glob('*/*/training_complete.json')]
if [r['global_step'] for _, r in done] != [2]: sys.exit(f"expected one finished run of 2 steps, found {done}")
print(f"check_wheel: sage-train --preset cpu-tiny ran 2 steps from the wheel ({done[0][0].relative_to(sys.argv[1])})")
EOF
echo "check_wheel: passed"
