/** Mintlify snippets and the pages that show them (src/docs-check/snippets.ts). */
import { describe, expect, test } from '@jest/globals';
import { includesOf, mapSnippets, MAX_IMPORT_LINE } from '../../../src/docs-check/snippets.js';

describe('includesOf', () => {
  test('absolute and relative imports of .md/.mdx files at a line start, and <Snippet file>', () => {
    const text = [
      "import Setup from '/snippets/setup.mdx';",
      'import { apiBase } from "../shared/variables.mdx";',
      "import Local from './local.md'",
      "import { Chart } from '/snippets/chart.jsx';",
      '<Snippet file="install/python.mdx" />',
      "Write `import Other from '/other.mdx'` in your page: an import in prose is no import.",
    ].join('\n');
    expect(includesOf({ path: 'guides/deep/page.mdx', text })).toEqual([
      'snippets/setup.mdx',
      'guides/shared/variables.mdx',
      'guides/deep/local.md',
      'snippets/install/python.mdx',
    ]);
  });
});

describe('import lines', () => {
  test('any spacing, named imports, the last from; a line without one imports nothing', () => {
    const text = [
      "import   Setup    from   '/snippets/setup.mdx'",
      "import { from as other } from './from.mdx';",
      'import Broken',
      '   import Indented from "/x/y.md"',
    ].join('\n');
    expect(includesOf({ path: 'page.mdx', text })).toEqual(['snippets/setup.mdx', 'from.mdx', 'x/y.md']);
  });
});

describe('mapSnippets', () => {
  test('files in snippets/ and imported files are snippets, shown on the pages that reach them', () => {
    const files = [
      { path: 'quickstart.mdx', text: "import Install from '/snippets/install.mdx';\n<Install />" },
      { path: 'guides/python.mdx', text: "import Install from '../snippets/install.mdx';" },
      { path: 'snippets/install.mdx', text: "import Env from '/shared/env.mdx';" },
      { path: 'shared/env.mdx', text: 'Set `API_KEY`.' },
      { path: 'snippets/unused.mdx', text: 'Nobody includes me.' },
      { path: 'reference.mdx', text: '<Snippet file="install.mdx" />' },
      { path: 'standalone.mdx', text: 'A page.' },
    ];
    const { shownOn } = mapSnippets(files);
    expect(Object.fromEntries(shownOn)).toEqual({
      'snippets/install.mdx': ['guides/python.mdx', 'quickstart.mdx', 'reference.mdx'],
      'shared/env.mdx': ['guides/python.mdx', 'quickstart.mdx', 'reference.mdx'],
      'snippets/unused.mdx': [],
    });
  });

  test('an import cycle between snippets ends', () => {
    const files = [
      { path: 'page.mdx', text: "import A from '/snippets/a.mdx';" },
      { path: 'snippets/a.mdx', text: "import B from '/snippets/b.mdx';" },
      { path: 'snippets/b.mdx', text: "import A from '/snippets/a.mdx';" },
    ];
    expect(Object.fromEntries(mapSnippets(files).shownOn)).toEqual({ 'snippets/a.mdx': ['page.mdx'], 'snippets/b.mdx': ['page.mdx'] });
  });

  test('the same pages as a search from each snippet, on seeded random sites with chains and cycles', () => {
    let seed = 11;
    const random = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (let site = 0; site < 200; site++) {
      const names = Array.from({ length: 2 + random(12) }, (_, i) => (random(2) === 0 ? `snippets/s${i}.mdx` : `p${i}.mdx`));
      const files = names.map((path) => ({
        path,
        text: Array.from({ length: random(4) }, () => `import X from '/${names[random(names.length)] ?? ''}';`).join('\n'),
      }));
      // The search mapSnippets made before: from each snippet, up through whatever includes it.
      const includedBy = new Map<string, Set<string>>();
      for (const file of files) {
        for (const target of includesOf(file)) {
          if (target !== file.path && names.includes(target)) includedBy.set(target, (includedBy.get(target) ?? new Set()).add(file.path));
        }
      }
      const isSnippet = (path: string): boolean => path.startsWith('snippets/') || includedBy.has(path);
      const expected = Object.fromEntries(
        [...new Set(names)].filter(isSnippet).map((start) => {
          const pages = new Set<string>();
          const seen = new Set([start]);
          const queue = [start];
          for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
            for (const parent of includedBy.get(next) ?? []) {
              if (seen.has(parent)) continue;
              seen.add(parent);
              if (isSnippet(parent)) queue.push(parent);
              else pages.add(parent);
            }
          }
          return [start, [...pages].sort()];
        }),
      );
      expect(Object.fromEntries(mapSnippets(files).shownOn)).toEqual(expected);
    }
  });

  test('a chain of 20,000 snippets in a cycle is read once: each is shown on the one page that includes any', () => {
    const count = 20_000;
    const files = [
      { path: 'page.mdx', text: "import S from '/snippets/s0.mdx';" },
      ...Array.from({ length: count }, (_, i) => ({
        path: `snippets/s${i}.mdx`,
        text: `import X from '/snippets/s${(i + 1) % count}.mdx';`,
      })),
    ];
    const { shownOn } = mapSnippets(files);
    expect(shownOn.size).toBe(count);
    expect([...shownOn.values()].every((pages) => pages.length === 1 && pages[0] === 'page.mdx')).toBe(true);
  });
});

describe('includesOf on long lines', () => {
  test('an import line over MAX_IMPORT_LINE characters imports nothing; up to it, trailing spaces and a semicolon are read', () => {
    const padded = (spaces: number) => `import A from './a.md'${' '.repeat(spaces)};  `;
    expect(includesOf({ path: 'p.mdx', text: padded(10) })).toEqual(['a.md']);
    expect(includesOf({ path: 'p.mdx', text: padded(MAX_IMPORT_LINE - 30) })).toEqual(['a.md']);
    expect(includesOf({ path: 'p.mdx', text: `${padded(MAX_IMPORT_LINE)}\nimport B from './b.md'` })).toEqual(['b.md']);
    expect(includesOf({ path: 'p.mdx', text: `import A from './a.md'${' '.repeat(50)}x` })).toEqual([]);
  });
});
