#!/usr/bin/env python3
"""One shop's figures for tests/load/five-years.sh (docs/PERFORMANCE.md "Five years of data").

    five_years_measure.py BASE PID BIN DATA_DIR WORK CODES > figures.json

BASE is the running shop's address, PID its process, BIN the kiosk binary, DATA_DIR its data
folder, WORK a scratch folder, CODES the comma-separated products to buy (plenty of stock).
Signs in as owner5y and bigbuyer/shopper1…7 (the generator's accounts), then measures the
staff pages (p99 over RUNS sequential requests on one kept-alive connection), the year's
orders CSV (streamed: the server's extra RSS while it runs), order placement from 8 shoppers,
kiosk check, kiosk backup while shoppers browse (and their p99 during it), kiosk restore into
a scratch folder, and RSS after the load. Prints one JSON object.
"""

import datetime
import http.client
import json
import os
import subprocess
import sys
import threading
import time
import urllib.parse

BASE, PID, BIN, DATA, WORK, CODES = sys.argv[1:7]
CODES = CODES.split(",")
RUNS = int(os.environ.get("RUNS", "100"))
ORDER_SECONDS = int(os.environ.get("ORDER_SECONDS", "15"))
PASSWORD = "teak-sofa-42-five-years"
HOST = urllib.parse.urlparse(BASE).netloc


def rss_mb():
    with open(f"/proc/{PID}/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return 0.0


class Client:
    def __init__(self, token=None):
        self.conn = http.client.HTTPConnection(HOST, timeout=120)
        self.token = token

    def call(self, method, path, body=None):
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        data = None if body is None else json.dumps(body)
        for attempt in range(2):
            try:
                self.conn.request(method, path, data, headers)
                r = self.conn.getresponse()
                raw = r.read()
                return r.status, raw
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection(HOST, timeout=120)
        return 0, b""

    def json(self, method, path, body=None):
        status, raw = self.call(method, path, body)
        try:
            return status, json.loads(raw or b"{}")
        except ValueError:
            return status, {}


def p(samples, q):
    samples = sorted(samples)
    return samples[min(len(samples) - 1, int(len(samples) * q))] if samples else None


def timed(client, path, runs=RUNS):
    times, statuses = [], set()
    for _ in range(runs):
        t = time.perf_counter()
        status, _ = client.call("GET", path)
        times.append((time.perf_counter() - t) * 1000)
        statuses.add(status)
    return {"p50": round(p(times, 0.5), 1), "p99": round(p(times, 0.99), 1), "statuses": sorted(statuses)}


def login(username):
    status, body = Client().json("POST", "/api/auth/login", {"username": username, "password": PASSWORD})
    if status != 200:
        raise SystemExit(f"sign-in as {username} failed: {status} {body}")
    return body["token"]


figures = {}
owner = Client(login("owner5y"))
today = datetime.date.today()
year_ago = today - datetime.timedelta(days=365)
old_from, old_to = today - datetime.timedelta(days=400), today - datetime.timedelta(days=370)
_, me = Client(login("bigbuyer")).json("GET", "/api/auth/user")
big_id = (me.get("data") or {}).get("id")
pages = {
    "dashboard": "/api/admin/dashboard",
    "desk first page": "/api/admin/orders",
    "desk status=delivered": "/api/admin/orders?status=delivered",
    "desk a month a year ago": f"/api/admin/orders?from={old_from}&to={old_to}",
    "desk phone search": "/api/admin/orders?q=0812",
    "desk name search": "/api/admin/orders?q=somchai",
    "customer search": "/api/admin/customers?q=somchai",
    "customer detail (bigbuyer)": f"/api/admin/customers/{big_id}",
    "sales report, a year": f"/api/admin/reports/sales?from={year_ago}&to={today}",
    "activity newest": "/api/admin/activity",
    "activity day a year ago": f"/api/admin/activity?day={year_ago}",
    "activity text search": "/api/admin/activity?q=K000123",
}
for name, path in pages.items():
    figures[name] = timed(owner, path)
    print(f"  {name}: {figures[name]}", file=sys.stderr)

# The year's orders as CSV: time, size and the server's extra RSS while it streams.
peak, stop = [rss_mb()], threading.Event()
base_rss = peak[0]


def sample():
    while not stop.is_set():
        peak.append(rss_mb())
        time.sleep(0.02)


sampler = threading.Thread(target=sample)
sampler.start()
t = time.perf_counter()
status, raw = owner.call("GET", f"/api/admin/orders.csv?from={year_ago}&to={today}")
stop.set()
sampler.join()
figures["export a year"] = {
    "status": status,
    "seconds": round(time.perf_counter() - t, 2),
    "mb": round(len(raw) / 1e6, 1),
    "rows": raw.count(b"\n") - 1,
    "extra_rss_mb": round(max(peak) - base_rss, 1),
}
del raw
print(f"  export: {figures['export a year']}", file=sys.stderr)


# Order placement: 8 signed-in shoppers, each adding a product and placing, for ORDER_SECONDS.
def shopper(username, n, out):
    c = Client(login(username))
    _, me = c.json("GET", "/api/auth/user")
    uid = me["data"]["id"]
    address = {"name": "Somchai Jaidee", "phone": "0812345678", "line1": "99/9 Sukhumvit Road",
               "district": "Khlong Toei", "province": "bangkok", "postcode": "10110"}
    end, k = time.time() + ORDER_SECONDS, 0
    while time.time() < end:
        k += 1
        c.call("POST", "/api/app/cart/add", {"id": uid, "code": CODES[(n + k) % len(CODES)], "qty": 1})
        t = time.perf_counter()
        status, _ = c.call("POST", "/api/app/order/place", {"id": uid, "address": address, "payment": "promptpay",
                                                          "idempotencyKey": f"fy-{username}-{k}-{time.time()}"})
        out.append((status, (time.perf_counter() - t) * 1000))


results = []
threads = [threading.Thread(target=shopper, args=(u, i, results))
           for i, u in enumerate(["bigbuyer"] + [f"shopper{i}" for i in range(1, 8)])]
for th in threads:
    th.start()
for th in threads:
    th.join()
placed = [ms for status, ms in results if status == 201]
figures["orders"] = {
    "per_second": round(len(placed) / ORDER_SECONDS, 1),
    "p99": round(p(placed, 0.99) or 0, 1),
    "refused": len(results) - len(placed),
    "refusals": sorted({status for status, _ in results if status != 201}),
}
print(f"  orders: {figures['orders']}", file=sys.stderr)


def run(*args):
    t = time.perf_counter()
    done = subprocess.run([BIN, *args], capture_output=True, text=True)
    return round(time.perf_counter() - t, 2), done


seconds, done = run("check", "--data-dir", DATA)
figures["kiosk check"] = {"seconds": seconds, "ok": done.returncode == 0}

# Shoppers' p99 on product answers, normally and while `kiosk backup` runs.
browse = Client()


def browse_p99(until):
    times = []
    k = 0
    while not until():
        k += 1
        t = time.perf_counter()
        browse.call("GET", f"/api/app/search/code?keyword={CODES[k % len(CODES)]}")
        times.append((time.perf_counter() - t) * 1000)
    return round(p(times, 0.99) or 0, 1)


deadline = time.time() + 5
figures["shopper p99 normal"] = browse_p99(lambda: time.time() > deadline)
backup_file = os.path.join(WORK, "backup.tar")
box = {}


def backup():
    box["seconds"], box["done"] = run("backup", backup_file, "--data-dir", DATA)


b = threading.Thread(target=backup)
b.start()
figures["shopper p99 during backup"] = browse_p99(lambda: not b.is_alive())
b.join()
figures["kiosk backup"] = {"seconds": box["seconds"], "ok": box["done"].returncode == 0,
                           "mb": round(os.path.getsize(backup_file) / 1e6, 1) if os.path.exists(backup_file) else 0}
seconds, done = run("restore", backup_file, "--data-dir", os.path.join(WORK, "restored"))
figures["kiosk restore"] = {"seconds": seconds, "ok": done.returncode == 0}
for leftover in [backup_file]:
    if os.path.exists(leftover):
        os.remove(leftover)
subprocess.run(["rm", "-rf", os.path.join(WORK, "restored")])
figures["rss after load"] = round(rss_mb(), 1)
print(json.dumps(figures))
