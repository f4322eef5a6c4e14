"""How long the first demo took (`sage-lm demo`, which `make demo-lm` ran until 2026-12-05): phases from its logs' last-write times, step times from the training logs, CPU time
and peak memory from `/usr/bin/time -v`. Writes the JSON that `nbs/experiments/44_smollm2.ipynb` reads.

    /usr/bin/time -v -o time.txt sage-lm demo      # the first demo, timed
    python scripts/demo_timing.py time.txt outputs/lm-demo nbs/results/smollm2_demo_64steps_timing.json --started <epoch seconds>

`--rerun DIR` adds the models' numbers of a second run from nothing (its `demo_summary.json`), which the notebook
compares with the committed demo's.
"""
import argparse, json, re, statistics, time
from pathlib import Path

def gnu_time(path) -> dict:
    "Wall clock, user and system CPU minutes, and the largest process's RSS from `/usr/bin/time -v` output."
    text = Path(path).read_text()
    def field(name): return re.search(rf'{re.escape(name)}: (.+)', text).group(1).strip()
    h, m, s = ([0] + [float(x) for x in field('Elapsed (wall clock) time (h:mm:ss or m:ss)').split(':')])[-3:]
    return dict(wall_minutes=round((3600 * h + 60 * m + s) / 60, 1), user_cpu_minutes=round(float(field('User time (seconds)')) / 60, 1),
                system_cpu_minutes=round(float(field('System time (seconds)')) / 60, 1),
                max_rss_gib=round(int(field('Maximum resident set size (kbytes)')) / 2**20, 2))

def phases(out:Path, started:float, algorithms) -> dict:
    "Minutes per phase, from the last-write times of the demo's logs and of its summary."
    last = lambda pattern: max(p.stat().st_mtime for p in out.glob(pattern))
    trained = max(last(f'train_{a}.log') for a in algorithms)
    steps = json.loads((out/'demo_summary.json').read_text())['config']['steps']
    marks = [(f'both trainings side by side ({steps} steps each)', trained)]
    for label in ('Base', *algorithms): marks.append((f'evaluation of {label} (2 processes)', last(f'eval_{label}*.log')))
    marks.append(('guide profiles and figures (1 process)', (out/'demo_summary.json').stat().st_mtime))
    marks.sort(key=lambda m: m[1])
    result, t = {}, started
    for name, end in marks: result[name] = round((end - t) / 60, 1); t = end
    return result

def step_seconds(out:Path, algorithms) -> dict:
    "Mean, sample std and count of each run's logged step times."
    result = {}
    for a in algorithms:
        log = json.loads(next((out/'models').glob(f'*/{a}/log_history.json')).read_text())
        times = [h['step_time'] for h in log if 'step_time' in h]
        result[a] = dict(mean=statistics.mean(times), std=statistics.stdev(times), n=len(times), per_step=times)
    return result

def without_step_time(curves:dict) -> dict: return {k: v for k, v in curves.items() if k != 'step time (s)'}

def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('time_file'); p.add_argument('out_dir'); p.add_argument('dest')
    p.add_argument('--started', type=float, required=True, help='when the command started (epoch seconds)')
    p.add_argument('--rerun', default=None, help="a second run's out dir: its models' numbers go in, for the notebook's check")
    p.add_argument('--algorithms', nargs='+', default=['GRPO', 'SAGE_Branch'])
    p.add_argument('--command', default='make demo-lm (sage-lm demo, its defaults) under /usr/bin/time -v, on a fresh machine (no model cache)')
    p.add_argument('--machine', default='2 CPU cores (AVX-512), 24 GiB, nothing else running')
    a = p.parse_args()
    out = Path(a.out_dir)
    record = dict(command=a.command, machine=a.machine, date=time.strftime('%Y-%m-%d', time.gmtime(a.started)), **gnu_time(a.time_file),
                  phases_minutes=phases(out, a.started, a.algorithms), step_seconds=step_seconds(out, a.algorithms))
    if a.rerun:   # a rerun's step times differ; nothing else may
        def numbers(m): return {k: v for k, v in m.items() if k in ('test', 'ood', 'families')} | (
            {'curves': without_step_time(m['curves'])} if 'curves' in m else {})
        models = json.loads((Path(a.rerun)/'demo_summary.json').read_text())['models']
        record['rerun'] = dict(out_dir=a.rerun, models={name: numbers(m) for name, m in models.items()})
    Path(a.dest).write_text(json.dumps(record, indent=1) + '\n')
    print(json.dumps({k: v for k, v in record.items() if k != 'step_seconds'}, indent=1))

if __name__ == '__main__': main()
