#!/bin/bash
# Time `make demo-lm`'s command on a fresh clone of this checkout's HEAD (issue 37): the clone's code and committed
# results, this checkout's .venv (installation not timed), the model cache as it is. Writes a JSON record: wall, user
# and system CPU minutes and the largest process's memory (/usr/bin/time -v), the command, the commit and the machine.
#
#   bash scripts/time_demo_lm.sh nbs/results/smollm2_demo_fast_timing.json -- --precision auto --workers 1 --threads 2
#
# Everything after `--` goes to `sage-lm-regime demo --seed 0 --methods GRPO`. The clone stays in /tmp (its path is
# in the record) so that its demo summary can be read or committed. REF=<commit> times that commit instead of HEAD
# (the path before a change, measured the same way).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 OUT.json [-- demo arguments]" >&2; exit 2; }
dest=$(realpath -m "$1"); shift
[ "${1:-}" = "--" ] && shift
root=$(git rev-parse --show-toplevel)
py="$root/.venv/bin/python"
[ -x "$py" ] || { echo "$0: no $root/.venv (make install first)" >&2; exit 2; }
clone=$(mktemp -d /tmp/sage_demo_clone.XXXXXX)
git clone -q "$root" "$clone"
cd "$clone"
[ -n "${REF:-}" ] && git checkout -q "$REF"
args=(demo --seed 0 --methods GRPO --write "$clone/demo.json" "$@")
started=$(date +%s)
# the entry point itself (the module has no __main__ block); the clone's code comes first on the path
HF_HUB_OFFLINE=1 PYTHONPATH="$clone" /usr/bin/time -v -o "$clone/time.txt" "$py" -c \
  'import sys, sage_nb; assert sage_nb.__file__.startswith(sys.argv[1]), sage_nb.__file__; from sage_nb.experiments.regime import main; sys.exit(main(sys.argv[2:]))' \
  "$clone" "${args[@]}"
[ -s "$clone/demo.json" ] || { echo "$0: the demo wrote no summary ($clone/demo.json); see the output above" >&2; exit 1; }
PYTHONPATH="$root/scripts" "$py" - "$clone" "$dest" "$started" "${args[*]}" <<'EOF'
import json, os, platform, subprocess, sys, time
from pathlib import Path
from demo_timing import gnu_time
clone, dest, started, command = Path(sys.argv[1]), Path(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
summary = json.loads((clone/'demo.json').read_text())
cpu = next((l.split(':', 1)[1].strip() for l in Path('/proc/cpuinfo').read_text().splitlines() if l.startswith('model name')), platform.machine())
record = dict(command=f'sage-lm-regime {command}', commit=subprocess.check_output(['git', '-C', str(clone), 'rev-parse', '--short', 'HEAD'], text=True).strip(),
              clone=str(clone), date=time.strftime('%Y-%m-%d %H:%M', time.gmtime(started)),
              machine=f"{len(os.sched_getaffinity(0))} cores ({cpu})", run=gnu_time(clone/'time.txt'),
              precision=summary.get('precision'), draw=summary.get('draw', 'multinomial'), workers=summary.get('workers'), threads=summary.get('threads'),
              runs={m: dict(name=r['name'], score=r['score'], gain=r['gain'], step_s=r.get('step_s')) for m, r in summary['runs'].items()})
dest.write_text(json.dumps(record, indent=1) + '\n')
print(json.dumps({k: v for k, v in record.items() if k != 'runs'}, indent=1))
EOF
