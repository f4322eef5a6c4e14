#!/usr/bin/env bash
# pass@k evaluation of trained checkpoints (see configs/eval_config.yaml).
#   bash scripts/eval_model.sh                                  # the default config
#   CONFIG=my_eval.yaml bash scripts/eval_model.sh sampling.n=16 limit=50
#   bash scripts/eval_model.sh --list                           # show which models would be evaluated
set -euo pipefail
cd "$(dirname "$0")/.."
CONFIG="${CONFIG:-configs/eval_config.yaml}"
if command -v sage-eval >/dev/null 2>&1; then
  exec sage-eval --config "$CONFIG" "$@"
else
  exec python -c 'import sys; from sage_nb.evaluate import main; sys.exit(main())' --config "$CONFIG" "$@"
fi
