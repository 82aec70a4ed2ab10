#!/usr/bin/env bash
# The polling contender: start a job, then check it every POLL_PERIOD_MS (10000 in a real workflow)
# until it ends, as a workflow `run:` step with curl and jq would. Prints the final job as JSON.
# Checks are spaced a fixed period apart (the time curl and jq take is taken off the next sleep),
# like `sleep 10` on a runner where that time is ~1% of the period: the benchmark divides the period
# by 20, and a plain sleep would then drift by the 20-times-magnified cost of starting curl and jq.
set -euo pipefail
body=$(jq -n --arg prompt "$PROMPT" '{prompt: $prompt}')
auth="Authorization: Bearer $MINTLIFY_API_KEY"
job=$(curl -fsS -X POST "$MINTLIFY_BASE_URL/v2/agent/$MINTLIFY_PROJECT_ID/job" -H "$auth" -H 'Content-Type: application/json' -d "$body")
next_us=${EPOCHREALTIME/./}
period_us=$((${POLL_PERIOD_MS:-10000} * 1000))
id=$(jq -r .id <<<"$job")
while :; do
  next_us=$((next_us + period_us))
  wait_us=$((next_us - ${EPOCHREALTIME/./}))
  if ((wait_us > 0)); then sleep "$((wait_us / 1000000)).$(printf '%06d' $((wait_us % 1000000)))"; fi
  job=$(curl -fsS "$MINTLIFY_BASE_URL/v2/agent/$MINTLIFY_PROJECT_ID/job/$id" -H "$auth")
  status=$(jq -r .status <<<"$job")
  case "$status" in completed | failed | archived) break ;; esac
done
printf 'job-id=%s\nstatus=%s\n' "$id" "$status" >> "$GITHUB_OUTPUT"
echo "$job"
