#!/usr/bin/env bash
# Contender (c) of the start-up benchmark: the same job start as a workflow `run:` step would write
# it, one POST with curl, jq to build the body and read the answer, the id and status as outputs.
set -euo pipefail
body=$(jq -n --arg prompt "$PROMPT" '{prompt: $prompt}')
job=$(curl -fsS -X POST "$MINTLIFY_BASE_URL/v2/agent/$MINTLIFY_PROJECT_ID/job" \
  -H "Authorization: Bearer $MINTLIFY_API_KEY" -H 'Content-Type: application/json' -d "$body")
read -r id status < <(jq -r '"\(.id) \(.status)"' <<<"$job")
printf 'job-id=%s\nstatus=%s\n' "$id" "$status" >> "$GITHUB_OUTPUT"
echo "Created job $id ($status)"
