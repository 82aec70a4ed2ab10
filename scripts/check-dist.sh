#!/usr/bin/env bash
# Rebuilds dist/ from src/ and fails, naming the files, when the result differs from what is committed.
# Used by .ci/run and by the CI and release workflows.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run -s build >/dev/null
changed="$(git status --porcelain -- dist)"
if [ -n "$changed" ]; then
  printf '%s\n' "$changed" >&2
  message="dist/ is not the build of src/ at this commit: run 'npm run build' and commit dist/ with the src/ change."
  if [ "${GITHUB_ACTIONS:-}" = "true" ]; then echo "::error::$message"; else echo "$message" >&2; fi
  exit 1
fi
echo "dist/ is the build of src/."
