// @ts-check
// Preloaded into a run of dist/index.js (NODE_OPTIONS=--import): when the run exits, writes to the
// file LOAD_RECORD names which of Node's own modules it loaded, and how often it read the file
// GITHUB_EVENT_PATH names. Used by __tests__/e2e/startup.test.ts.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const eventPath = process.env['GITHUB_EVENT_PATH'];
const record = process.env['LOAD_RECORD'];
let eventReads = 0;
/** @param {unknown} path */
const countRead = (path) => {
  if (eventPath !== undefined && String(path) === eventPath) eventReads++;
};

const { readFileSync, writeFileSync } = fs;
/** @type {(...args: Parameters<typeof fs.readFileSync>) => string | Buffer} */
const countedReadFileSync = (path, options) => {
  countRead(path);
  return readFileSync(path, options);
};
const readFile = fs.promises.readFile;
/** @type {(...args: Parameters<typeof fs.promises.readFile>) => Promise<string | Buffer>} */
const countedReadFile = (path, options) => {
  countRead(path);
  return readFile(path, options);
};
Object.assign(fs, { readFileSync: countedReadFileSync });
Object.assign(fs.promises, { readFile: countedReadFile });
// ES modules that import from node:fs see the counting functions too.
syncBuiltinESMExports();

process.on('exit', () => {
  if (record === undefined) return;
  /** @type {unknown} */
  const modules = Reflect.get(process, 'moduleLoadList');
  writeFileSync(record, JSON.stringify({ modules, eventReads }));
});
