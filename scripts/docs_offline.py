#!/usr/bin/env python
"""Build the documentation as plain HTML without Quarto: `_site_offline/index.html` and one page per notebook.

    python scripts/docs_offline.py                 # build (executing notebooks saved without outputs)
    python scripts/docs_offline.py --check         # ... then open every page in headless Chromium
    python scripts/docs_offline.py --force --execute never
    python scripts/docs_offline.py --sidebar       # only rewrite nbs/sidebar.yml from the notebooks present

The work is done by `sage_nb.docs` (nbs/61_docs.ipynb); this script only parses arguments.
"""
import argparse, sys
from pathlib import Path


def main(argv=None):
    root = Path(__file__).resolve().parents[1]
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--nbs', default=str(root / 'nbs'), help='notebook folder (default: nbs/)')
    ap.add_argument('--dest', default=str(root / '_site_offline'), help='output folder (default: _site_offline/)')
    ap.add_argument('--execute', default='missing', choices=['never', 'missing', 'always'],
                    help="run notebooks before rendering: 'missing' = only those saved without outputs")
    ap.add_argument('--force', action='store_true', help='rebuild pages even if their notebook is unchanged')
    ap.add_argument('--only', nargs='*', help='only these notebooks (file names or names without number prefix)')
    ap.add_argument('--sidebar', action='store_true', help='rewrite nbs/sidebar.yml from the notebooks present and exit')
    ap.add_argument('--check', action='store_true', help='open the pages in headless Chromium and check the images')
    args = ap.parse_args(argv)
    from sage_nb.docs import build_offline_docs, check_pages_in_chromium, write_sidebar
    if args.sidebar:
        print(f'written: {write_sidebar(args.nbs)}'); return 0
    index = build_offline_docs(args.nbs, args.dest, execute=args.execute, force=args.force, only=args.only)
    print(f'site written: {index}')
    if not args.check: return 0
    report = check_pages_in_chromium(index.parent)
    bad = {p: r for p, r in report.items() if r['n'] is None or r['broken']}
    for page, r in report.items():
        print(f"{page:28s} images: {r['n']}, broken: {len(r['broken']) if r['n'] is not None else 'page did not load'}")
    if bad: print(f'{len(bad)} page(s) with problems: {sorted(bad)}'); return 1
    print(f"all {len(report)} pages loaded; {sum(r['n'] for r in report.values())} images rendered")
    return 0


if __name__ == '__main__':
    sys.exit(main())
