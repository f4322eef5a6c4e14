#!/usr/bin/env python
"""Build the documentation as plain HTML without Quarto: `_site_offline/index.html` and one page per notebook.

    python scripts/docs_offline.py                 # build (pages cached by content; executes notebooks saved without outputs)
    python scripts/docs_offline.py --check         # results tables against their JSON, then build, follow every link,
                                                   #     check every table, open every page in headless Chromium
                                                   #     (apt-get install chromium chromium-driver)
    python scripts/docs_offline.py --tables        # only the results tables against their committed JSON (seconds)
    python scripts/docs_offline.py --force --execute never
    python scripts/docs_offline.py --sidebar       # only rewrite nbs/sidebar.yml from the notebooks present
    python scripts/docs_offline.py --refresh nbs/experiments/41_testbed.ipynb ...   # re-run notebooks, save clean outputs
    python scripts/docs_offline.py --quick --refresh nbs/32_evaluate.ipynb   # ... at nbdev_test's quick sizes

The work is done by `sage_nb.devtools.docs` (nbs/devtools/61_docs.ipynb); this script only parses arguments.
"""
import argparse, re, subprocess, sys, time
from collections import Counter
from pathlib import Path


def refresh(notebooks, quick=False) -> int:
    "Each notebook in a fresh Python process (no state shared between notebooks), stopping at the first failure."
    for nb in notebooks:
        t0 = time.time()
        code = f'from sage_nb.devtools.docs import refresh_outputs; refresh_outputs({str(Path(nb).resolve())!r}, quick={quick})'
        rc = subprocess.run([sys.executable, '-c', code]).returncode
        print(f"{nb}: {'refreshed' if rc == 0 else 'FAILED (file left as it was)'} in {time.time() - t0:.0f} s")
        if rc: return rc
    return 0


def check_results_tables(nbs) -> int:
    "Every results table the index and experiment pages saved, remade from the committed JSON: 1 on any difference."
    from sage_nb.devtools.docs import results_notebooks, results_table_problems
    t0, bad = time.time(), 0
    for nb in results_notebooks(nbs):
        for p in results_table_problems(nb):
            print(f'PROBLEM {Path(nb).name} {p}'); bad += 1
    if bad: print(f'{bad} results table(s) differ from the committed results or were not saved: '
                  'refresh the notebook (--refresh NOTEBOOK) and commit it')
    else: print(f'every saved results table matches the committed results ({time.time() - t0:.0f} s)')
    return int(bad > 0)


def main(argv=None):
    root = Path(__file__).resolve().parents[1]
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--nbs', default=str(root / 'nbs'), help='notebook folder (default: nbs/)')
    ap.add_argument('--dest', default=str(root / '_site_offline'), help='output folder (default: _site_offline/)')
    ap.add_argument('--execute', default='missing', choices=['never', 'missing', 'always'],
                    help="run notebooks before rendering: 'missing' = only those saved without outputs")
    ap.add_argument('--force', action='store_true', help='rebuild every page, even those whose inputs are unchanged')
    ap.add_argument('--only', nargs='*', help='only these notebooks (file names or names without number prefix)')
    ap.add_argument('--sidebar', action='store_true', help='rewrite nbs/sidebar.yml from the notebooks present and exit')
    ap.add_argument('--check', action='store_true',
                    help='compare the saved results tables with the committed JSON, then build, follow every link, check every markdown table, and open the pages in headless Chromium')
    ap.add_argument('--tables', action='store_true',
                    help="only compare the saved results tables of the index and experiment pages with the committed JSON")
    ap.add_argument('--refresh', nargs='+', metavar='NOTEBOOK',
                    help='re-run these notebooks and save their outputs for the site (quiet, no absolute paths), then exit')
    ap.add_argument('--quick', action='store_true', help="with --refresh: the notebooks' quick sizes (IN_TEST=1), as nbdev_test runs them")
    args = ap.parse_args(argv)
    if args.refresh: return refresh(args.refresh, args.quick)
    tables = check_results_tables(args.nbs) if args.check or args.tables else 0
    if args.tables: return tables
    from sage_nb.devtools.docs import CHROMIUM_MISSING, build_offline_docs, check_site, find_chromium, write_sidebar
    if args.sidebar:
        print(f'written: {write_sidebar(args.nbs)}'); return 0
    if args.check and find_chromium() is None:          # before the build, which takes minutes
        print(CHROMIUM_MISSING, file=sys.stderr); return 2 + tables
    t0 = time.time()
    index = build_offline_docs(args.nbs, args.dest, execute=args.execute, force=args.force, only=args.only)
    print(f'site written: {index} ({time.time() - t0:.0f} s)')
    if not args.check: return 0
    t0 = time.time()
    report, problems = check_site(index.parent, args.nbs)
    for page, r in report.items():
        print(f"{page:24s} images {r['n']}, links {r.get('links', 0)}, raw math {len(r.get('raw_math', []))}, "
              f"stderr/error blocks {len(r.get('stderr', []))}, headings {len(r.get('headings', []))}")
    for page, found in problems.items():
        shown = found[:12] + ([f'... and {len(found) - 12} more'] if len(found) > 12 else [])
        print(f'PROBLEM {page} ({len(found)}): ' + '; '.join(shown))
    kinds = Counter(re.sub(r'\d+', 'N', p.split(':')[0]) for found in problems.values() for p in found)
    if problems or tables:
        print(f'{len(problems)} page(s) with problems ({time.time() - t0:.0f} s): '
              + ', '.join(f'{n} x {k}' for k, n in kinds.most_common()))
        return 1
    print(f"all {len(report)} pages pass ({time.time() - t0:.0f} s): {sum(r['n'] for r in report.values())} images, "
          f"{sum(r.get('links', 0) for r in report.values())} links followed, no raw maths or tables, no absolute paths, "
          "no error or stderr blocks, every API entry present, README tables well formed, results tables current")
    return 0


if __name__ == '__main__':
    sys.exit(main())
