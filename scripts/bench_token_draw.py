#!/usr/bin/env python
"""The demo's sampler drawing tokens with `torch.multinomial` and with one random number per token (`inverse_cdf_draws`),
side by side in one process (the measurement behind `nbs/results/token_draw_bench.json`, read in
`nbs/devtools/63_step_profile.ipynb`): `token_draw_bench` there, on the bfloat16 sampling copy of the demo's policy.

    python scripts/bench_token_draw.py [OUT.json] [--rounds 3]

The demo's first 4 prompts x 8 samples, 64 tokens each, at 1 and 2 threads (about 3 minutes with both cores free).
"""
import argparse, os, tempfile
from pathlib import Path
os.environ.setdefault('HF_HUB_OFFLINE', '1')

def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('out', nargs='?', default='nbs/results/token_draw_bench.json')
    p.add_argument('--rounds', type=int, default=3)
    a = p.parse_args()
    from sage_nb.core import atomic_write_json
    from sage_nb.data import render_prompt
    from sage_nb.train import load_rl_dataset
    from sage_nb.trainer import sampling_copy
    from sage_nb.devtools.benchmarks import machine_info
    from sage_nb.devtools.step_profile import demo_policy, token_draw_bench
    cfg, lm, tok, _ = demo_policy(Path(tempfile.gettempdir())/'sage_token_draw')
    prompts = [render_prompt(q, tok) for q in load_rl_dataset(cfg, tok)[:4]['prompt']]   # the run's first 4 prompts, as TRL renders them
    rec = token_draw_bench(sampling_copy(lm), tok, prompts, n=8, rounds=a.rounds)
    atomic_write_json(a.out, dict(machine=machine_info(), sampler='bfloat16 sampling copy of the demo policy (sage.sampler_dtype=bfloat16)', **rec))
    for t, s in rec['speed'].items():
        print(f"{t} thread(s): multinomial {s['seconds']['multinomial']:.2f} s, inverse CDF {s['seconds']['inverse_cdf']:.2f} s: {s['ratio']:.2f}x")
    print('first-step total variation (max over prompts):', {k: round(max(v), 4) for k, v in rec['first_step_tv'].items()})

if __name__ == '__main__': main()
