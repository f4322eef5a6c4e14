#!/usr/bin/env python
"""The demo's training step with TRL's torch tiles in its log-prob head and with the in-place ones
(`trainer.install_fused_cpu_tiles`), side by side in one process (the measurement behind
`nbs/results/cpu_tiles_bench.json`, read in `nbs/devtools/63_step_profile.ipynb`).

    python scripts/bench_cpu_tiles.py [OUT.json] [--rounds 3] [--threads 2]

Two trainers of the demo's GRPO run on its fast path (bfloat16, `make demo-lm`'s settings), learning rate 0, stepped in
turn on the same batches from the same seeds, so both roll out the same completions; each step's loss must be the same
bit for bit. About 5 minutes with both cores free.
"""
import argparse, functools, os, statistics, tempfile
from pathlib import Path
os.environ.setdefault('HF_HUB_OFFLINE', '1')

def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('out', nargs='?', default='nbs/results/cpu_tiles_bench.json')
    p.add_argument('--rounds', type=int, default=3)
    p.add_argument('--threads', type=int, default=2)
    a = p.parse_args()
    import torch
    from sage_nb.core import atomic_write_json
    from sage_nb.trainer import _clp, _TRL_TILES, _fused_forward_tile, _fused_backward_tile, install_fused_cpu_tiles
    from sage_nb.devtools.benchmarks import machine_info, interleave, paired_ratios, _torch_threads
    from sage_nb.devtools.step_profile import demo_step_configs, profile_trainer, StepProfiler, phase_table
    install_fused_cpu_tiles()
    tiles = {"TRL's tiles": (_TRL_TILES['forward'], _TRL_TILES['backward']), 'in place': (_fused_forward_tile, _fused_backward_tile)}
    cfg = demo_step_configs(Path(tempfile.gettempdir())/'sage_tiles_bench', overrides=('rl.bf16=true', 'sage.sampler_dtype=bfloat16'))['GRPO']
    losses = {label: [] for label in tiles}
    with _torch_threads(a.threads, 'cpu'):
        trainers = {label: profile_trainer(cfg) for label in tiles}
        for tr in trainers.values():
            for group in tr.optimizer.param_groups: group['lr'] = 0.0
        batches = {label: iter(tr.get_train_dataloader()) for label, tr in trainers.items()}
        profs = {label: StepProfiler(tr).attach() for label, tr in trainers.items()}
        def step(label, r):
            _clp._forward_tile, _clp._backward_tile = tiles[label]
            torch.manual_seed(1000 + r)
            losses[label].append(profs[label].step(next(batches[label])))
        try: times = interleave({label: functools.partial(step, label) for label in tiles}, rounds=a.rounds, warmup=1)
        finally:
            _clp._forward_tile, _clp._backward_tile = tiles['in place']
            for p_ in profs.values(): p_.detach()
    runs = {label: dict(step_s=statistics.median(times[label]), seconds=times[label], losses=losses[label],
                        phases={k: v['seconds'] for k, v in phase_table(profs[label].steps[1:], {'body': 0, 'head': 0}, 1.0).items()},
                        tokens=[s['tokens'] for s in profs[label].steps[1:]]) for label in tiles}
    ratio = 1 / paired_ratios(times, "TRL's tiles")['in place']
    rec = dict(machine=machine_info(), threads=a.threads, rounds=a.rounds, warmup=1, frozen=True, runs=runs, speedup=ratio,
               same_losses=losses["TRL's tiles"] == losses['in place'])
    atomic_write_json(a.out, rec)
    for label, r in runs.items():
        print(f"{label}: step {r['step_s']:.1f} s, " + ', '.join(f'{k} {v:.1f}' for k, v in r['phases'].items() if v > 0.1))
    print(f"in place: {ratio:.3f}x; the same losses bit for bit: {rec['same_losses']}")

if __name__ == '__main__': main()
