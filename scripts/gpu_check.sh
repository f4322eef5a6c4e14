#!/usr/bin/env bash
# One short GPU check (a tiny local model, no internet): plain TRL, Unsloth and vLLM paths.
# Needs: pip install torch==2.13.0 && pip install -e ".[gpu]"
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python}
[ -x .venv/bin/python ] && PY=.venv/bin/python
exec "$PY" scripts/gpu_check.py "$@"
