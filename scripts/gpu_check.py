#!/usr/bin/env python
"""GPU check for sage_nb: one GPU, no internet, a tiny local model, a few minutes.

    python scripts/gpu_check.py            # on a CUDA machine with the [gpu] extra installed
    python scripts/gpu_check.py --cpu      # the plain-TRL part only, on CPU (what CI-less developers can run)

On a machine lent through the `device` tool (no internet there): `bash scripts/device_wheels.sh` here once, then
run `bash scripts/device_gpu_check.sh` there with carry=[".whl"] (plain TRL + Unsloth; vLLM's wheels are too big to
carry, so that path is reported as skipped).

It checks, on each available path (plain TRL + transformers; Unsloth; vLLM colocate):
  * SAGE's shaped anchor reaches the update: on one GRPO rollout, shaped with q = 1 (branch guide, gamma 0) the
    advantages (sequence credit) or anchor log-probs (token credit) and the loss gradient equal plain GRPO's; with
    q != 1 (gamma 4) they differ;
  * a SAGE_Branch run of 2 steps trains (finite loss, parameters change) and logs its guide metrics.
Each path runs in its own process (Unsloth must be imported before TRL). Exit code 0 only if every path that
could run passed; a path whose package is missing is reported as skipped.
"""
import argparse, json, os, subprocess, sys, tempfile, time
from pathlib import Path


def build_model(root: Path) -> Path:
    from sage_nb.models import tiny_policy
    return tiny_policy(root, overwrite=True)[0]


def run_path(path: str, model_dir: str, device: str) -> dict:
    "Body of one path, run in a fresh process: returns a JSON-able report."
    import torch
    if path == 'unsloth':
        import unsloth  # noqa: F401  (must precede trl)
    from datasets import Dataset
    from transformers import AutoModelForCausalLM
    from sage_nb.models import tiny_tokenizer, TINY_ALPHABET, TINY_PROMPTS, toy_reward
    from sage_nb.trainer import SAGEConfig, SAGETrainer, is_unsloth_trainer
    cuda = device == 'cuda'
    tok = tiny_tokenizer(alphabet=TINY_ALPHABET)
    ds = Dataset.from_dict({'prompt': list(TINY_PROMPTS) * 8})
    reward = toy_reward
    base = dict(output_dir=tempfile.mkdtemp(), report_to='none', save_strategy='no', per_device_train_batch_size=4,
                num_generations=4, max_completion_length=8, max_steps=2, learning_rate=5e-3, logging_steps=1,
                disable_tqdm=True, seed=0, temperature=1.0, loss_type='grpo', use_cpu=not cuda, bf16=cuda)
    if path == 'vllm':
        base.update(use_vllm=True, vllm_mode='colocate', vllm_gpu_memory_utilization=0.2)

    def load():
        if path == 'unsloth':
            from unsloth import FastLanguageModel
            model, _ = FastLanguageModel.from_pretrained(model_dir, max_seq_length=64, load_in_4bit=False)
            return FastLanguageModel.get_peft_model(model, r=8, lora_alpha=16, target_modules=['q_proj', 'v_proj'])
        return AutoModelForCausalLM.from_pretrained(model_dir, torch_dtype=torch.bfloat16 if cuda else torch.float32)

    def trainer(algorithm, **kw):
        cfg = SAGEConfig.for_algorithm(algorithm, **{**base, **kw})
        tr = SAGETrainer(model=load(), reward_funcs=reward, args=cfg, train_dataset=ds, processing_class=tok)
        tr.current_gradient_accumulation_steps = 1
        return tr

    def rollout(tr, seed=0):
        torch.manual_seed(seed); tr.model.train()
        return tr._generate_and_score_completions([{'prompt': p} for p in TINY_PROMPTS[:2] for _ in range(4)])

    def loss_and_grad(tr, inputs):
        "Loss of one prepared batch and the flattened gradient it gives (the update SAGE must change)."
        tr.model.zero_grad(set_to_none=True)
        loss = tr.compute_loss(tr.model, inputs); loss.backward()
        grads = [p.grad.detach().float().flatten() for p in tr.model.parameters() if p.grad is not None]
        return loss.item(), torch.cat(grads).cpu()

    report = {'path': path, 'device': device, 'unsloth_class': None}
    grpo = trainer('GRPO')
    report['unsloth_class'] = is_unsloth_trainer(type(grpo))
    if path == 'unsloth' and not report['unsloth_class']:
        raise AssertionError('SAGETrainer is not built on the Unsloth-patched GRPOTrainer')
    checks = {}
    for credit in ('token', 'sequence'):
        q1 = trainer('SAGE_Branch', credit=credit, guide_kwargs={'gamma': 0.0})
        qn = trainer('SAGE_Branch', credit=credit, guide_kwargs={'gamma': 4.0, 'tau': 0.0})
        for t in (q1, qn): t.model.load_state_dict(grpo.model.state_dict())
        # one rollout for all three: GRPO samples and scores it, each SAGE trainer shapes a copy (its entropies from
        # one extra pass), so the comparison never depends on two samplers drawing the same completions
        a = rollout(grpo)
        rewards = grpo.hook_state.rewards_per_func   # the rollout's rewards, kept by SAGETrainer while scoring it
        b = q1.apply_guide(dict(a), rewards_per_func=rewards)
        c = qn.apply_guide(dict(a), rewards_per_func=rewards)
        key = 'ref_per_token_logps' if credit == 'token' else 'advantages'
        res = {'q1_equals_grpo': bool(torch.equal(a[key], b[key])), 'q_differs_from_grpo': not torch.equal(a[key], c[key])}
        (la, ga), (lb, gb), (lc, gc) = (loss_and_grad(t, r) for t, r in ((grpo, a), (q1, b), (qn, c)))
        res.update(loss_grpo=la, loss_q1=lb, loss_q=lc,
                   grad_q1_equals_grpo=bool(torch.allclose(ga, gb, rtol=1e-5, atol=1e-7)),
                   grad_q_differs=not torch.allclose(ga, gc, rtol=1e-3, atol=1e-6))
        # informational: does this path's sampler reproduce a rollout from the same seed in another trainer?
        res['same_seed_rollout_reproduced'] = bool(torch.equal(rollout(q1)['completion_ids'], a['completion_ids']))
        checks[credit] = res
    report['anchor_checks'] = checks
    tr = trainer('SAGE_Branch', guide_kwargs={'gamma': 4.0, 'tau': 0.1})
    before = [p.detach().clone() for p in tr.model.parameters() if p.requires_grad]
    t0 = time.time(); tr.train(); report['train_seconds'] = round(time.time() - t0, 2)
    after = [p.detach() for p in tr.model.parameters() if p.requires_grad]
    report['params_changed'] = any(not torch.equal(x, y.to(x.device)) for x, y in zip(before, after))
    logs = [h for h in tr.state.log_history if 'loss' in h]
    report['last_log'] = {k: v for k, v in logs[-1].items() if k in ('loss', 'reward', 'kl', 'entropy') or k.startswith('sage/')}
    report['entropy_route'] = tr.hook_state.route_used
    return report


def passed(rep: dict) -> bool:
    ok = rep.get('params_changed', False) and all(
        r['q1_equals_grpo'] and r['q_differs_from_grpo'] and r['grad_q1_equals_grpo'] and r['grad_q_differs']
        for r in rep['anchor_checks'].values())
    return bool(ok)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--cpu', action='store_true', help='run the plain-TRL path on CPU only')
    ap.add_argument('--paths', default='plain,unsloth,vllm', help='comma-separated paths to run')
    ap.add_argument('--budget-s', type=float, default=1800, help='wall-clock seconds for all paths together')
    ap.add_argument('--worker', nargs=3, metavar=('PATH', 'MODEL_DIR', 'DEVICE'), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    os.environ.setdefault('HF_HUB_OFFLINE', '1')
    if args.worker:
        print('GPU_CHECK_REPORT ' + json.dumps(run_path(*args.worker)), flush=True); return 0
    import importlib.metadata, importlib.util, torch
    device = 'cpu' if args.cpu else 'cuda'
    if device == 'cuda' and not torch.cuda.is_available():
        print('no CUDA device: run with --cpu for the plain path'); return 2
    if device == 'cuda':
        print(f'GPU: {torch.cuda.get_device_name(0)}, torch {torch.__version__}, CUDA {torch.version.cuda}')
    for pkg in ('trl', 'transformers', 'unsloth', 'vllm'):
        # metadata only: never imports the package (unsloth must not be imported before trl in this process)
        try: ver = importlib.metadata.version(pkg) if importlib.util.find_spec(pkg) else 'not installed'
        except importlib.metadata.PackageNotFoundError: ver = ''
        print(f'  {pkg}: {ver}')
    root = Path(tempfile.mkdtemp(prefix='sage_gpu_check_'))
    model_dir = build_model(root)
    paths = ['plain'] if args.cpu else [p for p in args.paths.split(',') if p]
    results, failed, deadline = {}, False, time.time() + args.budget_s
    for path in paths:
        if path in ('unsloth', 'vllm') and importlib.util.find_spec(path) is None:
            print(f'[{path}] skipped: {path} is not installed'); results[path] = 'skipped'; continue
        t0, left = time.time(), deadline - time.time()
        if left < 30:
            print(f'[{path}] FAILED: no time left in --budget-s'); failed = True; continue
        try:
            proc = subprocess.run([sys.executable, __file__, '--worker', path, str(model_dir), device],
                                  capture_output=True, text=True, timeout=min(540, left))
        except subprocess.TimeoutExpired as e:
            err = e.stderr or ''
            err = err.decode(errors='replace') if isinstance(err, bytes) else err
            print(f'[{path}] FAILED: timed out after {time.time() - t0:.0f}s\n' + err[-3000:])
            failed = True; continue
        lines = [l for l in proc.stdout.splitlines() if l.startswith('GPU_CHECK_REPORT ')]
        if proc.returncode or not lines:
            print(f'[{path}] FAILED ({time.time() - t0:.0f}s)\n' + proc.stderr[-4000:]); failed = True; continue
        rep = json.loads(lines[-1][len('GPU_CHECK_REPORT '):])
        ok = passed(rep); failed |= not ok
        print(f"[{path}] {'passed' if ok else 'FAILED'} ({time.time() - t0:.0f}s): {json.dumps(rep, indent=1)}")
        results[path] = rep
    print('GPU check: ' + ('FAILED' if failed else 'all paths that ran passed'))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
