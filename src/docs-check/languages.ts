/**
 * Which language family a changed file is in, by its name, and which files carry no names a docs
 * reader meets: tests, lock files, generated and vendored code, CI workflows, translations, package manifests.
 */

export type Family = 'python' | 'script' | 'go' | 'rust' | 'ruby' | 'jvm' | 'csharp' | 'php' | 'c' | 'shell' | 'config' | 'env';

const BY_EXTENSION: Readonly<Record<string, Family>> = {
  py: 'python',
  pyi: 'python',
  js: 'script',
  jsx: 'script',
  mjs: 'script',
  cjs: 'script',
  ts: 'script',
  tsx: 'script',
  mts: 'script',
  cts: 'script',
  vue: 'script',
  svelte: 'script',
  go: 'go',
  rs: 'rust',
  rb: 'ruby',
  rake: 'ruby',
  java: 'jvm',
  kt: 'jvm',
  kts: 'jvm',
  scala: 'jvm',
  cs: 'csharp',
  php: 'php',
  c: 'c',
  h: 'c',
  cc: 'c',
  cpp: 'c',
  hpp: 'c',
  swift: 'c',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  yaml: 'config',
  yml: 'config',
  toml: 'config',
  ini: 'config',
  cfg: 'config',
  json: 'config',
  properties: 'config',
};

const NO_NAMES = [
  /(^|\/)(tests?|__tests__|__mocks__|spec|e2e|fixtures?|testdata|mocks?|vendor|third_party|node_modules|dist|build)\//i,
  /(^|\/)\.github\//,
  /\.(test|spec|stories)\.[a-z]+$/i,
  /(^|\/)(test_[^/]*|[^/]*_test)\.(py|go)$/i,
  /(^|\/)conftest\.py$/,
  /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|uv\.lock|Cargo\.lock|go\.sum|Gemfile\.lock|composer\.lock|bun\.lockb?)$/,
  /(^|\/)(CHANGELOG|CHANGES|HISTORY)[^/]*$/i,
  /\.(min\.js|map|snap|lock|generated\.[a-z]+|pb\.go|d\.ts)$/i,
  /(^|\/)(generated|gen|__generated__)\//i,
  // Translations are interface text and manifests describe the build: their keys are no names a docs reader meets.
  /(^|\/)(locales?|i18n|l10n|translations|lang)\/[^/]*\.(json|ya?ml|properties)$/i,
  /(^|\/)(package\.json|tsconfig[^/]*\.json|composer\.json|\.eslintrc[^/]*|\.prettierrc[^/]*)$/i,
];

/** The family of a path, or undefined for a file whose names the check does not read (docs, images, tests). */
export function familyOf(path: string): Family | undefined {
  if (NO_NAMES.some((pattern) => pattern.test(path))) return undefined;
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (/^\.env(\.|$)/.test(name)) return 'env';
  if (/^(Dockerfile|Containerfile)(\.|$)/.test(name) || name === 'Makefile') return 'shell';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()];
}
