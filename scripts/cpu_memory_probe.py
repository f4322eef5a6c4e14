#!/usr/bin/env python
"""Peak host RAM of real `cpu-smollm2` training steps, phase by phase (the measurement behind `nbs/26_memory.ipynb`'s
CPU section and `nbs/results/cpu_memory_smollm2.json`).

    python scripts/cpu_memory_probe.py OUT.json [sage-train overrides ...]
    python scripts/cpu_memory_probe.py --long-prompts FILE.jsonl     # write prompts that fill the preset's 128-token limit

With PROBE_FULL_LENGTH=1 every completion runs to `max_completion_length` (min_new_tokens), so a step is at the
preset's maxima. Before generation and after each training step it prints VmRSS and VmHWM (the peak since the last
mark: /proc/self/clear_refs resets it) and writes them to OUT.json. The probe raises its own oom_score_adj, so on a
crowded machine the kernel ends it before anything else. Linux only.
"""
import json, os, sys, time

def long_prompt_rows(n:int=32) -> list[dict]:
    "Word problems whose chat prompt is 126 tokens with SmolLM2's template and the preset's instruction."
    lead = ("At dawn, while the sun rose slowly over the quiet hills, Sam walked to the market early in the morning with his "
            "sister who carried a large basket of apples pears and plums for their grandmother and on the way they stopped "
            "twice to count the birds on the fence and then they rested under an old oak tree near the river bank")
    return [dict(id=f'long-{i}', problem=f"{lead}. Sam has {3 + i % 7} marbles and finds {4 + i % 5} more. How many marbles does he have?",
                 answer=str(3 + i % 7 + 4 + i % 5), family='word_add', level=2, split='train') for i in range(n)]

def status_gib(key:str) -> float:
    line = next(l for l in open('/proc/self/status') if l.startswith(key))
    return int(line.split()[1]) / 2**20

def main(out_json:str, overrides:list[str]):
    open('/proc/self/oom_score_adj', 'w').write('1000')
    records = []
    def mark(what):
        records.append(dict(what=what, rss=status_gib('VmRSS:'), peak=status_gib('VmHWM:'), t=time.time()))
        print(f"[probe] {what}: rss {records[-1]['rss']:.2f} GiB, peak since the last mark {records[-1]['peak']:.2f} GiB", flush=True)
        open('/proc/self/clear_refs', 'w').write('5')
    import sage_nb.config as C, sage_nb.train as T
    from sage_nb.trainer import SAGETrainer
    from sage_nb.memory import estimate_memory, settings_for_config, config_spec
    mark('imports')
    generate, step = SAGETrainer._generate_and_score_completions, SAGETrainer.training_step
    def generate_marked(self, *a, **k):
        mark('before generation'); out = generate(self, *a, **k); mark('generation and scoring')
        print(f"[probe] prompt tokens {out['prompt_ids'].shape[1]}, completion lengths {out['completion_mask'].sum(1).tolist()}", flush=True)
        return out
    def step_marked(self, *a, **k):
        out = step(self, *a, **k); mark('training step (forwards and backward)'); return out
    SAGETrainer._generate_and_score_completions, SAGETrainer.training_step = generate_marked, step_marked
    trainer_config = C.sage_config
    def full_length_config(*a, **k):
        args = trainer_config(*a, **k)
        if os.environ.get('PROBE_FULL_LENGTH'):
            args.generation_kwargs = {**(args.generation_kwargs or {}), 'min_new_tokens': args.max_completion_length}
        return args
    C.sage_config = full_length_config
    cfg = C.load_config(preset='cpu-smollm2', overrides=['output_root=/tmp/memprobe', 'rl.max_steps=2', 'rl.save_steps=100', *overrides])
    estimate = estimate_memory(config_spec(cfg), settings_for_config(cfg, 'cpu'))
    print('[probe] estimate', {k: round(v, 2) for k, v in estimate.items()}, flush=True)
    import shutil; shutil.rmtree(cfg.run_dir, ignore_errors=True)
    T.train(cfg)
    json.dump(dict(overrides=overrides, full_length=bool(os.environ.get('PROBE_FULL_LENGTH')), estimate=estimate, records=records),
              open(out_json, 'w'), indent=1)

if __name__ == '__main__':
    if sys.argv[1:2] == ['--long-prompts']:
        with open(sys.argv[2], 'w') as f: f.writelines(json.dumps(r) + '\n' for r in long_prompt_rows())
    else: main(sys.argv[1], sys.argv[2:])
