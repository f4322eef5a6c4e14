#!/usr/bin/env bash
# Runs ON a lent GPU machine (device tool), from the repo root, with the wheels of scripts/device_wheels.sh carried:
#   run(command="bash scripts/device_gpu_check.sh", carry=[".whl"], timeout_s=590)
# Installs the carried wheels beside the image's torch/transformers, then runs the plain-TRL and Unsloth paths of
# scripts/gpu_check.py inside one command's time limit; the log also lands in $OUT.
set -uo pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 3
export PYTHONPATH="/tmp/site:$PWD" PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TOKENIZERS_PARALLELISM=false
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true
python3 scripts/gpu_check.py --paths "${GPU_CHECK_PATHS:-plain,unsloth}" --budget-s "${GPU_CHECK_BUDGET_S:-560}" 2>&1 \
    | tee "${OUT:-/tmp}/gpu_check.log"
