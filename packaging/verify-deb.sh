#!/usr/bin/env bash
# Proves the Debian package by using it: builds the .deb with `cargo deb`, installs it with
# `dpkg -i`, runs `kiosk setup` and `kiosk check` as the kiosk user (with a certificate of the
# owner's own under [tls], so `kiosk check` shows one), checks that the package put every file
# where INSTALL.md says, and runs `systemd-analyze verify` on every unit it installed.
#
#   packaging/verify-deb.sh                 # install on this machine (root; purged afterwards)
#   packaging/verify-deb.sh --chroot DIR    # into a fresh Debian root made by debootstrap
#   packaging/verify-deb.sh --deb FILE      # an already built .deb
#   KEEP=1 packaging/verify-deb.sh          # leave the package installed afterwards
#
# Needs root, cargo-deb (`cargo install cargo-deb`), systemd (for systemd-analyze) and, with
# --chroot, debootstrap and network access to a Debian mirror. Exits non-zero at the first
# failed step, printing what failed.
set -euo pipefail

cd "$(dirname "$0")/.."
chroot_dir=""
deb=""
while [ $# -gt 0 ]; do
    case "$1" in
        --chroot) chroot_dir=$2; shift 2 ;;
        --deb) deb=$2; shift 2 ;;
        *) echo "usage: $0 [--chroot DIR] [--deb FILE]" >&2; exit 2 ;;
    esac
done
[ "$(id -u)" = 0 ] || { echo "run as root: dpkg -i needs it" >&2; exit 2; }

step() { printf '\n== %s\n' "$*"; }

if [ -z "$deb" ]; then
    step "cargo deb"
    command -v cargo-deb >/dev/null || { echo "cargo-deb is missing: cargo install cargo-deb" >&2; exit 2; }
    deb=$(cargo deb --locked 2>&1 | tee /dev/stderr | grep -E '\.deb$' | tail -1)
fi
[ -f "$deb" ] || { echo "no .deb at '$deb'" >&2; exit 1; }
step "package: $deb"
dpkg-deb --info "$deb" | sed -n '1,20p'
dpkg-deb --contents "$deb"

# Runs a command in the target system (the chroot, or this machine).
if [ -n "$chroot_dir" ]; then
    step "debootstrap into $chroot_dir"
    command -v debootstrap >/dev/null || { echo "debootstrap is missing: apt-get install debootstrap" >&2; exit 2; }
    [ -x "$chroot_dir/bin/sh" ] || debootstrap --variant=minbase bookworm "$chroot_dir"
    cp "$deb" "$chroot_dir/tmp/kiosk.deb"
    target() { chroot "$chroot_dir" "$@"; }
    target_deb=/tmp/kiosk.deb
else
    target() { "$@"; }
    target_deb=$deb
fi

step "dpkg -i"
target dpkg -i "$target_deb"
target id kiosk
for path in /usr/bin/kiosk /lib/systemd/system/kiosk.service /lib/systemd/system/kiosk-backup.service \
    /lib/systemd/system/kiosk-backup.timer /usr/share/doc/kiosk/INSTALL.md \
    /usr/share/doc/kiosk/config.example.toml /var/lib/kiosk /etc/kiosk /var/backups/kiosk; do
    target test -e "$path" || { echo "missing after install: $path" >&2; exit 1; }
done
target stat -c '%n %U:%G %a' /var/lib/kiosk /etc/kiosk /var/backups/kiosk

step "kiosk setup (as kiosk)"
# A certificate the owner has, readable by kiosk only: [tls] with cert_file/key_file.
target install -d -o kiosk -g kiosk -m 0700 /etc/kiosk/tls
target runuser -u kiosk -- sh -c 'umask 077 && cd /etc/kiosk/tls &&
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 90 \
        -subj /CN=shop.example.com -addext subjectAltName=DNS:shop.example.com,DNS:www.shop.example.com \
        -keyout key.pem -out cert.pem 2>/dev/null' \
    || echo "(openssl missing: kiosk check will show no certificate)"
target runuser -u kiosk -- env KIOSK_ADMIN_PASSWORD='a sofa for every room' \
    kiosk setup --config /etc/kiosk/config.toml --data-dir /var/lib/kiosk --non-interactive \
    --listen 127.0.0.1:8080 --public-url https://shop.example.com --shop-name 'Verify Shop' \
    --admin-user owner --force
if target test -f /etc/kiosk/tls/cert.pem; then
    target runuser -u kiosk -- sed -i \
        -e 's|^cert_file = ""|cert_file = "/etc/kiosk/tls/cert.pem"|' \
        -e 's|^key_file = ""|key_file = "/etc/kiosk/tls/key.pem"|' \
        -e 's|^https_listen = "0.0.0.0:443"|https_listen = "127.0.0.1:8443"|' \
        -e 's|^http_listen = "0.0.0.0:80"|http_listen = "127.0.0.1:8081"|' \
        /etc/kiosk/config.toml
    target grep -A9 '^\[tls\]' /etc/kiosk/config.toml
fi

step "kiosk check (as kiosk)"
target runuser -u kiosk -- kiosk check --config /etc/kiosk/config.toml

step "systemd-analyze verify"
units=(/lib/systemd/system/kiosk.service /lib/systemd/system/kiosk-backup.service /lib/systemd/system/kiosk-backup.timer)
target systemd-analyze verify "${units[@]}"
echo "systemd-analyze verify: ${#units[@]} units, no problems"
target systemd-analyze security --offline=true --no-pager /lib/systemd/system/kiosk.service 2>/dev/null \
    | tail -1 || true

if [ "${KEEP:-0}" != 1 ]; then
    step "dpkg --purge kiosk (the shop's data stays, as the package promises)"
    target dpkg --purge kiosk
    target rm -rf /var/lib/kiosk /etc/kiosk /var/backups/kiosk
fi
step "verify-deb: ok"
