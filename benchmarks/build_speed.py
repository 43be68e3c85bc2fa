"""Build speed: synthetic questions (20 variants each) with `bank build`, side by side with the same
questions as plain Markdown pages built by mkdocs and by Hugo. Also peak memory, and the curve.

Usage:  python benchmarks/build_speed.py [--questions 100,1000,10000] [--variants 20] [--runs 1]
                                        [--against mkdocs,hugo]

Every build runs as a fresh process (`bank build`, `mkdocs build`, `hugo`), so each pays its
start-up. Times, and each process's own peak memory (the kernel's high-water mark, VmHWM), come from
runs with nothing else running; the peak with children (the Pagefind binary that builds our search
index) is sampled from /proc in one more run, since sampling takes CPU the timed runs should have.
`bank build` is timed cold (an empty loader cache, `$BANK_CACHE`, for every run: every YAML file is
read, as mkdocs and Hugo read theirs; the ratios use this) and warm (the loader's cache filled by an
earlier build of the same files, as in a rebuild), and once more cold without the search index, which
shows Pagefind's share. Hugo comes from Debian (`apt-get install hugo`);
without it the Hugo column is skipped. Targets (issue 14), at 1,000 questions: bank <= 0.2x mkdocs
and <= 4x Hugo; peak memory <= 150 MB at 1,000 and <= 300 MB at 10,000 questions.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "questions" / "glossary"
PER_BANK = 100
TARGET_MB = {1000: 150, 10000: 300}

KINDS = ["time", "money", "share", "count", "prose"]


def question_yaml(n: int) -> str:
    """One synthetic question; kinds cycle so the set mixes units, formats and prose-only questions."""
    kind = KINDS[n % len(KINDS)]
    head = f"id: q{n:04d}\nlevel: {('warm-up', 'core', 'hard')[n % 3]}\ntags: [synthetic, {kind}]\n"
    body = {
        "time": """\
            title: How long until replica {n} serves its first token?
            answer: |
              A new replica reads its weights and fills its KV cache before it serves; here that
              takes {{{{ boot }}}} s, so **queue depth** grows meanwhile. See [[warm-pool]].
            key_points:
              - Reading the weights dominates.
              - The running replicas absorb the burst.
            problem: |
              A replica loads {{{{ weights }}}} GB at {{{{ rate }}}} GB/s, then initialises for
              {{{{ init }}}} s. How long until its first token?
            params:
              weights: {{default: 70, min: 20, max: 140, step: 10, unit: GB}}
              rate: {{default: 6, choices: [2, 3, 4, 6, 8, 12], unit: GB/s}}
              init: {{default: 20, min: 10, max: 60, step: 5, unit: s}}
            steps:
              - name: read
                expr: weights / rate
                unit: s
                format: fixed(1)
                text: "Read: {{{{ weights }}}} GB ÷ {{{{ rate }}}} GB/s = {{{{ read }}}} s."
              - name: boot
                expr: read + init
                unit: s
                format: sig(2)
                text: "Boot: {{{{ read }}}} s + {{{{ init }}}} s ≈ {{{{ boot }}}} s."
            result: boot
            takeaway: About {{{{ boot }}}} s passes before relief arrives.""",
        "money": """\
            title: What does a year of rent cost for card {n}?
            answer: |
              Rent runs every hour of the year: {{{{ rent }}}} per card, which is why
              spot capacity and autoscaling matter for the throughput you pay for.
            problem: |
              A card rents for {{{{ price | money(2) }}}} an hour. What does a year cost?
            params:
              price: {{default: 2.5, choices: [1.5, 2, 2.5, 3, 3.5, 4], unit: USD/hour/card}}
            steps:
              - name: rent
                expr: price * 1 card * 1 year
                unit: USD
                format: money
                text: "A year of rent: {{{{ price | money(2) }}}} an hour for a year = {{{{ rent }}}}."
            result: rent
            takeaway: One card costs {{{{ rent }}}} a year.""",
        "share": """\
            title: What share of prefill does prefix cache {n} save?
            answer: |
              A prefix cache hit skips prefill for the shared prompt: {{{{ share }}}} of the work,
              as long as cache affinity keeps requests on the same replica.
            problem: |
              Prompts are {{{{ prompt }}}} tokens and {{{{ shared }}}} of them are shared.
              What share of prefill does a hit save?
            params:
              prompt: {{default: 2000, min: 1000, max: 4000, step: 500, unit: token}}
              shared: {{default: 1500, min: 500, max: 1500, step: 100, unit: token}}
            constraints:
              - shared < prompt
            steps:
              - name: share
                expr: shared / prompt
                unit: percent
                format: percent
                text: "Share: {{{{ shared }}}} ÷ {{{{ prompt }}}} = {{{{ share }}}}."
            result: share
            takeaway: A hit saves {{{{ share }}}} of prefill.""",
        "count": """\
            title: How many tokens does fleet {n} serve in a day?
            answer: |
              Throughput times time: {{{{ daily | large }}}} tokens a day. Concurrency and
              batch size set the throughput of each replica.
            problem: |
              A fleet of {{{{ fleet }}}} replicas each serves {{{{ speed }}}} tokens per second.
              How many tokens a day?
            params:
              fleet: {{default: 10, min: 5, max: 40, step: 5, unit: replica}}
              speed: {{default: 500, min: 100, max: 1000, step: 100, unit: token/s/replica}}
            steps:
              - name: per_second
                expr: fleet * speed
                unit: token/s
                text: "Fleet: {{{{ fleet }}}} × {{{{ speed }}}} = {{{{ per_second }}}} tokens/s."
              - name: daily
                expr: per_second * 1 day
                unit: token
                format: large
                text: "A day: {{{{ daily }}}} tokens."
            result: daily
            takeaway: The fleet serves {{{{ daily }}}} tokens a day.""",
        "prose": """\
            title: Why drain replica {n} before removing it?
            answer: |
              Draining stops new traffic while in-flight requests finish, so a rollback or
              a scale-down never drops work. Health checks and load shedding protect the SLO.

              - Stop routing first.
              - Then wait for `in-flight` requests.
            takeaway: Drain first, then remove.""",
    }[kind]
    text = textwrap.dedent(body.format(n=n))
    # Every step has a learner-facing label, as the format requires.
    text = re.sub(r"^(\s*)- name: (\w+)$", lambda m: f"{m[0]}\n{m[1]}  label: {m[2].replace('_', ' ')}", text, flags=re.M)
    return head + text + "\n"


def markdown_page(view) -> str:
    """The same question as a plain Markdown page (default numbers), for mkdocs."""
    from bank.render import render_question

    r = render_question(view).plain({})
    lines = [f"# {r.title}", "", f"*{view.level}*", ""]
    if r.problem:
        lines += ["## Problem", "", r.problem, "", "## Worked answer", ""]
        lines += [f"{i}. {s.text}" for i, s in enumerate(r.steps, 1)] + ["", f"**Final answer:** {r.result_text}", ""]
    lines += ["## Answer", "", r.answer, ""] + [f"- {k}" for k in r.key_points] + ["", f"**Takeaway:** {r.takeaway}", ""]
    return "\n".join(lines)


def make_corpus(folder: Path, count: int) -> Path:
    questions = folder / "questions"
    for b in range((count + PER_BANK - 1) // PER_BANK):
        bank = questions / f"bank-{b:02d}"
        bank.mkdir(parents=True)
        ids = [n for n in range(b * PER_BANK, min(count, (b + 1) * PER_BANK))]
        (bank / "bank.yaml").write_text(f"title: Synthetic bank {b}\nintro: Synthetic questions for the benchmark.\n"
                                        f"questions: [{', '.join(f'q{n:04d}' for n in ids)}]\n", encoding="utf-8")
        for n in ids:
            (bank / f"q{n:04d}.yaml").write_text(question_yaml(n), encoding="utf-8")
    shutil.copytree(GLOSSARY, questions / "glossary")
    return questions


def make_mkdocs(folder: Path, questions: Path) -> Path:
    from bank.load import load

    project = folder / "mkdocs"
    docs = project / "docs"
    library = load(questions)
    for bank in library.banks:
        (docs / bank.slug).mkdir(parents=True)
        for q in bank.questions:
            (docs / bank.slug / f"{q.id}.md").write_text(markdown_page(q), encoding="utf-8")
    (docs / "index.md").write_text("# All question banks\n", encoding="utf-8")
    (project / "mkdocs.yml").write_text("site_name: Synthetic banks\nuse_directory_urls: false\n", encoding="utf-8")
    return project


HUGO_PAGE = "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n"
HUGO_LIST = ("<!doctype html><html><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1><ul>"
             "{{ range .Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n")


def make_hugo(folder: Path, mkdocs_project: Path) -> Path:
    """The same Markdown pages as a Hugo site with two minimal layouts (a page and a list)."""
    project = folder / "hugo"
    for source in (mkdocs_project / "docs").rglob("*.md"):
        rel = source.relative_to(mkdocs_project / "docs")
        text = source.read_text(encoding="utf-8")
        title = text.splitlines()[0].lstrip("# ").replace('"', "'")
        target = project / "content" / (rel.parent / "_index.md" if rel.name == "index.md" else rel)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f'---\ntitle: "{title}"\n---\n{text}', encoding="utf-8")
    (project / "layouts" / "_default").mkdir(parents=True)
    (project / "layouts" / "_default" / "single.html").write_text(HUGO_PAGE, encoding="utf-8")
    (project / "layouts" / "_default" / "list.html").write_text(HUGO_LIST, encoding="utf-8")
    (project / "hugo.toml").write_text('baseURL = "/"\ntitle = "Synthetic banks"\n'
                                       'disableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n', encoding="utf-8")
    return project


def tree_rss(pid: int) -> int:
    """RSS of pid and its descendants, in bytes, from /proc."""
    page = os.sysconf("SC_PAGE_SIZE")
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))

    def rss(p: int) -> int:
        try:
            return int(Path(f"/proc/{p}/statm").read_text().split()[1]) * page
        except (OSError, IndexError, ValueError):
            return 0

    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        total += rss(p)
        stack += children.get(p, [])
    return total


def timed(command: list[str], cwd: Path, cache: Path | None = None) -> tuple[float, int]:
    """(seconds, peak RSS of the process itself) of one run. The peak is the kernel's high-water mark
    (``VmHWM``), read every 10 ms: one small file, so the run keeps its CPU. (``wait4``'s peak would be
    the largest of the process and every child it waited for.) ``cache`` is the loader's cache
    folder (``$BANK_CACHE``) for bank."""
    env = _with_cache(cache)
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err, env=env)
        peak = 0
        while process.poll() is None:
            peak = max(peak, high_water(process.pid))
            time.sleep(0.01)
        seconds = time.perf_counter() - started
        if process.returncode:
            err.seek(0)
            sys.exit(f"{' '.join(command)} failed:\n{err.read().decode(errors='replace')}")
    return seconds, peak


def _with_cache(cache: Path | None) -> dict[str, str]:
    """The environment for a run whose loader cache is ``cache`` (None: this process's own). Python may
    write bytecode, as it does by default: mkdocs runs from the .pyc files pip wrote, and bank should
    not compile its modules on every run because this machine sets PYTHONDONTWRITEBYTECODE."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return dict(env, BANK_CACHE=str(cache)) if cache is not None else env


def high_water(pid: int) -> int:
    """A process's peak RSS so far, in bytes (0 once it has gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
    return int(found.group(1)) * 1024 if found else 0


def tree_peak(command: list[str], cwd: Path, cache: Path | None = None) -> int:
    """Peak RSS of a run with its children (Pagefind), sampled from /proc every 20 ms: a run of its own,
    because sampling takes a share of the CPU the timed runs should have."""
    env = _with_cache(cache)
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    peak = 0
    while process.poll() is None:
        peak = max(peak, tree_rss(process.pid))
        time.sleep(0.02)
    return peak


def best(command: Callable[[Path], list[str]], cwd: Path, runs: int,
         cache: Callable[[], Path | None] = lambda: None) -> tuple[float, int, int]:
    """(best seconds, highest own peak, peak with children) over ``runs`` timed runs and one sampled run.
    ``command(out)`` builds into ``out``, a fresh folder for every run (see ``fresh``)."""
    found = [timed(command(fresh(cwd)), cwd, cache()) for _ in range(runs)]
    return min(t for t, _ in found), max(m for _, m in found), tree_peak(command(fresh(cwd)), cwd, cache())


def fresh(folder: Path) -> Path:
    """A new, not yet existing output folder under ``folder``. Every run builds into its own and nothing is
    deleted until the benchmark ends: on ext4 without a journal (this machine's disk) an inode freed in the
    last five minutes is skipped, slowly, when a new file is made, so a run after a deletion pays for it
    (a build that replaced its previous site here took 2.2 s on the first run and 3.3 s on later ones)."""
    return Path(tempfile.mkdtemp(dir=folder, prefix="out-")) / "site"


_UNINDEXED = "import sys; from bank.site import build; build(sys.argv[1], sys.argv[2], variants=int(sys.argv[3]), " \
             "search=False)"


def run_size(count: int, variants: int, runs: int, tools: set[str], folder: Path) -> dict:
    """Build ``count`` questions, made in ``folder``, with bank and ``tools`` (mkdocs, Hugo): (best seconds,
    own peak RSS, peak RSS with children) of each."""
    from bank._cache import RACY_SECONDS

    bin_dir = Path(sys.executable).parent
    hugo = shutil.which("hugo")
    questions = make_corpus(folder, count)
    made = time.time()
    project = make_mkdocs(folder, questions)
    out: dict = {}
    sites: list[Path] = []

    def build(site: Path) -> list[str]:
        sites.append(site)
        return [str(bin_dir / "bank"), "build", "--questions", str(questions), "--out", str(site),
                "--variants", str(variants), "--no-progress"]

    timed(build(fresh(folder)), folder, Path(tempfile.mkdtemp(dir=folder)))  # untimed: bytecode, disk caches
    # Cold: an empty loader cache for every run, so every YAML file is read, as mkdocs and Hugo read theirs.
    out["bank"] = best(build, folder, runs, lambda: Path(tempfile.mkdtemp(dir=folder)))
    # Warm: the loader's cache filled by an earlier build of unchanged files (a rebuild, `bank serve`).
    warm = folder / "cache-warm"
    time.sleep(max(0.0, RACY_SECONDS + 0.1 - (time.time() - made)))  # older than the cache's racy window
    timed(build(fresh(folder)), folder, warm)
    out["bank warm"] = best(build, folder, runs, lambda: warm)
    # The same cold build without Pagefind's index (the library's ``search=False``): the search's share.
    out["bank unindexed"] = best(lambda site: [sys.executable, "-c", _UNINDEXED, str(questions), str(site),
                                               str(variants)], folder, runs,
                                 lambda: Path(tempfile.mkdtemp(dir=folder)))
    if "mkdocs" in tools and (bin_dir / "mkdocs").exists():
        out["mkdocs"] = best(lambda site: [str(bin_dir / "mkdocs"), "build", "-q", "-d", str(site)], project, runs)
    if hugo and "hugo" in tools:
        hugo_project = make_hugo(folder, project)
        out["hugo"] = best(lambda site: [hugo, "--quiet", "-d", str(site)], hugo_project, runs)
    out["pages"] = sum(1 for p in sites[0].rglob("*.html") if "pagefind" not in p.parts)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", default="1000", help="sizes, comma-separated (e.g. 100,1000,10000)")
    parser.add_argument("--variants", type=int, default=20)
    parser.add_argument("--runs", type=int, default=1, help="runs of each build; the best time is quoted")
    parser.add_argument("--against", default="mkdocs,hugo",
                        help="tools to compare with (mkdocs takes about 20 minutes at 10,000 questions)")
    args = parser.parse_args()
    tools = set(args.against.split(",")) - {""}
    missing = {"mkdocs": "pip install -e '.[bench]'", "hugo": "apt-get install hugo"}
    for tool in sorted(tools & set(missing)):
        if not (shutil.which(tool) or (Path(sys.executable).parent / tool).exists()):
            print(f"{tool} is not installed ({missing[tool]}): its column is skipped")
    print(f"{args.variants} variants per worked question; best of {args.runs}; fresh processes, start-up included")
    print(f"{'questions':>9} {'tool':<24}{'time':>9}{'peak RSS':>11}{'+children':>11}")
    # One folder for every size, removed at the end: no run follows a deletion (see ``fresh``).
    with tempfile.TemporaryDirectory(prefix="bank-bench-") as tmp:
        for count in (int(x) for x in args.questions.split(",")):
            report(count, run_size(count, args.variants, args.runs, tools, Path(tmp) / str(count)))


def report(count: int, found: dict) -> None:
    """Print one size's rows and ratios."""
    mb = 1024 * 1024
    labels = {"bank": "bank build (+Pagefind)", "bank warm": "  loader cache warm",
              "bank unindexed": "  no search index", "mkdocs": "mkdocs build", "hugo": "hugo"}
    for tool in ("bank", "bank warm", "bank unindexed", "mkdocs", "hugo"):
        if tool in found:
            seconds, own, tree = found[tool]
            print(f"{count:>9} {labels[tool]:<24}{seconds:8.2f}s{own / mb:8.0f} MB{tree / mb:8.0f} MB")
    bank = found["bank"][0]
    ratios = []
    if "mkdocs" in found:
        ratios.append(f"bank/mkdocs {bank / found['mkdocs'][0]:.2f} (target <= 0.20)")
    if "hugo" in found:
        ratios.append(f"bank/hugo {bank / found['hugo'][0]:.1f} (target <= 4)")
    target = TARGET_MB.get(count)
    ratios.append(f"bank peak {found['bank'][1] / mb:.0f} MB" + (f" (target <= {target} MB)" if target else ""))
    print(f"{'':>9} {';  '.join(ratios)};  {found['pages']} pages")


if __name__ == "__main__":
    main()
