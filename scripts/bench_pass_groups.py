#!/usr/bin/env python
"""CPU time of the log-prob passes of the real-model demo's batch with its rows in length groups (`trainer.length_groups`,
the default) against one group run to the longest completion, side by side in one process (the measurement behind
`nbs/results/pass_groups_bench.json`, cited in `nbs/22_trainer.ipynb`).

    python scripts/bench_pass_groups.py [OUT.json] [--rounds 3]

The demo's first 4 training prompts x 8 completions sampled at temperature 1 from SmolLM2-135M-Instruct with fresh LoRA
adapters (up to 64 tokens, stopped at the end token), scored through `shared_prompt_logps` with TRL's fused head: a
no-grad pass (the reference and old passes) and a forward plus backward (the loss pass), one torch thread, each
variant once per round after a warm-up round.
"""
import argparse, os, statistics, tempfile, time
from pathlib import Path
os.environ.setdefault('HF_HUB_OFFLINE', '1')

def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('out', nargs='?', default='nbs/results/pass_groups_bench.json')
    p.add_argument('--rounds', type=int, default=3)
    a = p.parse_args()
    import torch
    from peft import get_peft_model
    from trl.trainer.utils import add_fused_lm_head
    from sage_nb.core import atomic_write_json
    from sage_nb.data import render_prompt
    from sage_nb.train import load_rl_dataset
    from sage_nb.trainer import shared_prompt_logps, length_groups
    from sage_nb.devtools.benchmarks import machine_info, _torch_threads
    from sage_nb.devtools.step_profile import demo_policy
    cfg, lm, tok, peft_config = demo_policy(Path(tempfile.gettempdir())/'sage_pass_groups')
    lm = get_peft_model(lm, peft_config)
    add_fused_lm_head(lm.get_base_model(), temperature=cfg.generation['temperature'], outputs=('log_probs', 'entropy'))
    prompts = [render_prompt(x, tok) for x in load_rl_dataset(cfg, tok)[:4]['prompt']]
    tok.padding_side = 'left'
    enc = tok(prompts, return_tensors='pt', padding=True)
    ids, mask = enc.input_ids.repeat_interleave(8, 0), enc.attention_mask.repeat_interleave(8, 0)
    with _torch_threads(1, 'cpu'):
        torch.manual_seed(0)
        with torch.no_grad():
            out = lm.eval().generate(input_ids=ids, attention_mask=mask, max_new_tokens=64, do_sample=True, temperature=1.0,
                                     top_k=0, pad_token_id=tok.pad_token_id)
        completions = out[:, ids.size(1):]
        ends = completions == tok.eos_token_id
        last = torch.where(ends.any(1), ends.int().argmax(1), torch.full((len(ends),), completions.size(1)))
        cmask = (torch.arange(completions.size(1))[None] <= last[:, None]).long()
        rows, rows_mask, T = torch.cat([ids, completions], 1), torch.cat([mask, cmask], 1), completions.size(1)
        lm.train()
        def run(max_groups, grad):
            lm.zero_grad()
            t0 = time.process_time()
            with torch.set_grad_enabled(grad):
                logps, _, _ = shared_prompt_logps(lm, rows, rows_mask, T, rows.size(0), True, max_groups=max_groups)
                if grad: ((logps * cmask).sum() / cmask.sum()).backward()
            return time.process_time() - t0, logps.detach()
        variants = {'one group, no grad': (1, False), 'length groups, no grad': (4, False),
                    'one group, forward + backward': (1, True), 'length groups, forward + backward': (4, True)}
        seconds, logps = {k: [] for k in variants}, {}
        for r in range(a.rounds + 1):
            for name, (groups, grad) in variants.items():
                s, logps[name] = run(groups, grad)
                if r: seconds[name].append(s)
    lengths = cmask.sum(1)
    groups = length_groups(lengths, torch.arange(rows.size(0)) // 8, ids.size(1) - 1, rows.size(0))
    median = {k: statistics.median(v) for k, v in seconds.items()}
    result = dict(command='python scripts/bench_pass_groups.py', machine=machine_info(), rounds=a.rounds, threads=1,
                  completion_lengths=lengths.tolist(), prompt_columns=ids.size(1),
                  groups=[dict(rows=len(g), longest=int(lengths[g].max())) for g in groups],
                  cpu_s=seconds, median_cpu_s=median,
                  speedup={'no grad': median['one group, no grad'] / median['length groups, no grad'],
                           'forward + backward': median['one group, forward + backward'] / median['length groups, forward + backward']},
                  max_abs_logp_diff=max(((logps[f'length groups, {k}'] - logps[f'one group, {k}']) * cmask).abs().max().item()
                                        for k in ('no grad', 'forward + backward')))
    atomic_write_json(a.out, result)
    print({k: round(v, 2) for k, v in median.items()}, {k: round(v, 3) for k, v in result['speedup'].items()},
          result['groups'], f"max |d log-prob| {result['max_abs_logp_diff']:.1e}")

if __name__ == '__main__': main()
