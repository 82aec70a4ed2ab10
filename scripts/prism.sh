#!/usr/bin/env bash
# Prints the path of Stoplight Prism's CLI (the contract test's mock server), installing the exact tree
# of tools/prism/package-lock.json into .cache/ on first use. Prism needs Node >= 24.18 (run it with the
# Node that scripts/node24.sh prints), so it is not a devDependency of the project: that keeps `npm ci`
# free of engine warnings. The cache directory is named after the lock's hash, so a new lock installs afresh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tool="$root/tools/prism"
hash="$(node -e 'const { createHash } = require("node:crypto");
process.stdout.write(createHash("sha256").update(require("node:fs").readFileSync(process.argv[1])).digest("hex").slice(0, 12));' \
  "$tool/package-lock.json")"
prefix="$root/.cache/prism-$hash"
if [ ! -f "$prefix/.installed" ]; then
  rm -rf "$prefix"
  mkdir -p "$prefix"
  cp "$tool/package.json" "$tool/package-lock.json" "$prefix/"
  # No install scripts: Prism needs none (the only one in its tree is @scarf/scarf's usage report).
  # Errors only: the npm doing the install may run on a Node older than Prism's engines, which is fine
  # because Prism itself runs on Node 24.
  npm ci --prefix "$prefix" --ignore-scripts --no-audit --no-fund --loglevel=error >&2
  touch "$prefix/.installed"
fi
echo "$prefix/node_modules/@stoplight/prism-cli/dist/index.js"
