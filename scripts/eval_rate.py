"""How fast the real model is evaluated on one thread: samples a second for the base model and for a trained checkpoint
(whose answers are short), on validation problems only (6 per curriculum family, 16 samples, 64 tokens). The demo's
time budget (`nbs/experiments/47_lm_regime.ipynb`, `EVAL_SAMPLES_PER_S`) is computed from these two rates.

    OMP_NUM_THREADS=1 python scripts/eval_rate.py CHECKPOINT nbs/results/smollm2_eval_rate.json
"""
import argparse, json, os, tempfile, time
from pathlib import Path
import torch
from sage_nb.core import atomic_write_json
from sage_nb.experiments.regime import curriculum_families, LM_NAME
from sage_nb.experiments.smollm2 import EvalJob

def rate(model: str, label: str, step: int, results: str) -> dict:
    "Seconds, samples, generated tokens and samples a second of one evaluation of `model` on the validation problems."
    job = EvalJob(model, label, results, step=step, split='validation', per_family=6, ood_per_family=0, families=curriculum_families(), n=16)
    started = time.time(); job.run(progress=False); seconds = time.time() - started
    records = [r for u in json.loads(Path(results).read_text())['models'][f'{label}@{step}']['units'].values() for r in u['records']]
    samples, tokens = sum(r['n'] for r in records), sum(sum(r['lengths']) for r in records)
    return dict(seconds=round(seconds, 1), samples=samples, tokens=tokens, samples_per_s=round(samples / seconds, 3))

if __name__ == '__main__':
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('checkpoint', help='a trained checkpoint (its answers are as short as a trained run's)')
    p.add_argument('out', help='where the JSON goes')
    a = p.parse_args()
    torch.set_num_threads(1)
    with tempfile.TemporaryDirectory() as tmp:
        out = {'Base': rate(LM_NAME, 'Base', 0, f'{tmp}/base.json'), 'trained': rate(a.checkpoint, 'trained', 1, f'{tmp}/trained.json')}
    atomic_write_json(a.out, dict(out, threads=1, checkpoint=a.checkpoint, split='validation', per_family=6, n=16, max_new_tokens=64))
    print(json.dumps(out, indent=1))
