#!/usr/bin/env python
"""The demo's step with dynamic sampling's extra rounds refilled with the missing groups and with a whole batch's worth,
side by side in one process (the measurement behind `nbs/results/dynamic_refill_bench.json`, read in
`nbs/devtools/63_step_profile.ipynb`): `profile_steps` on the demo's GRPO run on its fast path (bfloat16, one random
number per token), learning rate 0 so that every round of both runs starts from the same policy and the same first
round of completions.

    python scripts/bench_dynamic_refill.py [OUT.json] [--rounds 4] [--threads 2]

About 5 minutes with both cores free.
"""
import argparse, os, tempfile
from pathlib import Path
os.environ.setdefault('HF_HUB_OFFLINE', '1')

def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('out', nargs='?', default='nbs/results/dynamic_refill_bench.json')
    p.add_argument('--rounds', type=int, default=4)
    p.add_argument('--threads', type=int, default=2)
    a = p.parse_args()
    from sage_nb.core import atomic_write_json
    from sage_nb.devtools.step_profile import demo_step_configs, profile_steps
    fast = ('rl.bf16=true', 'sage.sampler_dtype=bfloat16', 'sage.token_draw=inverse_cdf')
    scratch = Path(tempfile.gettempdir())/'sage_refill_bench'
    configs = {f'refill {r}': demo_step_configs(scratch, overrides=(*fast, f'sage.dynamic_sampling_refill={r}'))['GRPO'] for r in ('missing', 'batch')}
    rec = profile_steps(configs, rounds=a.rounds, warmup=1, threads=a.threads)
    atomic_write_json(a.out, rec)
    for label, run in rec['runs'].items():
        print(f"{label}: step {run['step_s']:.1f} s (x{run['time_ratio']:.2f} of the first), sampling {run['phases']['sampling']['seconds']:.1f} s, "
              f"rows sampled per step {[s['tokens']['sampled rows'] for s in run['steps']]}")

if __name__ == '__main__': main()
