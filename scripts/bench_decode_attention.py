#!/usr/bin/env python
"""The demo's sampler attending with transformers' `sdpa` and with `single_query_attention` at each decoding step,
side by side in one process (the measurement behind `nbs/results/decode_attention_bench.json`, read in
`nbs/devtools/63_step_profile.ipynb`): `decode_attention_bench` there, on the bfloat16 sampling copy of the demo's policy.

    python scripts/bench_decode_attention.py [OUT.json] [--rounds 2]

Three layouts, 64 tokens each, at 1 and 2 threads: the run's first 4 prompts x 8 samples (one length: no padding),
4 prompts of different lengths x 8 (left-padded), and one prompt x 16 samples (an evaluation call when n >= batch_size / 2)
(about 6 minutes with both cores free).
"""
import argparse, os, tempfile
from pathlib import Path
os.environ.setdefault('HF_HUB_OFFLINE', '1')

def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('out', nargs='?', default='nbs/results/decode_attention_bench.json')
    p.add_argument('--rounds', type=int, default=2)
    a = p.parse_args()
    from sage_nb.core import atomic_write_json
    from sage_nb.data import render_prompt
    from sage_nb.train import load_rl_dataset
    from sage_nb.trainer import sampling_copy
    from sage_nb.devtools.benchmarks import machine_info
    from sage_nb.devtools.step_profile import demo_policy, decode_attention_bench
    cfg, lm, tok, _ = demo_policy(Path(tempfile.gettempdir())/'sage_decode_attention')
    prompts = [render_prompt(q, tok) for q in load_rl_dataset(cfg, tok)['prompt']]   # as TRL renders them
    lengths = [len(tok(p).input_ids) for p in prompts]
    distinct = list({n: i for i, n in reversed(list(enumerate(lengths)))}.values())   # the first prompt of each length
    layouts = {"the run's first 4 prompts x 8": (prompts[:4], 8),
               '4 prompts of different lengths x 8': ([prompts[i] for i in sorted(distinct)[:4]], 8),
               'one prompt x 16 (an evaluation call when n >= batch_size / 2)': (prompts[:1], 16)}
    rec = decode_attention_bench(sampling_copy(lm), tok, layouts, rounds=a.rounds)
    atomic_write_json(a.out, dict(machine=machine_info(), sampler='bfloat16 sampling copy of the demo policy (sage.sampler_dtype=bfloat16)', **rec))
    for name, r in rec['layouts'].items():
        print(name, {t: f"{s['seconds']['sdpa']:.2f} -> {s['seconds']['single_query']:.2f} s ({s['ratio']:.2f}x)" for t, s in r['speed'].items()},
              'errors', {k: round(v, 5) for k, v in r['errors'].items()}, 'same rows', r['same_rows'])

if __name__ == '__main__': main()
