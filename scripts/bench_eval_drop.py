#!/usr/bin/env python
"""CPU time of evaluation sampling (`evaluate.generate_samples`) with ended samples leaving the decoding batch (the
default, `trainer.finished_rows_dropped`) against keeping every row to the end as HF `generate` does, side by side in
one process (the measurement behind `nbs/results/eval_drop_bench.json`, cited in `nbs/32_evaluate.ipynb`).

    python scripts/bench_eval_drop.py [OUT.json] [--rounds 2] [--prompts 8] [--adapter RUN_DIR]

SmolLM2-135M-Instruct, the real demo's first training prompts (chat template), 16 samples each at temperature 1 and
up to 64 new tokens in calls of 64 rows (the demo's evaluation settings), one torch thread, each variant once per round.
`--adapter`: a trained LoRA run directory (merged into the base model, as `sage-eval` loads it) instead of the base model.
"""
import argparse, os, statistics, tempfile, time
from contextlib import contextmanager
from pathlib import Path
os.environ.setdefault('HF_HUB_OFFLINE', '1')

def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('out', nargs='?', default='nbs/results/eval_drop_bench.json')
    p.add_argument('--rounds', type=int, default=2)
    p.add_argument('--prompts', type=int, default=8)
    p.add_argument('--adapter', default=None, help='a trained LoRA run directory to sample from instead of the base model')
    a = p.parse_args()
    import torch
    import sage_nb.trainer as trainer
    from sage_nb.core import atomic_write_json
    from sage_nb.evaluate import generate_samples
    from sage_nb.train import load_rl_dataset
    from sage_nb.devtools.benchmarks import machine_info, _torch_threads
    from sage_nb.devtools.step_profile import demo_policy
    cfg, model, tok, _ = demo_policy(Path(tempfile.gettempdir())/'sage_eval_drop')
    if a.adapter:
        from sage_nb.evaluate import load_for_eval
        model, _ = load_for_eval(a.adapter, dtype=torch.float32)
    prompts = list(load_rl_dataset(cfg, tok)[:a.prompts]['prompt'])
    plain_drop, counts = trainer.finished_rows_dropped, []
    @contextmanager
    def counted(*args, **kwargs):   # keep each block's row counts
        with plain_drop(*args, **kwargs) as c: counts.append(c); yield c
    trainer.finished_rows_dropped = counted
    names = {'every row to the end': False, 'ended rows dropped': True}
    seconds, samples = {k: [] for k in names}, {}
    with _torch_threads(1, 'cpu'):
        for r in range(a.rounds):
            for name, drop in names.items():
                if drop: counts.clear()
                t0 = time.process_time()
                samples[name] = generate_samples(model, tok, prompts, n=16, temperature=1.0, max_new_tokens=64, batch_size=64,
                                                 seed=0, drop_finished=drop)
                seconds[name].append(time.process_time() - t0)
    median = {k: statistics.median(v) for k, v in seconds.items()}
    a_, b_ = samples['every row to the end'], samples['ended rows dropped']
    pairs = [(x, y) for xs, ys in zip(a_, b_) for x, y in zip(xs, ys)]
    computed, held = sum(c.computed for c in counts), sum(c.held for c in counts)
    result = dict(command='python scripts/bench_eval_drop.py' + (f' --adapter {a.adapter}' if a.adapter else ''), machine=machine_info(), model=a.adapter or 'base', rounds=a.rounds, threads=1,
                  prompts=len(prompts), samples_per_prompt=16, max_new_tokens=64, batch_size=64, cpu_s=seconds,
                  median_cpu_s=median, speedup=median['every row to the end'] / median['ended rows dropped'],
                  decoding_row_steps=dict(computed=computed, held=held, share_computed=computed / max(held, 1)),
                  same_samples_share=sum(x == y for x, y in pairs) / len(pairs),
                  mean_tokens=statistics.mean(x['num_tokens'] for x, _ in pairs))
    atomic_write_json(a.out, result)
    print({k: round(v, 1) for k, v in median.items()}, f"speed-up {result['speedup']:.2f}x, row-steps run "
          f"{result['decoding_row_steps']['share_computed']:.2f} of held, same samples {result['same_samples_share']:.3f}")

if __name__ == '__main__': main()
