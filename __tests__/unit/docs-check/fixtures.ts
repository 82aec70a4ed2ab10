/** Documents and sites for the docs check's tests. */
import { type ChangedName, type DocsDocument, type DocsSite } from '../../../src/docs-check/types.js';

export function page(name: string, text: string, extra: Partial<DocsDocument> = {}): DocsDocument {
  return {
    name,
    kind: 'page',
    file: `${name}.mdx`,
    title: name,
    description: '',
    text,
    firstLine: 1,
    routes: [],
    includedBy: [],
    generated: false,
    ...extra,
  };
}

export const site = (...documents: DocsDocument[]): DocsSite => ({ documents });

export function changed(name: string, extra: Partial<ChangedName> = {}): ChangedName {
  return { name, kind: 'function', status: 'changed', files: ['src/x.py'], ...extra };
}
