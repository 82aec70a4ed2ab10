// @ts-check
// Contender (b) of the start-up benchmark: the least a Node script can do to start a job, one POST
// with the global fetch, the job id and status written as step outputs. No retries, no proxy
// support, no validation beyond the HTTP status: the floor the action is compared with.
import { appendFileSync } from 'node:fs';

const {
  MINTLIFY_BASE_URL: base,
  MINTLIFY_API_KEY: key,
  MINTLIFY_PROJECT_ID: project = '',
  PROMPT: prompt,
  GITHUB_OUTPUT: output,
} = process.env;
const response = await fetch(`${base}/v2/agent/${encodeURIComponent(project)}/job`, {
  method: 'POST',
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: JSON.stringify({ prompt }),
});
if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
const job = /** @type {{id: string, status: string}} */ (await response.json());
if (output) appendFileSync(output, `job-id=${job.id}\nstatus=${job.status}\n`);
console.log(`Created job ${job.id} (${job.status})`);
