#!/usr/bin/env bash
# Train SAGE (guide from sage.guide in the config; branch by default). Equivalent to:
#   sage-train --config configs/train_config.yaml --algorithm SAGE [section.key=value ...]
# Environment:
#   ALGORITHM=SAGE     any named algorithm (SAGE, SAGE_Branch, GRPO, ...); train_grpo.sh sets GRPO
#   CONFIG=path.yaml   config file (default: configs/train_config.yaml, or none when PRESET is set)
#   PRESET=cpu-tiny    a preset shipped in sage_nb/configs/ (default, colab-t4, colab-l4, a100, h100, cpu-tiny)
#   LAUNCH="accelerate launch --config_file configs/accelerate/zero2.yaml"   multi-GPU launcher (optional)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-$( [[ -x .venv/bin/python ]] && echo .venv/bin/python || echo python3 )}"
ARGS=(--algorithm "${ALGORITHM:-SAGE}")
if [[ -n "${PRESET:-}" ]]; then ARGS+=(--preset "$PRESET"); fi
if [[ -n "${CONFIG:-}" || -z "${PRESET:-}" ]]; then ARGS+=(--config "${CONFIG:-configs/train_config.yaml}"); fi
if [[ -n "${LAUNCH:-}" ]]; then exec $LAUNCH -m sage_nb.train "${ARGS[@]}" "$@"; fi
exec "$PYTHON" -m sage_nb.train "${ARGS[@]}" "$@"
