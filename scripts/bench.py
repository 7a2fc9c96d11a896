#!/usr/bin/env python3
"""FinMind's benchmark against its own targets and against fava and hledger-web.

Run through scripts/bench (which builds first). Loopback only; every server it starts
is stopped on exit; every load step is bounded in count and time.
"""
import http.client, json, os, re, shutil, signal, statistics, subprocess, sys, tempfile, time, urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEERS = os.path.join(os.path.dirname(ROOT), "shared", "bench-peers")
BIN = os.path.join(ROOT, ".build", "release")
REQS = int(os.environ.get("REQS", "200"))
WRK_DUR = os.environ.get("WRK_DUR", "10s")
SIZES = [int(a) for a in sys.argv[1:]] or [2000, 20000, 200000]
PEER_SIZES = [int(a) for a in os.environ.get("PEER_SIZES", "20000").split()]
TODAY = "2026-11-21"
PAGES = [("/data", "Budget"), ("/calendar/2026-11", "Calendar month"), ("/calendar/2026-11-14", "Calendar day"),
         ("/plan", "Plan with charts"), ("/advisor", "Advisor"), ("/settings", "Settings"), ("/api/v1/plan", "Plan API")]
STATIC = "/static/app.css"
children = []


def stop_all(*_):
    for p in children:
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
    if _:
        sys.exit(1)


signal.signal(signal.SIGTERM, stop_all)


def dataset(n):
    out = os.path.join(PEERS, "data", str(n))
    csv = os.path.join(out, "entries.csv")
    if not os.path.exists(csv):
        os.makedirs(out, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(PEERS, "gen_dataset.py"), "--entries", str(n), "--seed", "42",
                        "--out", out], check=True, stdout=subprocess.DEVNULL)
    return csv


def request(port, method, path, body=None, headers=None, conn=None):
    c = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    h = {"Host": f"127.0.0.1:{port}", "Accept-Language": "en"}
    h.update(headers or {})
    c.request(method, path, body=body, headers=h)
    r = c.getresponse()
    data = r.read()
    return r, data, c


def timed(port, path, n):
    """One cold fetch, then n sequential fetches on a new connection each (as the peers' timer)."""
    t = time.perf_counter(); request(port, "GET", path); first = (time.perf_counter() - t) * 1000
    times, size = [], 0
    for _ in range(n):
        t = time.perf_counter()
        r, data, c = request(port, "GET", path)
        c.close()
        times.append((time.perf_counter() - t) * 1000)
        if r.status != 200:
            raise SystemExit(f"{path}: HTTP {r.status}")
        size = len(data)
    times.sort()
    return {"first": first, "p50": statistics.median(times), "p99": times[min(len(times) - 1, int(len(times) * 0.99))],
            "bytes": size}


def wrk(port, path, duration=WRK_DUR, connections=32):
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{duration}", "--latency", f"http://127.0.0.1:{port}{path}"],
                         capture_output=True, text=True, timeout=120).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rps, int(errors.group(1)) if errors else 0


def round_trip(port, n=100):
    """GET the day page, POST a new entry with its tokens, follow the 303 with a GET: n times."""
    r, page, c = request(port, "GET", "/calendar/2026-11-21")
    cookie = r.getheader("Set-Cookie").split(";")[0]
    times = []
    for i in range(n):
        html = page.decode()
        fields = {"_csrf": re.search(r'name="_csrf" value="([^"]+)"', html)[1],
                  "_form": re.search(r'action="/calendar/2026-11-21" class="form"[\s\S]*?name="_form" value="([^"]+)"', html)[1],
                  "kind": "expense", "name": f"Coffee {i}", "amount": "3.50", "category": "food", "status": "actual", "note": ""}
        t = time.perf_counter()
        r, _, c = request(port, "POST", "/calendar/2026-11-21", urllib.parse.urlencode(fields),
                          {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}, c)
        assert r.status == 303, r.status
        r, page, c = request(port, "GET", r.getheader("Location"), headers={"Cookie": cookie}, conn=c)
        assert r.status == 200
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) / 1024


def finmind(n, work):
    csv = dataset(n)
    db = os.path.join(work, f"finmind-{n}.sqlite")
    t = time.perf_counter()
    subprocess.run([os.path.join(BIN, "WebBenchmark"), "load-csv", csv, db], check=True, stdout=subprocess.DEVNULL)
    load_s = time.perf_counter() - t
    size_mb = sum(os.path.getsize(p) for p in [db, db + "-wal"] if os.path.exists(p)) / 1e6
    t0 = time.perf_counter()
    env = dict(os.environ, XDG_DATA_HOME=work)
    p = subprocess.Popen([os.path.join(BIN, "finmind"), "--port", "0", "--db", db, "--today", TODAY, "--tz", "UTC"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    children.append(p)
    port = int(re.search(r":(\d+)/", p.stdout.readline()).group(1))
    while True:
        try:
            if request(port, "GET", "/data")[0].status == 200:
                break
        except OSError:
            time.sleep(0.005)
    cold_ms = (time.perf_counter() - t0) * 1000
    result = {"n": n, "load_s": load_s, "db_mb": size_mb, "cold_ms": cold_ms, "pages": {}}
    for path, _ in PAGES:
        result["pages"][path] = timed(port, path, REQS)
    result["static"] = timed(port, STATIC, REQS)
    static_rps, _ = wrk(port, STATIC)
    result["static_rps"] = static_rps
    for path, _ in PAGES:
        rps, errors = wrk(port, path, "3s")
        result["pages"][path]["rps"] = rps
        result["pages"][path]["ratio"] = rps / static_rps
        result["pages"][path]["errors"] = errors
    result["plan_rps"], _ = wrk(port, "/plan")
    result["round_trip"] = round_trip(port)
    result["rss_mb"] = rss_mb(p.pid)
    p.send_signal(signal.SIGTERM); p.wait(15)
    return result


def peers(n):
    env = dict(os.environ, REQS="30", BUDGET="60")
    subprocess.run(["bash", os.path.join(PEERS, "run_peers.sh"), str(n)], check=True, env=env, stderr=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL)
    rows = {}
    for peer in ["fava", "hledger-web"]:
        path = os.path.join(PEERS, "results", f"{n}-{peer}.tsv")
        if not os.path.exists(path):
            continue
        with open(path) as f:
            header = f.readline().rstrip("\n").split("\t")
            for line in f:
                row = dict(zip(header, line.rstrip("\n").split("\t")))
                rows[(peer, row["page"])] = row
    return rows


def main():
    work = tempfile.mkdtemp(prefix="finmind-bench-")
    try:
        results = [finmind(n, work) for n in SIZES]
        peer_rows = {n: peers(n) for n in PEER_SIZES if n in SIZES}
    finally:
        stop_all()
        shutil.rmtree(work, ignore_errors=True)
    report(results, peer_rows)


def report(results, peer_rows):
    lines = [f"# Benchmark run of {time.strftime('%Y-%m-%d', time.gmtime())}", "",
             f"Machine: {os.cpu_count()} cores; command: `scripts/bench {' '.join(map(str, SIZES))}` "
             f"(REQS={REQS}, WRK_DUR={WRK_DUR}, PEER_SIZES={' '.join(map(str, PEER_SIZES))}). "
             "Sequential fetches use a new connection each, like the peers' timer; wrk -t2 -c32.", ""]
    for r in results:
        lines += [f"## FinMind, {r['n']:,} entries", "",
                  f"Loaded through the storage layer in {r['load_s']:.1f} s; database {r['db_mb']:.1f} MB; "
                  f"cold start to the first 200 of /data {r['cold_ms']:.0f} ms; RSS after the load {r['rss_mb']:.1f} MB; "
                  f"POST → 303 → GET round trip median {r['round_trip'][0]:.2f} ms, p99 {r['round_trip'][1]:.2f} ms; "
                  f"/plan under wrk {r['plan_rps']:,.0f} req/s; static file {r['static_rps']:,.0f} req/s.", "",
                  "| page | first ms | median ms | p99 ms | req/s (wrk 3 s) | ÷ static | KB |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for path, name in PAGES:
            p = r["pages"][path]
            lines.append(f"| {name} `{path}` | {p['first']:.1f} | {p['p50']:.2f} | {p['p99']:.2f} | {p['rps']:,.0f}"
                         f"{' (' + str(p['errors']) + ' non-2xx)' if p['errors'] else ''} | {p['ratio']:.2f} | {p['bytes'] / 1024:.0f} |")
        s = r["static"]
        lines += [f"| static `{STATIC}` | {s['first']:.1f} | {s['p50']:.2f} | {s['p99']:.2f} | {r['static_rps']:,.0f} | 1.00 | {s['bytes'] / 1024:.0f} |", ""]
    pairs = [("/data", "fava", "balance_sheet", ""), ("/data", "hledger-web", "add_form", ""),
             ("/plan", "fava", "income_statement", ""),
             ("/calendar/2026-11", "fava", "journal", "theirs: the whole ledger; ours: one month"),
             ("/calendar/2026-11", "hledger-web", "register_bank", "theirs: the whole ledger; ours: one month")]
    for n, rows in peer_rows.items():
        ours = next(r for r in results if r["n"] == n)
        lines += [f"## Against the peers at {n:,} entries", "",
                  "| our page | median ms | peer page | their median ms | ours ÷ theirs | note |", "| --- | ---: | --- | ---: | ---: | --- |"]
        for path, peer, page, note in pairs:
            row = rows.get((peer, page))
            if not row:
                lines.append(f"| `{path}` | | {peer} {page} | not measured | | |")
                continue
            theirs = float(row["p50_ms"]) if row["p50_ms"] not in ("ERR", "") else float("nan")
            mine = ours["pages"][path]["p50"]
            lines.append(f"| `{path}` | {mine:.2f} | {peer} {page} | {theirs:.1f} | {mine / theirs:.4f} (×{theirs / mine:.0f} faster) | {note} |")
        lines.append("")
    text = "\n".join(lines) + "\n"
    # docs/PERFORMANCE.md keeps the latest run between these markers.
    path = os.path.join(ROOT, "docs", "PERFORMANCE.md")
    start, end = "<!-- bench:start -->", "<!-- bench:end -->"
    doc = open(path).read() if os.path.exists(path) else f"# Performance\n\n{start}\n{end}\n"
    if start not in doc:
        doc += f"\n{start}\n{end}\n"
    before, rest = doc.split(start, 1)
    after = rest.split(end, 1)[1]
    with open(path, "w") as f:
        f.write(before + start + "\n" + text.replace("# Benchmark run", "## Full benchmark (scripts/bench), run") + end + after)
    print(text)


if __name__ == "__main__":
    main()
