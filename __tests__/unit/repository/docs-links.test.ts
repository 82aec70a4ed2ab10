/**
 * The documentation holds together: README leads to the reference in docs/, and every relative link
 * in README.md, CONTRIBUTING.md, SECURITY.md and docs/*.md reaches a file that exists and, when it
 * names one, a heading of that file (as GitHub makes anchors from headings).
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  'SECURITY.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

/** GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces as dashes. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Markdown without its fenced code blocks (a `#` comment in YAML is not a heading, a link in code is not a link). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
}

function anchorsOf(path: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of prose(readFileSync(path, 'utf8')).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const anchor = anchorOf(match[1] ?? '');
    const count = seen.get(anchor) ?? 0;
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
    seen.set(anchor, count + 1);
  }
  return anchors;
}

function linksOf(path: string): string[] {
  return [...prose(readFileSync(path, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/.test(target));
}

test('anchors are made as GitHub makes them', () => {
  expect(anchorOf("The action's own check: `trigger-permission` and `allowed-bots`")).toBe(
    'the-actions-own-check-trigger-permission-and-allowed-bots',
  );
  expect(anchorOf('Reader text in the prompt: `analytics-in-prompt`')).toBe('reader-text-in-the-prompt-analytics-in-prompt');
});

describe.each(PAGES)('%s', (page) => {
  test('every relative link reaches a file, and every anchor a heading', () => {
    const broken: string[] = [];
    for (const link of linksOf(page)) {
      const [file = '', anchor] = link.split('#');
      const target = file === '' ? page : normalize(join(dirname(page), file));
      if (!existsSync(target)) broken.push(`${link} (no ${target})`);
      else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(target).has(anchor))
        broken.push(`${link} (no heading #${anchor} in ${target})`);
    }
    expect(broken).toEqual([]);
  });
});

test('README leads with what the action does, a quick start and a table of contents, and links every page of docs/', () => {
  const readme = readFileSync('README.md', 'utf8');
  const headings = [...prose(readme).matchAll(/^## (.+)$/gm)].map((match) => match[1]);
  expect(headings.slice(0, 3)).toEqual(['Contents', 'Quick start', 'Workflows most teams need']);
  for (const page of PAGES.filter((path) => path.startsWith('docs'))) expect(readme).toContain(`](${page.replace(/\\/g, '/')})`);
});

test('README names the newcomer commands together: npm ci, npm start, npm test', () => {
  const blocks = [...readFileSync('README.md', 'utf8').matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
  const commands = (block: string) =>
    block
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter(Boolean);
  expect(blocks.map(commands)).toContainEqual(['npm ci', 'npm start', 'npm test']);
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
  expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['start', 'test']));
});
