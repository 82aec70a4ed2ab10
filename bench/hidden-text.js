// @ts-check
// What removing the text GitHub does not show costs (withoutHidden, src/text/hidden.ts): for an
// issue template of the kind GitHub users fill in, and for hostile text at GitHub's limit for an
// issue body (65,536 characters), the time per run (median of `runs`), the throughput, and the
// characters the scanner visits per character of input (its own count, which the unit tests bound).
// The function is bundled from src/ first, as the build bundles src/index.ts.
//   node bench/hidden-text.js [runs]
import { bundleEntry } from './lib/bundle-entry.js';
import { table } from './lib/markdown.js';
import { median } from './lib/stats.js';

const LIMIT = 65_536;

/** @typedef {typeof import('../src/text/hidden.js')} Hidden */

/** @returns {Promise<{ hidden: Hidden, remove: () => void }>} */
async function load() {
  const { bundle, remove } = await bundleEntry('src/text/hidden.ts');
  // The bundle is the build of hidden.ts: its exports are the module's.
  return { hidden: /** @type {Hidden} */ (bundle), remove };
}

const TEMPLATE = [
  '<!-- Thanks for reporting! Please fill in every section. -->',
  '## Describe the bug',
  '<!-- A clear and concise description of what the bug is. -->',
  'The quickstart says `npm i` but it should be `npm install --save`. See [the page](https://docs.example/quickstart "Quickstart").',
  '## Steps to reproduce',
  '1. Open ![screenshot](https://github.com/user-attachments/assets/1.png)',
  '2. Run:\n\n   ```sh\n   npm i <!-- not a comment: code -->\n   ```',
  '| browser | version |\n|---|---|\n| Firefox | 128 |',
  '<details><summary>Logs</summary>\n\n<img width="600" alt="log" src="https://github.com/user-attachments/assets/2.png">\n\n</details>',
].join('\n\n');

/** @param {string} unit @param {number} [length] */
const repeat = (unit, length = LIMIT) => unit.repeat(Math.floor(length / unit.length));

/** @type {ReadonlyArray<readonly [string, string]>} */
const INPUTS = [
  ['an issue template', TEMPLATE],
  ['the template repeated to 64 KiB', repeat(`${TEMPLATE}\n\n`)],
  ['64 KiB of unclosed comments', repeat('<!--')],
  ['64 KiB of link openings', repeat('[a](')],
  ['64 KiB of titles left open', repeat('[a](x "')],
  ['64 KiB of quoted attributes left open', repeat('<a x="')],
  ['64 KiB of brackets', `${'['.repeat(LIMIT / 2)}${']'.repeat(LIMIT / 2)}`],
  ['31 nested list items, then blank lines to 64 KiB', `${'1. '.repeat(31)}x${'\n'.repeat(LIMIT - 94)}`],
  ['64 KiB of every special character', repeat('[!`<>"\'()*_\\&#\n-')],
];

const runs = Number(process.argv[2] ?? 20);
const { hidden, remove } = await load();
try {
  const rows = INPUTS.map(([name, text]) => {
    const times = [];
    let visible = hidden.withoutHidden(text);
    for (let run = 0; run < runs; run++) {
      const started = process.hrtime.bigint();
      visible = hidden.withoutHidden(text);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const ms = median(times);
    return [
      name,
      text.length.toLocaleString('en-US'),
      ms.toFixed(2),
      (text.length / 1e3 / ms).toFixed(1),
      (visible.work / text.length).toFixed(1),
      visible.removed.characters.toLocaleString('en-US'),
    ];
  });
  process.stdout.write(
    `${table(['input', 'characters', 'ms (median)', 'MB/s', 'visits per character', 'characters removed'], rows)}\n` +
      `\nMedian of ${runs} runs on Node ${process.versions.node}.\n`,
  );
} finally {
  remove();
}
