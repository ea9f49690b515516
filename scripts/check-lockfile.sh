#!/usr/bin/env bash
# Fails when a fresh resolution of package.json would change the committed package-lock.json (for
# example one written without other platforms' optional builds, which `npm ci` then refuses). Only the
# registry's metadata is read; node_modules is not touched, and the committed lockfile is put back.
set -uo pipefail
cd "$(dirname "$0")/.."
kept=$(mktemp)
cp package-lock.json "$kept"
npm install --package-lock-only --no-audit --no-fund >/dev/null 2>&1
status=$?
if [ $status -ne 0 ] || ! cmp -s package-lock.json "$kept"; then
  changed=$(diff "$kept" package-lock.json | grep -c '^[<>]')
  cp "$kept" package-lock.json
  rm -f "$kept"
  echo "package-lock.json no coincide con una instalación nueva ($changed líneas distintas): ejecute 'npm install --package-lock-only' y confirme el archivo."
  exit 1
fi
rm -f "$kept"
echo "package-lock.json completo"
