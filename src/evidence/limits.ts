/** How large the evidence of analytics-in-prompt may be, and what separates it from the prompt. */
export const MAX_EVIDENCE_BYTES = 16 * 1024;
export const EVIDENCE_SEPARATOR = '\n\n---\n\n';
