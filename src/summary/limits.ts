/**
 * The service can send a string of megabytes: shown whole, one field would crowd the rest out of the summary (1 MiB a step)
 * or make a comment too long for GitHub (65,536 characters). Outputs and the export file keep the whole value.
 */

/** Caps, in characters, of the job's fields wherever they are shown (job card, issue comment). */
export const FIELD_CHARS = {
  jobId: 100,
  status: 60,
  model: 120,
  repository: 200,
  ref: 200,
  /** A longer pull-request URL is shown as text, not as a link: a cut URL would lead elsewhere. */
  link: 2000,
  linkLabel: 200,
  /** Warnings and error messages quoted in the summary. */
  message: 2000,
} as const;

/** Longer paths are cut in the table; the export file has them whole. */
export const MAX_PATH_CHARS = 120;
