#!/usr/bin/env bash
# Wheels for running the GPU check on a lent GPU machine (the `device` tool): Python 3.12, x86-64, no internet there.
# Its image already holds torch, transformers 5.17, peft, accelerate, pyarrow, pandas, ...; this fetches what it lacks
# (trl 1.15.0, datasets, Unsloth; not vLLM, whose wheels are far over the 64 MiB a call may carry) into .whl/,
# which stays out of git. Then: run `bash scripts/device_gpu_check.sh` there with carry=[".whl"].
set -euo pipefail
cd "$(dirname "$0")/.."
grep -qxF '/.whl/' .git/info/exclude 2>/dev/null || echo '/.whl/' >> .git/info/exclude
PY=${PYTHON:-python3}; [ -x .venv/bin/python ] && PY=.venv/bin/python
unsloth=$(grep -o "unsloth==[0-9.]*" setup.py)          # the [gpu] extra's pin
zoo="unsloth_zoo==${unsloth#unsloth==}"
platform=(--only-binary=:all: --python-version 3.12 --implementation cp --platform manylinux_2_28_x86_64
          --platform manylinux_2_27_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64
          --platform manylinux1_x86_64 --platform any)
# the GPU set's trl/datasets, Unsloth, and the dependencies of those that the image lacks
"$PY" -m pip download --no-deps -q -d .whl "${platform[@]}" "$unsloth" "$zoo" trl==1.15.0 datasets==4.8.5 \
    "dill>=0.3.0,<0.4.2" "multiprocess<0.70.20" tyro docstring-parser shtab typeguard torchao cut_cross_entropy \
    msgspec hf_transfer json5 nest-asyncio structlog
du -sh .whl
