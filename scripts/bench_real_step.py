#!/usr/bin/env python
"""The real-model demo's step before and after every speed setting, side by side in one process (the measurement behind
`nbs/results/real_step_bench.json`, read in `nbs/devtools/63_step_profile.ipynb`): `real_step_bench` there.

    python scripts/bench_real_step.py [OUT.json] [--rounds 2]

One torch thread, learning rate 0, each run profiled once per round after a warm-up round (about 25 minutes on one free core).
"""
import argparse, os, tempfile
from pathlib import Path
os.environ.setdefault('HF_HUB_OFFLINE', '1')

def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('out', nargs='?', default='nbs/results/real_step_bench.json')
    p.add_argument('--rounds', type=int, default=2)
    a = p.parse_args()
    from sage_nb.core import atomic_write_json
    from sage_nb.devtools.step_profile import real_step_bench
    rec = real_step_bench(Path(tempfile.gettempdir())/'sage_step_bench', rounds=a.rounds)
    atomic_write_json(a.out, rec)
    b = rec['bench']
    print(f"before {b['step_s_before']:.1f} s, after {b['step_s_after']:.1f} s: {b['speedup']:.2f}x; SAGE_Branch / GRPO "
          + ', '.join(f"{k} {v:.2f}" for k, v in b['sage_over_grpo'].items()))

if __name__ == '__main__': main()
