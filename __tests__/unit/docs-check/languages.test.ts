/** Which language family a changed file is in, and which files carry no names (src/docs-check/languages.ts). */
import { describe, expect, test } from '@jest/globals';
import { familyOf } from '../../../src/docs-check/languages.js';

describe('familyOf', () => {
  test.each([
    ['src/agent.py', 'python'],
    ['packages/sdk/src/client.ts', 'script'],
    ['web/App.tsx', 'script'],
    ['cmd/serve.go', 'go'],
    ['crates/core/src/lib.rs', 'rust'],
    ['app/models/order.rb', 'ruby'],
    ['src/main/java/Api.java', 'jvm'],
    ['Service.cs', 'csharp'],
    ['config/settings.yaml', 'config'],
    ['pyproject.toml', 'config'],
    ['src/locales/loader.ts', 'script'],
    ['config/settings.json', 'config'],
    ['.env.example', 'env'],
    ['docker/Dockerfile', 'shell'],
    ['scripts/install.sh', 'shell'],
  ])('%s is %s', (path, family) => {
    expect(familyOf(path)).toBe(family);
  });

  test.each([
    'tests/test_agent.py',
    'src/__tests__/client.test.ts',
    'src/client.spec.ts',
    'pkg/server/server_test.go',
    'conftest.py',
    'package-lock.json',
    'go.sum',
    '.github/workflows/ci.yml',
    'CHANGELOG.md',
    'docs/guide.mdx',
    'images/logo.png',
    'node_modules/x/index.js',
    'src/types.d.ts',
    'LICENSE',
    'config/locales/en.yml',
    'web/src/i18n/de.json',
    'packages/sdk/package.json',
    'tsconfig.build.json',
  ])('%s carries no names for the check', (path) => {
    expect(familyOf(path)).toBeUndefined();
  });
});
