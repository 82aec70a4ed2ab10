/** Every output, declared once; a test checks the list against action.yml. */
import * as core from '@actions/core';

export const OUTPUT_NAMES = [
  'job-id',
  'status',
  'pr-link',
  'pr-number',
  'model',
  'source-repository',
  'source-ref',
  'created-at',
  'visitors-total',
  'visitors-human',
  'visitors-ai',
  'analytics-pages',
  'analytics-file',
  'visitors-total-previous',
  'views-total',
  'views-human',
  'views-ai',
  'searches-total',
  'feedback-thumbs-up',
  'feedback-thumbs-down',
  'assistant-queries',
  'impact-improved',
  'impact-worse',
  'impact-unclear',
  'comment-url',
  'change-commits',
  'change-files',
  'docs-pages',
  'docs-identifiers',
  'docs-undocumented',
  'skipped',
] as const;

export type OutputName = (typeof OUTPUT_NAMES)[number];

export function setOutput(name: OutputName, value: string | number | undefined): void {
  core.setOutput(name, value === undefined ? '' : String(value));
}
