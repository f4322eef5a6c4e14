#!/usr/bin/env python
"""CPU time of evaluation sampling (`evaluate.generate_samples`) with each prompt prefilled once for its samples (the
default) against HF's `num_return_sequences`, which prefills every sample, side by side in one process (the measurement
behind `nbs/results/eval_prefill_bench.json`, cited in `nbs/32_evaluate.ipynb`).

    python scripts/bench_eval_prefill.py [OUT.json] [--rounds 2]

SmolLM2-135M-Instruct, the real demo's first 8 training prompts (chat template), 16 samples each at temperature 1 and
up to 64 new tokens, one call of 128 rows, one torch thread, each variant once per round.
"""
import argparse, os, statistics, tempfile, time
from pathlib import Path
os.environ.setdefault('HF_HUB_OFFLINE', '1')

def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('out', nargs='?', default='nbs/results/eval_prefill_bench.json')
    p.add_argument('--rounds', type=int, default=2)
    a = p.parse_args()
    from sage_nb.core import atomic_write_json
    from sage_nb.evaluate import generate_samples
    from sage_nb.train import load_rl_dataset
    from sage_nb.devtools.benchmarks import machine_info, _torch_threads
    from sage_nb.devtools.step_profile import demo_policy
    cfg, model, tok, _ = demo_policy(Path(tempfile.gettempdir())/'sage_eval_prefill')
    prompts = list(load_rl_dataset(cfg, tok)[:8]['prompt'])
    seconds, samples = {'prefill every sample': [], 'prefill once per prompt': []}, {}
    with _torch_threads(1, 'cpu'):
        for _ in range(a.rounds):
            for name, once in (('prefill every sample', False), ('prefill once per prompt', True)):
                t0 = time.process_time()
                samples[name] = generate_samples(model, tok, prompts, n=16, temperature=1.0, max_new_tokens=64, batch_size=128,
                                                 seed=0, prefill_once=once)
                seconds[name].append(time.process_time() - t0)
    median = {k: statistics.median(v) for k, v in seconds.items()}
    result = dict(command='python scripts/bench_eval_prefill.py', machine=machine_info(), rounds=a.rounds, threads=1,
                  prompts=len(prompts), samples_per_prompt=16, max_new_tokens=64, cpu_s=seconds, median_cpu_s=median,
                  speedup=median['prefill every sample'] / median['prefill once per prompt'],
                  same_samples=samples['prefill every sample'] == samples['prefill once per prompt'])
    atomic_write_json(a.out, result)
    print({k: round(v, 1) for k, v in median.items()}, f"speed-up {result['speedup']:.2f}x, same samples: {result['same_samples']}")

if __name__ == '__main__': main()
