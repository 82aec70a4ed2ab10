import { SECTION_BYTES } from '../text/byte-budget.js';

/** How large the evidence of analytics-in-prompt may be (the bound of every section of a prompt), and what separates it from the prompt. */
export const MAX_EVIDENCE_BYTES = SECTION_BYTES;
export const EVIDENCE_SEPARATOR = '\n\n---\n\n';
