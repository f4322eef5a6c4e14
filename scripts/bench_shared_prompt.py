#!/usr/bin/env python
"""Step time and peak memory of a real SmolLM2-135M-Instruct LoRA step with and without `share_prompt_prefix`
(`trainer.shared_prompt_logps`), side by side in one process (the measurement behind `nbs/results/shared_prompt_bench.json`
and its table in `nbs/22_trainer.ipynb`).

    python scripts/bench_shared_prompt.py [OUT.json] [--note "what else ran on the machine"]

One chat prompt (56-58 tokens) x 8 completions of up to 64 tokens per step (the preset's group), LoRA r 16, one torch thread, 4 timed rounds
after 1 warm-up, each round running every variant once in turn (`devtools.benchmarks.bench_train`).
"""
import argparse, json, os
os.environ.setdefault('HF_HUB_OFFLINE', '1')

def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('out', nargs='?', default='nbs/results/shared_prompt_bench.json')
    p.add_argument('--note', default='', help='the conditions of the run, kept in the result')
    p.add_argument('--rounds', type=int, default=4)
    a = p.parse_args()
    from sage_nb.core import atomic_write_json
    from sage_nb.devtools.benchmarks import bench_train, real_peft_config, machine_info, bench_model, bench_prompts
    variants = {'GRPO': ('GRPO', {}), 'GRPO (shared prompt)': ('GRPO', {'share_prompt_prefix': True}),
                'SAGE_Branch': ('SAGE_Branch', {}), 'SAGE_Branch (shared prompt)': ('SAGE_Branch', {'share_prompt_prefix': True})}
    r = bench_train('smollm2-135m-instruct', rounds=a.rounds, warmup=1, batch_size=8, num_generations=8, max_completion_length=64,
                    variants=variants, baseline='GRPO', threads=1, peft_config=real_peft_config('lora'), progress=True)
    _, tok = bench_model('smollm2-135m-instruct', None)
    lengths = [len(tok(p, add_special_tokens=False)['input_ids']) for p in bench_prompts('smollm2-135m-instruct', tok)]
    atomic_write_json(a.out, dict(command='python scripts/bench_shared_prompt.py', note=a.note, machine=machine_info(),
                                  prompt_tokens=lengths, result=r))
    for n, v in r['variants'].items():
        print(f"{n:28s} median step {v['median_step_s']:6.2f} s  time ratio {v['time_ratio']:.3f}  "
              f"cpu ratio {v['cpu_time_ratio']:.3f}  peak memory ratio {v['memory_ratio']:.3f}")

if __name__ == '__main__': main()
