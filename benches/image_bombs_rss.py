#!/usr/bin/env python3
"""Peak memory of a running shop under image bombs (issue 29, break 4).

Starts the given kiosk binary on a fresh data folder once per scenario and reports the
process's resident memory before (VmRSS after warm-up) and its peak (VmHWM) after:

  one      one 7000 x 7000 16-bit RGBA PNG (~380 KB) uploaded as a product image
  slips    four guests uploading that PNG as payment slips at once
  resize   ?w= copies (all six widths, WebP and legacy, at once) of that PNG stored as an
           original (as an upload accepted before the fix would be)
  resize8  the same for a 7000 x 7000 8-bit RGB original (147 MB decoded: within the budget)
  iccp     a PNG whose iCCP profile inflates to 256 MB, as a guest slip and a product image

    python3 benches/image_bombs_rss.py target/debug/kiosk [scenario…]
"""
import json, os, shutil, socket, struct, subprocess, sys, tempfile, threading, time, urllib.request, uuid, zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def zeros_stream(total, piece=1 << 20):
    z = zlib.compressobj(9)
    out, left, block = [], total, bytes(piece)
    while left:
        n = min(piece, left)
        out.append(z.compress(block[:n]))
        left -= n
    out.append(z.flush())
    return b"".join(out)


def zero_png(width, height, depth, color, row_bytes):
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, 0)
    idat = zeros_stream((row_bytes + 1) * height)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def iccp_bomb():
    small = zero_png(64, 48, 8, 2, 64 * 3)
    iccp = chunk(b"iCCP", b"bomb\0\0" + zeros_stream(256 * 1024 * 1024))
    return small[:33] + iccp + small[33:]


def form(name, data):
    boundary = "kiosk-rss-" + uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return f"multipart/form-data; boundary={boundary}", body


class Shop:
    def __init__(self, binary):
        self.dir = tempfile.mkdtemp(prefix="kiosk-rss-")
        s = socket.socket(); s.bind(("127.0.0.1", 0)); self.port = s.getsockname()[1]; s.close()
        self.proc = subprocess.Popen([binary, "serve", "--data-dir", self.dir, "--listen",
                                      f"127.0.0.1:{self.port}"], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        for _ in range(300):
            try:
                self.call("GET", "/api/health"); break
            except Exception:
                time.sleep(0.1)
        env = dict(os.environ, KIOSK_USER_PASSWORD="a sofa for every room")
        subprocess.run([binary, "user", "add", "boss", "--data-dir", self.dir], env=env,
                       check=True, capture_output=True)
        self.token = self.call("POST", "/api/auth/login",
                               {"username": "boss", "password": "a sofa for every room"})[1]["token"]

    def call(self, method, path, body=None, token=None, content_type=None, raw=None, headers=None):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method)
        req.add_header("content-type", content_type or "application/json")
        for k, v in (headers or {}).items():
            req.add_header(k, v)
        if token:
            req.add_header("authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=600) as r:
                payload = r.read()
                status = r.status
        except urllib.error.HTTPError as e:
            payload, status = e.read(), e.code
        try:
            return status, json.loads(payload)
        except Exception:
            return status, payload

    def memory(self, field):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith(field):
                    return int(line.split()[1]) // 1024

    def cpu(self):
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])

    def settle(self, limit=900):
        """Waits until the server has used no CPU for two seconds: work that outlived its
        request (a timed-out answer leaves the decode running) counts in the peak."""
        last, quiet, started = self.cpu(), 0, time.time()
        while quiet < 4 and time.time() - started < limit:
            time.sleep(0.5)
            now = self.cpu()
            quiet = quiet + 1 if now == last else 0
            last = now

    def guest_order(self):
        visitor = str(uuid.uuid4())
        status, body = self.call("POST", "/api/app/cart/add", {"id": visitor, "code": "SF-1001", "qty": 1})
        assert status == 200, body
        status, body = self.call("POST", "/api/app/order/place", {
            "id": visitor, "payment": "promptpay", "lang": "th",
            "idempotencyKey": str(uuid.uuid4()),
            "contact": {"name": "Nok Sriwan", "phone": "089-123-4567", "email": "nok@example.com"},
            "address": {"name": "Somchai Jaidee", "phone": "081-234-5678", "line1": "99/1 Sukhumvit 31",
                        "district": "Khlong Toei Nuea, Watthana", "province": "bangkok",
                        "postcode": "10110"}})
        assert status == 201, body
        return body["order"]["id"], body["orderKey"]

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill(); self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def at_once(calls):
    results = [None] * len(calls)
    def run(i, f):
        results[i] = f()
    threads = [threading.Thread(target=run, args=(i, f)) for i, f in enumerate(calls)]
    [t.start() for t in threads]; [t.join() for t in threads]
    return results


def product_upload(shop, name, data):
    ct, body = form(name, data)
    return shop.call("POST", "/api/admin/products/SF-1001/images", raw=body, content_type=ct,
                     token=shop.token)


def slip(shop, order, name, data):
    ct, body = form(name, data)
    return shop.call("POST", f"/api/app/order/{order[0]}/proof?key={order[1]}", raw=body,
                     content_type=ct)


def codes(results):
    return [r[0] if isinstance(r[1], bytes) else f"{r[0]} {r[1].get('error', {}).get('code', 'ok')}"
            for r in results]


def resize(shop, data):
    folder = os.path.join(shop.dir, "files", "images", "SF-1001")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "0123456789abcdef0123.png"), "wb") as f:
        f.write(data)
    path = "/api/file/images/SF-1001/0123456789abcdef0123.png"
    calls = [lambda w=w, a=a: shop.call("GET", f"{path}?w={w}", headers={"accept": a})
             for w in (160, 320, 480, 640, 960, 1280) for a in ("image/webp", "image/png")]
    return codes(at_once(calls))


def main():
    binary, wanted = sys.argv[1], sys.argv[2:] or ["one", "slips", "resize", "resize8", "iccp"]
    rgba16 = zero_png(7000, 7000, 16, 6, 7000 * 8)
    rgb8 = zero_png(7000, 7000, 8, 2, 7000 * 3)
    bomb = iccp_bomb()
    print(f"files: rgba16 {len(rgba16) // 1024} KB, rgb8 {len(rgb8) // 1024} KB, iccp {len(bomb) // 1024} KB")
    scenarios = {
        "one": lambda s: codes([product_upload(s, "bomb.png", rgba16)]),
        "slips": lambda s: codes(at_once([lambda o=o: slip(s, o, "slip.png", rgba16)
                                          for o in [s.guest_order() for _ in range(4)]])),
        "resize": lambda s: resize(s, rgba16),
        "resize8": lambda s: resize(s, rgb8),
        "iccp": lambda s: codes([slip(s, s.guest_order(), "slip.png", bomb),
                                 product_upload(s, "profile.png", bomb)]),
    }
    for name in wanted:
        shop = Shop(binary)
        try:
            for _ in range(3):
                shop.call("GET", "/api/file/images/demo/SF-1001-1.png?w=480")
            before = shop.memory("VmRSS")
            started = time.time()
            result = scenarios[name](shop)
            took = time.time() - started
            shop.settle()
            busy = time.time() - started
            print(f"{name:8} RSS before {before:5} MB  peak {shop.memory('VmHWM'):5} MB  "
                  f"after {shop.memory('VmRSS'):5} MB  answered in {took:5.1f} s, idle after {busy:5.1f} s  "
                  f"{result}")
        finally:
            shop.stop()


if __name__ == "__main__":
    main()
