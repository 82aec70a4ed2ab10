/** The operations of an OpenAPI document, JSON or YAML (src/docs-check/openapi.ts). */
import { describe, expect, test } from '@jest/globals';
import { operationsOf, parseOperationReference } from '../../../src/docs-check/openapi.js';

describe('operationsOf', () => {
  test('JSON: every operation with its method, path, summary and words', () => {
    const spec = JSON.stringify({
      openapi: '3.1.0',
      paths: {
        '/users': {
          parameters: [{ name: 'ignored', in: 'query' }],
          get: { summary: 'List users', operationId: 'listUsers', tags: ['users'], parameters: [{ name: 'page_size', in: 'query' }] },
          post: { description: 'Create a user' },
        },
        '/users/{id}': { delete: { summary: 'Delete a user' } },
        'not-a-path': { get: {} },
      },
    });
    expect(operationsOf(spec)).toEqual([
      { method: 'GET', path: '/users', summary: 'List users', words: 'listUsers users page_size' },
      { method: 'POST', path: '/users', summary: '', words: 'Create a user' },
      { method: 'DELETE', path: '/users/{id}', summary: 'Delete a user', words: '' },
    ]);
  });

  test('YAML: the operations under the top-level paths', () => {
    const spec = [
      'openapi: 3.0.0',
      'info:',
      '  title: API',
      'paths:',
      '  /jobs:',
      '    get:',
      '      summary: List jobs',
      '      operationId: listJobs',
      '      parameters:',
      '        - name: status',
      '    parameters:',
      '      - name: shared',
      "  '/jobs/{job_id}':",
      '    patch:',
      '      description: "Update a job"',
      'components:',
      '  schemas: {}',
    ].join('\n');
    expect(operationsOf(spec)).toEqual([
      { method: 'GET', path: '/jobs', summary: 'List jobs', words: 'listJobs status' },
      { method: 'PATCH', path: '/jobs/{job_id}', summary: '', words: 'Update a job' },
    ]);
  });

  test('YAML lines over 1,000 characters are skipped, the rest still read', () => {
    const spec = ['openapi: 3.0.0', 'paths:', '  /jobs:', `    x-note: ${'y'.repeat(2000)}`, '    get:', '      summary: List jobs'].join(
      '\n',
    );
    expect(operationsOf(spec)).toEqual([{ method: 'GET', path: '/jobs', summary: 'List jobs', words: '' }]);
  });

  test('what is not an OpenAPI document has no operations', () => {
    expect(operationsOf('{"name": "docs"}')).toEqual([]);
    expect(operationsOf('{ not json')).toEqual([]);
    expect(operationsOf('title: notes\npaths:\n  /x:\n    get: {}')).toEqual([]);
  });
});

describe('parseOperationReference', () => {
  test('a route, with or without its spec', () => {
    expect(parseOperationReference('GET /users')).toEqual({ route: { method: 'GET', path: '/users' } });
    expect(parseOperationReference('openapi/v2.json post /users/{id}')).toEqual({
      spec: 'openapi/v2.json',
      route: { method: 'POST', path: '/users/{id}' },
    });
  });

  test('a page path is no route', () => {
    expect(parseOperationReference('api-reference/users')).toBeUndefined();
    expect(parseOperationReference('GET users')).toBeUndefined();
  });
});
