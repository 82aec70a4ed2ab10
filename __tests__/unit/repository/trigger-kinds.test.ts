/**
 * Nothing outside the event reader (src/event/) and the trigger kinds (src/kinds/) branches on what
 * kind of trigger a run has: no comparison or `case` with a change's kind (`push`, `pull`,
 * `release`, `since`), a conversation's (`comment`, `review`, `command`, `label`) or an event's name.
 * A new kind is then one module and one line in src/kinds/list.ts. (`issue` is left out: a thread is
 * an issue or a pull request whatever started the run.)
 */
import { expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const KINDS = ['push', 'pull', 'release', 'since', 'comment', 'review', 'command', 'label'];
const EVENTS = [
  'push',
  'pull_request',
  'pull_request_target',
  'release',
  'issues',
  'issue_comment',
  'pull_request_review',
  'pull_request_review_comment',
  'schedule',
  'workflow_dispatch',
];
const names = (list: readonly string[]): string => list.join('|');

/** `x.kind === 'push'`, `name !== 'issues'`, `case 'pull_request':` and the same with the literal first. */
const BRANCHES = [
  new RegExp(`\\b(?:kind|name)\\s*[!=]==?\\s*'(?:${names(KINDS)}|${names(EVENTS)})'`),
  new RegExp(`'(?:${names(KINDS)}|${names(EVENTS)})'\\s*[!=]==?\\s*[\\w.?]*\\b(?:kind|name)\\b`),
  new RegExp(`\\bcase\\s+'(?:${names(KINDS)}|${names(EVENTS)})'\\s*:`),
];

const ALLOWED = ['src/event/', 'src/kinds/'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path.split('\\').join('/')] : [];
  });
}

/** The lines of `text` that branch on a trigger kind's name, as `file:line: text`. */
function kindBranches(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => (BRANCHES.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

test('only the event reader and the trigger kinds branch on a kind of trigger', () => {
  const found = sources('src')
    .filter((file) => !ALLOWED.some((dir) => file.startsWith(dir)))
    .flatMap((file) => kindBranches(file, readFileSync(file, 'utf8')));
  expect(found).toEqual([]);
});

test('the check finds each form it is for, and not a thread or a state of the same word', () => {
  const flagged = [
    "if (source.kind === 'push') return source.after;",
    "const merged = change.kind !== 'since' && x;",
    "if (event.name === 'pull_request_target') return;",
    "if ('review' === conversation.event.kind) return;",
    "    case 'release':",
    "    case 'issue_comment':",
  ];
  for (const line of flagged) expect(kindBranches('x.ts', line)).toHaveLength(1);
  const allowed = [
    "return thread.kind === 'issue' ? 'issues' : 'pull';",
    "if (this.state === 'comment') {",
    "const head = push.refKind === 'tag' ? push.ref : after;",
    "    case 'merged':",
    "const permission = kind === 'issue' ? 'issues: read' : 'pull-requests: read';",
  ];
  for (const line of allowed) expect(kindBranches('x.ts', line)).toEqual([]);
});
