#!/usr/bin/env bash
# Installs what the tests need that npm does not: Debian's Chromium, as the full browser and as its
# headless shell (the e2e browsers, e2e/support/browser.ts says which file uses which), a CJK
# font (so Chinese renders in screenshots), OpenLDAP's slapd with ldap-utils (the directory the
# LDAP sync tests start on a loopback port), nginx (the proxy of faults/nginx.pg.test.ts, run
# from the test with its own temp prefix) and coturn (the TURN relay the call e2e test starts on
# loopback). Does nothing when all are present.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
fc-list 2>/dev/null | grep -qi 'wqy\|noto sans cjk' || need+=(fonts-wqy-zenhei)
[ -x /usr/sbin/slapd ] || need+=(slapd)
command -v ldapsearch >/dev/null 2>&1 || need+=(ldap-utils)
[ -x /usr/sbin/nginx ] || need+=(nginx)
command -v turnserver >/dev/null || need+=(coturn)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Missing system packages: ${need[*]}. Install them with: sudo apt-get install ${need[*]}" >&2
  exit 1
fi
echo "Installing system packages for the tests: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
