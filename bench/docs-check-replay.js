// @ts-check
// The docs check's accuracy on real history. For each squash-merged pull request (a first-parent
// commit whose subject ends in `(#123)`, one parent) that changes code, in a window of a repository
// that keeps Mintlify docs beside its code: its code files and patches (the files of the docs folder
// removed from the list, so the list does not give the answer away) are checked against the docs at
// its base, as the pull request was opened. Scores, pooled over the pull requests:
//   recall      of the existing pages the same pull request edited, the share named;
//   precision   of the pages named, the share that the pull request or one of the next ten commits
//               edited (and that mention a name the pull request changed: every named page does);
//   silence     of the pull requests after which no page changed within ten commits, the share on
//               which nothing is named;
//   pages/PR    pages named per pull request.
// It reads local git directories given as arguments (nothing is fetched or kept):
//   node bench/docs-check-replay.js [--until 2026-07-31] [--prs 300] [--tune label,label] [--fit]
//       [--baselines] [--ceiling] [--details] [--show] [--cache <folder>] [label=]<git-dir>[:<docs-folder>] ...
// --tune names the repositories the engine was tuned on (reported apart from the held-out ones);
// --fit fits the ranking's weights and threshold on the --tune repositories (src/docs-check/rank.ts
// keeps the result as its defaults) and scores every repository with them; --query '{"names":3}'
// replaces some of the ranking query's word weights (those of src/docs-check/rank.ts) for the replay and the fit;
// --baselines adds plain BM25 with a stay-silent rule (its best pages whose score stands out from the
// site's, with and without the engine's rule that a page mentions a changed name; the rule's bar and
// number of pages chosen on the --tune repositories as the engine's are) and name matching alone; --ceiling asks how far
// the engine's ranking could go if something told it which pull requests need a docs change (see ceiling()); --cache <folder>
// keeps what was read from git there (outside the project), so a second run reads no history.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleEntry } from './lib/bundle-entry.js';
import { repository } from './lib/git-history.js';
import { section, table } from './lib/markdown.js';

/** @typedef {typeof import('./lib/docs-check-entry.js')} Engine */
/** @typedef {import('../src/docs-check/rank.js').RankTuning} RankTuning */
/** @typedef {import('../src/docs-check/evidence.js').Evidence} Evidence */
/** @typedef {import('../src/docs-check/types.js').ChangedFile} ChangedFile */

const NEXT_COMMITS = 10;
/** A pull request that edits more pages than this (a regenerated reference, a rename across the site) is left out. */
const MAX_EDITED = 10;
const CONFIG_FILES = ['docs.json', 'mint.json'];
const CODE_FAMILIES = new Set(['python', 'script', 'go', 'rust', 'ruby', 'jvm', 'csharp', 'php', 'c', 'shell']);

/**
 * @typedef {object} Case one pull request, as the scores need it
 * @property {string} repo
 * @property {number} number
 * @property {readonly string[]} documents the site's document names at its base
 * @property {Set<string>} edited existing pages the pull request edited
 * @property {Set<string>} soon pages the pull request or one of the next ten commits edited
 * @property {Evidence} evidence
 * @property {string[]} named what the engine's entry named, with the default settings
 * @property {{ page: string, lift: number, mentions: boolean }[]} bm25Top the best 3 documents by plain BM25 (title, description,
 *   paths), each with how many standard deviations its score stands above the site's mean, and whether it mentions a changed name
 * @property {{ page: string, lift: number, mentions: boolean }[]} bm25NamesTop the same with the changed names in the query too, counting
 *   3 times a word of the title
 * @property {string[]} nameHits documents that mention a changed name few documents mention
 * @property {string} title
 * @property {{ name: string, kind: string, status: string, neighbors: number }[]} names every changed name, for --dump
 * @property {string[]} why each named page with its reason and names, for --show
 */

/** @param {string} argument */
function target(argument) {
  const [label, rest] = argument.includes('=') ? argument.split('=', 2) : [undefined, argument];
  const [gitDir = '', folder] = (rest ?? '').split(':');
  const name = basename(gitDir) === 'repo' || basename(gitDir) === '.git' ? basename(dirname(gitDir)) : basename(gitDir);
  return { label: label ?? name, gitDir, folder };
}

/** The docs folder: the given one, or the shallowest folder holding docs.json or mint.json at `commit`. */
function findDocsFolder(
  /** @type {ReturnType<typeof repository>} */ repo,
  /** @type {string} */ commit,
  /** @type {string | undefined} */ given,
) {
  if (given !== undefined) return given;
  const configs = repo
    .tree(commit, '')
    .map((file) => file.path)
    .filter((path) => CONFIG_FILES.includes(path.slice(path.lastIndexOf('/') + 1)) && !path.includes('node_modules/'));
  configs.sort((a, b) => a.split('/').length - b.split('/').length);
  const found = configs[0];
  return found === undefined ? undefined : found.includes('/') ? found.slice(0, found.lastIndexOf('/')) : '';
}

const isPage = (/** @type {string} */ path, /** @type {string} */ folder) =>
  /\.mdx?$/i.test(path) && (folder === '' || path.startsWith(`${folder}/`));
const inside = (/** @type {string} */ path, /** @type {string} */ folder) => (folder === '' ? path : path.slice(folder.length + 1));
const pageOf = (/** @type {string} */ path, /** @type {string} */ folder) => inside(path, folder).replace(/\.mdx?$/i, '');

/**
 * @typedef {object} PullInput one pull request as the replay reads it from git
 * @property {number} number
 * @property {string} title
 * @property {string} body
 * @property {ChangedFile[]} files its files outside the docs folder, with their patches
 * @property {string[]} edited the pages it edited that existed before (their names)
 * @property {string[]} soon the pages it or one of the next ten commits edited
 * @property {string} version the docs folder's tree at its base
 */

/**
 * @typedef {object} RepositoryInput what the replay reads from one repository's history
 * @property {string} label
 * @property {string} folder
 * @property {Record<string, string>} blobs the texts of the docs files, by blob id
 * @property {Record<string, [string, string][]>} versions each docs tree: its files' paths (under the folder) and blob ids
 * @property {PullInput[]} pulls oldest first
 */

/** The docs files at `commit`: pages, JSON and YAML, without links and files over the folder reader's limits. */
function docsFilesAt(
  /** @type {Engine} */ engine,
  /** @type {ReturnType<typeof repository>} */ repo,
  /** @type {string} */ commit,
  /** @type {string} */ folder,
) {
  return repo
    .tree(commit, folder)
    .filter((file) => !file.link && file.size <= engine.maxBytesOf(inside(file.path, folder)) && /\.(mdx?|json|ya?ml)$/i.test(file.path))
    .filter((file) => !/(^|\/)(\.|node_modules\/)/.test(inside(file.path, folder)));
}

/** The pages edited by the commits `from` to `to` (both included) of `history`. */
function pagesEdited(
  /** @type {ReturnType<typeof repository>} */ repo,
  /** @type {import('./lib/git-history.js').Commit[]} */ commits,
  /** @type {string} */ folder,
) {
  return [
    ...new Set(
      commits
        .flatMap((next) => repo.changedFiles(next.parent, next.sha))
        .flatMap((file) => [file.path, file.previousPath ?? ''])
        .filter((path) => path !== '' && isPage(path, folder))
        .map((path) => pageOf(path, folder)),
    ),
  ];
}

/**
 * Reads the window of one repository: the last `prs` squash-merged pull requests that change code,
 * up to `until`, each with its code files and patches, the pages it and the next commits edited, and
 * the docs at its base.
 * @param {Engine} engine
 * @param {ReturnType<typeof target>} where
 * @param {{ until: string, prs: number }} window
 * @returns {RepositoryInput}
 */
function readRepository(engine, where, { until, prs }) {
  const repo = repository(where.gitDir);
  const history = repo.firstParentLog('HEAD');
  let last = history.length - 1;
  while (last >= 0 && (history[last]?.date.slice(0, 10) ?? '') > until) last--;
  const folder = findDocsFolder(repo, history[last]?.sha ?? 'HEAD', where.folder);
  if (folder === undefined) throw new Error(`${where.label}: no docs.json or mint.json`);
  /** @type {RepositoryInput} */
  const input = { label: where.label, folder, blobs: {}, versions: {}, pulls: [] };
  const inDocs = (/** @type {string} */ path) =>
    folder === '' ? isPage(path, '') || CONFIG_FILES.includes(path) : path.startsWith(`${folder}/`);
  for (let at = last; at >= 0 && input.pulls.length < prs; at--) {
    const commit = history[at];
    const number = commit === undefined ? undefined : /\(#(\d+)\)\s*$/.exec(commit.subject)?.[1];
    if (commit === undefined || number === undefined || commit.parents !== 1) continue;
    const files = repo.changedFiles(commit.parent, commit.sha);
    const code = files.filter((file) => !inDocs(file.path));
    if (!code.some((file) => CODE_FAMILIES.has(engine.familyOf(file.path) ?? ''))) continue;
    const version = repo.treeId(commit.parent, folder);
    if (version === '') continue;
    if (input.versions[version] === undefined) {
      const docs = docsFilesAt(engine, repo, commit.parent, folder);
      const texts = repo.readBlobs(docs.filter((file) => input.blobs[file.blob] === undefined).map((file) => file.blob));
      for (const [blob, text] of texts) input.blobs[blob] = text;
      input.versions[version] = docs.map((file) => [inside(file.path, folder), file.blob]);
    }
    const edited = files
      .flatMap((file) => (file.status === 'A' ? [] : [file.status === 'R' ? (file.previousPath ?? '') : file.path]))
      .filter((path) => isPage(path, folder))
      .map((path) => pageOf(path, folder));
    const patches = repo.patches(
      commit.parent,
      commit.sha,
      code.slice(0, 300).map((file) => file.path),
    );
    input.pulls.push({
      number: Number(number),
      title: commit.subject.replace(/\s*\(#\d+\)\s*$/, ''),
      body: commit.body,
      files: code.map((file) => ({
        path: file.path,
        status: { A: 'added', D: 'removed', R: 'renamed', C: 'copied' }[file.status] ?? 'modified',
        ...(file.previousPath !== undefined && { previousPath: file.previousPath }),
        ...(patches.get(file.path) !== undefined && { patch: patches.get(file.path) }),
      })),
      edited,
      soon: pagesEdited(repo, history.slice(at, at + 1 + NEXT_COMMITS), folder),
      version,
    });
  }
  input.pulls.reverse();
  return input;
}

/** The repository's input, from the cache folder when it holds it (and written there when it does not). */
function inputOf(
  /** @type {Engine} */ engine,
  /** @type {ReturnType<typeof target>} */ where,
  /** @type {{ until: string, prs: number, cache: string }} */ options,
) {
  const file = options.cache === '' ? '' : join(options.cache, `${where.label}@${options.until}-${options.prs}.json`);
  if (file !== '' && existsSync(file)) {
    /** @type {unknown} */
    const cached = JSON.parse(readFileSync(file, 'utf8'));
    // The cache holds what this script wrote.
    return /** @type {RepositoryInput} */ (cached);
  }
  const input = readRepository(engine, where, options);
  if (file !== '') {
    mkdirSync(options.cache, { recursive: true });
    writeFileSync(file, JSON.stringify(input));
  }
  return input;
}

/**
 * Checks each pull request of a repository's input with the engine's entry, and keeps the evidence.
 * @param {Engine} engine
 * @param {RepositoryInput} input
 * @param {RankTuning} tuning
 * @param {(line: string) => void} log
 * @returns {Case[]}
 */
function replayRepository(engine, input, tuning, log) {
  /** @type {Map<string, { index: ReturnType<Engine['buildIndex']>, names: Set<string> } | undefined>} */
  const sites = new Map();
  /** @type {Case[]} */
  const cases = [];
  let bulk = 0;
  for (const pull of input.pulls) {
    if (!sites.has(pull.version)) {
      const files = (input.versions[pull.version] ?? []).map(([path, blob]) => ({ path, text: input.blobs[blob] ?? '' }));
      const docs = engine.docsFolderOf(files, [], input.folder);
      const index = 'problem' in docs ? undefined : engine.buildIndex(engine.buildSite(docs));
      sites.set(pull.version, index === undefined ? undefined : { index, names: new Set(index.names) });
    }
    const site = sites.get(pull.version);
    if (site === undefined) continue;
    const edited = new Set(pull.edited.filter((page) => site.names.has(page)));
    if (edited.size > MAX_EDITED) {
      bulk++;
      continue;
    }
    cases.push(checkPull(engine, input.label, pull, site.index, edited, tuning, input.folder));
  }
  log(
    `${input.label}: ${cases.length} pull requests (${bulk} left out: over ${MAX_EDITED} pages edited), docs in '${input.folder}', ${sites.size} docs versions`,
  );
  return cases;
}

/**
 * @param {Engine} engine
 * @param {string} repo
 * @param {PullInput} input
 * @param {ReturnType<Engine['buildIndex']>} index
 * @param {Set<string>} edited
 * @param {RankTuning} tuning
 * @param {string} folder
 * @returns {Case}
 */
function checkPull(engine, repo, input, index, edited, tuning, folder) {
  const pull = { title: input.title, body: input.body, files: input.files };
  const result = engine.checkDocs(index, { pull, docsPrefix: folder, tuning });
  const counted = new Set(result.codeFiles);
  const text = engine.changeText(pull.files, (file) => counted.has(file.path));
  const change = { title: pull.title, body: pull.body, paths: result.codeFiles, names: result.names, ...text };
  const evidence = engine.gatherEvidence(index, change, tuning.query);
  const mentioning = new Set(
    evidence.candidates.filter((candidate) => candidate.ties.some((tie) => tie.via === undefined)).map((c) => c.doc),
  );
  const top = (/** @type {Float64Array} */ plain) => {
    const mean = plain.reduce((sum, value) => sum + value, 0) / (plain.length || 1);
    const spread = Math.sqrt(plain.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (plain.length || 1)) || 1;
    return [...plain.keys()]
      .sort((a, b) => (plain[b] ?? 0) - (plain[a] ?? 0))
      .slice(0, 3)
      .map((doc) => ({ page: index.names[doc] ?? '', lift: ((plain[doc] ?? 0) - mean) / spread, mentions: mentioning.has(doc) }));
  };
  const bm25Top = top(engine.bm25(index, engine.queryOf(change, { title: 1, body: 1, paths: 1, names: 0, lines: 0, context: 0 })));
  const bm25NamesTop = top(engine.bm25(index, engine.queryOf(change, { title: 1, body: 1, paths: 1, names: 3, lines: 0, context: 0 })));
  const nameHits = evidence.candidates
    .filter((candidate) =>
      candidate.ties.some(
        (tie) => tie.via === undefined && tie.documents <= 3 && (tie.inCode || /[_A-Z0-9-]/.test(tie.name.name.slice(1))),
      ),
    )
    .map((candidate) => index.names[candidate.doc] ?? '');
  return {
    repo,
    number: input.number,
    documents: index.names,
    edited,
    soon: new Set(input.soon),
    evidence,
    named: result.pages.map((page) => page.page),
    bm25Top,
    bm25NamesTop,
    nameHits,
    title: pull.title,
    names: result.names.map((name) => ({ name: name.name, kind: name.kind, status: name.status, neighbors: name.neighbors?.length ?? 0 })),
    why: result.pages.map((page) => `${page.reason} ${page.page} [${page.names.join(', ')}]`),
  };
}

/**
 * @typedef {object} Scores
 * @property {number} prs
 * @property {number} recall
 * @property {number} precision
 * @property {number} silence
 * @property {number} perPr
 * @property {number} edited pages edited by the pull requests (recall's denominator)
 * @property {number} named
 * @property {number} quiet pull requests after which no page changed
 */

/**
 * @param {readonly Case[]} cases
 * @param {(c: Case) => readonly string[]} namedOf
 * @returns {Scores}
 */
export function scoreCases(cases, namedOf) {
  let edited = 0;
  let found = 0;
  let named = 0;
  let right = 0;
  let quiet = 0;
  let silent = 0;
  for (const c of cases) {
    const pages = namedOf(c);
    const mentioning = new Set(
      c.evidence.candidates
        .filter((candidate) => candidate.ties.some((tie) => tie.via === undefined))
        .map((candidate) => c.documents[candidate.doc] ?? ''),
    );
    edited += c.edited.size;
    found += pages.filter((page) => c.edited.has(page)).length;
    named += pages.length;
    right += pages.filter((page) => c.soon.has(page) && mentioning.has(page)).length;
    if (c.soon.size === 0) {
      quiet++;
      if (pages.length === 0) silent++;
    }
  }
  const share = (/** @type {number} */ part, /** @type {number} */ whole) => (whole === 0 ? Number.NaN : part / whole);
  return {
    prs: cases.length,
    recall: share(found, edited),
    precision: share(right, named),
    silence: share(silent, quiet),
    perPr: share(named, cases.length),
    edited,
    named,
    quiet,
  };
}

/** One pull request's evidence as a JSON line, for studying the ranking outside this script (--dump). */
function dumpCase(/** @type {Engine} */ engine, /** @type {Case} */ c) {
  return JSON.stringify({
    repo: c.repo,
    number: c.number,
    title: c.title,
    documents: c.documents.length,
    edited: [...c.edited],
    soon: [...c.soon],
    names: c.names,
    bm25Top: c.bm25Top,
    bm25NamesTop: c.bm25NamesTop,
    candidates: c.evidence.candidates.map((candidate) => ({
      page: c.documents[candidate.doc],
      features: engine.featuresOf(candidate, c.evidence),
      ties: candidate.ties.map((tie) => ({
        name: tie.name.name,
        kind: tie.name.kind,
        status: tie.name.status,
        inCode: tie.inCode,
        documents: tie.documents,
        via: tie.via,
      })),
    })),
  });
}

/** What the engine names for `c` with other settings (the evidence is the same: its query weights are kept). */
function namedWith(/** @type {Engine} */ engine, /** @type {RankTuning} */ tuning) {
  return (/** @type {Case} */ c) => {
    const facts = engine.factsOf(c.evidence, tuning);
    const likely = engine.likelyOf(c.evidence, tuning, new Set(facts.map((fact) => fact.doc)));
    return [...facts, ...likely].map((ranked) => c.documents[ranked.doc] ?? '');
  };
}

/** The search's aim: recall and precision together, once silence and pages per pull request are within the goal. */
function objective(/** @type {Scores} */ scores) {
  const within = scores.silence >= 0.9 && scores.perPr <= 0.5;
  const balanced = Math.min(scores.recall / 0.4, scores.precision / 0.45);
  return (within ? 1 : 0) + balanced + 0.1 * (scores.recall + scores.precision);
}

/**
 * Fits the weights of the evidence by logistic regression on the tuning repositories' candidates (a
 * candidate is right when its pull request edited it), then picks the threshold and the most pages
 * a pull request gets that best meet the goal on them: silence at least 0.9 and at most 0.5 pages a
 * pull request, then recall and precision against 0.40 and 0.45.
 * @param {Engine} engine
 * @param {readonly Case[]} cases
 * @param {RankTuning} start
 * @param {(line: string) => void} log
 * @returns {RankTuning}
 */
function fit(engine, cases, start, log) {
  const features = engine.FEATURES;
  /** @type {number[][]} */
  const rows = [];
  /** @type {number[]} */
  const labels = [];
  for (const c of cases) {
    const past = engine.pastPages(c.evidence);
    for (const candidate of c.evidence.candidates) {
      const page = c.documents[candidate.doc] ?? '';
      if (past(candidate.doc)) continue;
      const values = engine.featuresOf(candidate, c.evidence);
      rows.push(features.map((feature) => values[feature]));
      labels.push(c.edited.has(page) ? 1 : 0);
    }
  }
  const { weights, bias } = logisticRegression(rows, labels);
  const fitted = {
    ...start,
    weights: Object.fromEntries(features.map((feature, i) => [feature, round(weights[i] ?? 0)])),
    bias: round(bias),
  };
  let best = { value: -Infinity, tuning: /** @type {RankTuning} */ (/** @type {unknown} */ (fitted)) };
  for (const maxLikely of [1, 2, 3]) {
    for (let threshold = -6; threshold <= 1; threshold += 0.05) {
      const tuning = /** @type {RankTuning} */ (/** @type {unknown} */ ({ ...fitted, threshold: round(threshold), maxLikely }));
      const value = objective(scoreCases(cases, namedWith(engine, tuning)));
      if (value > best.value) best = { value, tuning };
    }
  }
  log(
    `fitted on ${rows.length} candidates (${labels.filter((label) => label === 1).length} edited): ${describe(scoreCases(cases, namedWith(engine, best.tuning)))}`,
  );
  return best.tuning;
}

const round = (/** @type {number} */ value) => Math.round(value * 1000) / 1000;

/**
 * Logistic regression by gradient descent on standardised columns (L2 penalty 1), returned in the
 * columns' own units.
 * @param {readonly number[][]} rows
 * @param {readonly number[]} labels
 */
function logisticRegression(rows, labels) {
  const columns = rows[0]?.length ?? 0;
  const n = rows.length || 1;
  const mean = Array.from({ length: columns }, (_, j) => rows.reduce((sum, row) => sum + (row[j] ?? 0), 0) / n);
  const spread = mean.map((m, j) => Math.sqrt(rows.reduce((sum, row) => sum + ((row[j] ?? 0) - m) ** 2, 0) / n) || 1);
  const z = rows.map((row) => row.map((value, j) => (value - (mean[j] ?? 0)) / (spread[j] ?? 1)));
  const rate = labels.reduce((sum, label) => sum + label, 0) / n;
  let bias = Math.log(rate / (1 - rate));
  const weights = new Array(columns).fill(0);
  for (let step = 0; step < 1000; step++) {
    const gradient = new Array(columns).fill(0);
    let biasGradient = 0;
    z.forEach((row, i) => {
      const error = 1 / (1 + Math.exp(-row.reduce((sum, value, j) => sum + value * (weights[j] ?? 0), bias))) - (labels[i] ?? 0);
      row.forEach((value, j) => {
        gradient[j] += error * value;
      });
      biasGradient += error;
    });
    for (let j = 0; j < columns; j++) weights[j] -= 2 * (gradient[j] / n + weights[j] / n);
    bias -= (2 * biasGradient) / n;
  }
  const raw = weights.map((weight, j) => weight / (spread[j] ?? 1));
  return { weights: raw, bias: bias - raw.reduce((sum, weight, j) => sum + weight * (mean[j] ?? 0), 0) };
}

const percent = (/** @type {number} */ value) => (Number.isNaN(value) ? '–' : value.toFixed(2));

/** @param {Scores} scores */
function describe(scores) {
  return `recall ${percent(scores.recall)}, precision ${percent(scores.precision)}, silence ${percent(scores.silence)}, ${percent(scores.perPr)} pages/PR`;
}

/** @param {string} label @param {string} role @param {Scores} scores */
function row(label, role, scores) {
  return [
    label,
    role,
    String(scores.prs),
    `${percent(scores.recall)} (${scores.edited})`,
    `${percent(scores.precision)} (${scores.named})`,
    `${percent(scores.silence)} (${scores.quiet})`,
    percent(scores.perPr),
  ];
}

const HEADER = [
  'repository',
  'role',
  'pull requests',
  'recall (pages edited)',
  'precision (pages named)',
  'silence (quiet PRs)',
  'pages/PR',
];

/** Why the edited pages that were not named were missed, and where they are. */
function misses(/** @type {Engine} */ engine, /** @type {readonly Case[]} */ cases, /** @type {RankTuning} */ tuning) {
  /** @type {Map<string, number>} */
  const reasons = new Map();
  /** @type {Map<string, number>} */
  const areas = new Map();
  const count = (/** @type {Map<string, number>} */ map, /** @type {string} */ key) => map.set(key, (map.get(key) ?? 0) + 1);
  const named = namedWith(engine, tuning);
  for (const c of cases) {
    const pages = new Set(named(c));
    for (const page of c.edited) {
      if (pages.has(page)) continue;
      const doc = c.documents.indexOf(page);
      const candidate = c.evidence.candidates.find((found) => found.doc === doc);
      const scored = candidate === undefined ? undefined : engine.scoreOf(candidate, c.evidence, tuning);
      const reason =
        candidate === undefined
          ? 'mentions no changed name'
          : engine.pastPages(c.evidence)(doc)
            ? 'a changelog or an older version'
            : scored === undefined || scored.score < tuning.threshold
              ? 'evidence under the threshold'
              : 'outranked by other pages';
      count(reasons, reason);
      count(areas, `${c.repo}: ${page.includes('/') ? page.slice(0, page.indexOf('/')) : '(top level)'}/`);
    }
  }
  const sorted = (/** @type {Map<string, number>} */ map) => [...map].sort((a, b) => b[1] - a[1]);
  return { reasons: sorted(reasons), areas: sorted(areas).slice(0, 15) };
}

/** @typedef {'bm25Top' | 'bm25NamesTop'} Query which plain BM25 query: without or with the changed names */

/** Plain BM25's pages for `c`: its best pages whose score stands `lift` standard deviations above the site's mean. */
function bm25Named(
  /** @type {Case} */ c,
  /** @type {boolean} */ mentions,
  /** @type {number} */ lift,
  /** @type {number} */ pages,
  /** @type {Query} */ query = 'bm25Top',
) {
  return c[query]
    .filter((top) => top.lift >= lift && (top.mentions || !mentions))
    .slice(0, pages)
    .map((top) => top.page);
}

/** The stay-silent rule of plain BM25 (its least lift and most pages) that meets the goal best on `cases`, as the engine's search does. */
function plainBm25(/** @type {readonly Case[]} */ cases, /** @type {boolean} */ mentions, /** @type {Query} */ query) {
  let best = { value: -Infinity, lift: 0, pages: 1 };
  for (const pages of [1, 2, 3]) {
    for (let lift = 1; lift <= 20; lift += 0.5) {
      const value = objective(scoreCases(cases, (c) => bm25Named(c, mentions, lift, pages, query)));
      if (value > best.value) best = { value, lift, pages };
    }
  }
  return best;
}

const CEILING_PRECISIONS = [0.45, 0.4, 0.35];

/**
 * How far the engine's ranking goes when an oracle decides which pull requests need a docs change
 * (it names pages only on those that edited one): for each precision in CEILING_PRECISIONS, the
 * most recall any threshold and number of pages reach at that precision or more. Both are chosen
 * on `cases` themselves, so each figure is an upper bound of what a rule on whether to speak could
 * add to this ranking.
 * @param {Engine} engine
 * @param {readonly Case[]} cases
 * @param {RankTuning} tuning
 */
function ceiling(engine, cases, tuning) {
  /** @type {Map<number, { scores: Scores, threshold: number, maxLikely: number }>} */
  const best = new Map();
  for (const maxLikely of [1, 2, 3, 5]) {
    for (let step = -80; step <= 20; step++) {
      const threshold = step / 10;
      const named = namedWith(engine, { ...tuning, threshold, maxLikely });
      const scores = scoreCases(cases, (c) => (c.edited.size > 0 ? named(c) : []));
      for (const precision of CEILING_PRECISIONS) {
        const found = best.get(precision);
        if (scores.precision >= precision && (found === undefined || scores.recall > found.scores.recall))
          best.set(precision, { scores, threshold, maxLikely });
      }
    }
  }
  return CEILING_PRECISIONS.map((precision) => ({ precision, ...best.get(precision) }));
}

/**
 * How well the best page's evidence tells the pull requests that edit a page from the others: the
 * chance that one that edits a page has stronger best evidence than one that does not (the area under
 * the ROC curve; ties count half; a pull request without a candidate has none).
 * @param {Engine} engine
 * @param {readonly Case[]} cases
 * @param {RankTuning} tuning
 */
function gateArea(engine, cases, tuning) {
  const bestOf = (/** @type {Case} */ c) => {
    const past = engine.pastPages(c.evidence);
    return Math.max(
      -Infinity,
      ...c.evidence.candidates
        .filter((candidate) => !past(candidate.doc))
        .map((candidate) => engine.scoreOf(candidate, c.evidence, tuning).score),
    );
  };
  const editing = cases.filter((c) => c.edited.size > 0).map(bestOf);
  const others = cases.filter((c) => c.edited.size === 0).map(bestOf);
  let wins = 0;
  for (const a of editing) for (const b of others) wins += a > b ? 1 : a === b ? 0.5 : 0;
  return { area: wins / (editing.length * others.length || 1), editing: editing.length, others: others.length };
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    until: { type: 'string', default: '2026-07-31' },
    prs: { type: 'string', default: '300' },
    tune: { type: 'string', default: '' },
    fit: { type: 'boolean', default: false },
    baselines: { type: 'boolean', default: false },
    ceiling: { type: 'boolean', default: false },
    details: { type: 'boolean', default: false },
    show: { type: 'boolean', default: false },
    cache: { type: 'string', default: '' },
    dump: { type: 'string', default: '' },
    query: { type: 'string', default: '' },
  },
});

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (positionals.length === 0) throw new Error('usage: node bench/docs-check-replay.js [options] [label=]<git-dir>[:<docs-folder>] ...');
  const log = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);
  const { bundle, remove } = await bundleEntry('bench/lib/docs-check-entry.ts');
  const engine = /** @type {Engine} */ (bundle);
  try {
    const tuned = new Set((values.tune ?? '').split(',').filter((label) => label !== ''));
    const targets = positionals.map(target);
    /** @type {RankTuning} */
    const start = {
      ...engine.DEFAULT_TUNING,
      query: { ...engine.DEFAULT_TUNING.query, ...(values.query === '' ? {} : /** @type {object} */ (JSON.parse(values.query ?? ''))) },
    };
    const started = performance.now();
    const byRepo = targets.map((where) => ({
      where,
      cases: replayRepository(
        engine,
        inputOf(engine, where, { until: values.until ?? '', prs: Number(values.prs), cache: values.cache ?? '' }),
        start,
        log,
      ),
    }));
    if (values.show) {
      for (const c of byRepo.flatMap(({ cases }) => cases)) {
        log(
          `${c.repo}#${c.number} ${c.title}\n  edited: ${[...c.edited].join(' ')}\n  soon: ${[...c.soon].join(' ')}\n  ${c.why.join('\n  ')}`,
        );
      }
    }
    log(`replayed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if ((values.dump ?? '') !== '')
      writeFileSync(values.dump ?? '', byRepo.flatMap(({ cases }) => cases.map((c) => dumpCase(engine, c))).join('\n'));
    const tuningCases = byRepo.filter(({ where }) => tuned.has(where.label)).flatMap(({ cases }) => cases);
    const heldOut = byRepo.filter(({ where }) => !tuned.has(where.label)).flatMap(({ cases }) => cases);
    const tuning = values.fit && tuningCases.length > 0 ? fit(engine, tuningCases, start, log) : start;
    if (values.fit) log(`fitted settings: ${JSON.stringify(tuning)}`);
    const engineNamed = values.fit ? namedWith(engine, tuning) : (/** @type {Case} */ c) => c.named;
    const rows = byRepo.map(({ where, cases }) =>
      row(where.label, tuned.has(where.label) ? 'tuning' : 'held out', scoreCases(cases, engineNamed)),
    );
    if (heldOut.length > 0) rows.push(row('**pooled, held out**', '', scoreCases(heldOut, engineNamed)));
    if (tuningCases.length > 0) rows.push(row('pooled, tuning', '', scoreCases(tuningCases, engineNamed)));
    const blocks = [
      `Until ${values.until}, the last ${values.prs} squash-merged pull requests that change code in each repository; ` +
        `pages edited by the pull request or the next ${NEXT_COMMITS} commits count as right.`,
      table(HEADER, rows, ['l', 'l', 'r', 'r', 'r', 'r', 'r']),
    ];
    if (values.baselines) {
      const all = byRepo.flatMap(({ cases }) => cases);
      const queries = /** @type {const} */ ([
        ['bm25Top', ''],
        ['bm25NamesTop', ' (the changed names in the query, ×3)'],
      ]);
      const baselineRows = queries.flatMap(([query, said]) =>
        [true, false].flatMap((mentions) => {
          const { lift, pages } = plainBm25(tuningCases.length > 0 ? tuningCases : all, mentions, query);
          const named = (/** @type {Case} */ c) => bm25Named(c, mentions, lift, pages, query);
          const label = `BM25${said}, up to ${pages} pages ${lift} SD above the mean${mentions ? ', mentioning a changed name' : ''}`;
          return [row(label, 'held out', scoreCases(heldOut, named)), row(label, 'tuning', scoreCases(tuningCases, named))];
        }),
      );
      blocks.push(
        table(
          ['baseline', '', 'pull requests', 'recall', 'precision', 'silence', 'pages/PR'],
          [
            ...baselineRows,
            ...queries.flatMap(([query, said]) =>
              [1, 3].map((pages) =>
                row(
                  `BM25${said}, its best ${pages} on exactly the pull requests that edited a page (an oracle's silence)`,
                  'held out',
                  scoreCases(heldOut, (c) => (c.edited.size > 0 ? c[query].slice(0, pages).map((top) => top.page) : [])),
                ),
              ),
            ),
            row(
              'names alone (mentioned on at most 3 pages)',
              'held out',
              scoreCases(heldOut, (c) => c.nameHits),
            ),
            row('this engine', 'held out', scoreCases(heldOut, engineNamed)),
          ],
          ['l', 'l', 'r', 'r', 'r', 'r', 'r'],
        ),
      );
    }
    if (values.ceiling) {
      const measured = heldOut.length > 0 ? heldOut : tuningCases;
      blocks.push(
        table(
          [
            'told which pull requests edit a page: precision at least',
            'most recall',
            'precision',
            'pages/PR',
            'threshold',
            'pages at most',
          ],
          ceiling(engine, measured, tuning).map(({ precision, scores, threshold, maxLikely }) =>
            scores === undefined
              ? [precision.toFixed(2), 'none reaches it', '', '', '', '']
              : [
                  precision.toFixed(2),
                  percent(scores.recall),
                  percent(scores.precision),
                  percent(scores.perPr),
                  String(threshold),
                  String(maxLikely),
                ],
          ),
          ['r', 'r', 'r', 'r', 'r', 'r'],
        ),
      );
      const { area, editing, others } = gateArea(engine, measured, tuning);
      blocks.push(
        `The best page's evidence tells the ${editing} pull requests that edit a page from the other ${others} ` +
          `with an area under the ROC curve of ${area.toFixed(2)} (0.5 is chance, 1 perfect).`,
      );
    }
    if (values.details) {
      const missed = misses(engine, heldOut.length > 0 ? heldOut : tuningCases, tuning);
      blocks.push(
        table(
          ['why an edited page was missed (held out)', 'pages'],
          missed.reasons.map(([reason, n]) => [reason, String(n)]),
        ),
      );
      blocks.push(
        table(
          ['where the missed pages are', 'pages'],
          missed.areas.map(([area, n]) => [area, String(n)]),
        ),
      );
    }
    process.stdout.write(`${section('Docs check: accuracy on real history', blocks)}\n`);
  } finally {
    remove();
  }
}
