/**
 * Joins summary sections and keeps the whole under GitHub's per-step limit (1 MiB), trimming the
 * last sections first and saying so.
 */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024;
/** Room left for the trim note and GitHub's own framing. */
const SAFETY_BYTES = 4 * 1024;

export function composeSummary(sections: readonly string[], limitBytes = SUMMARY_LIMIT_BYTES): string {
  const budget = limitBytes - SAFETY_BYTES;
  const kept: string[] = [];
  let used = 0;
  for (const section of sections) {
    const size = Buffer.byteLength(section, 'utf8') + 1;
    if (used + size > budget) {
      const remaining = budget - used;
      const cut = remaining > 0 ? cutAtLine(section, remaining) : '';
      if (cut !== '') kept.push(cut);
      kept.push(
        `\n> [!NOTE]\n> The summary was trimmed to stay under GitHub's ${Math.round(limitBytes / 1024)} KiB limit for a step summary.\n`,
      );
      return kept.join('\n');
    }
    kept.push(section);
    used += size;
  }
  return kept.join('\n');
}

/** The longest prefix of whole lines within `maxBytes`. */
function cutAtLine(text: string, maxBytes: number): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let size = 0;
  for (const line of lines) {
    const lineSize = Buffer.byteLength(line, 'utf8') + 1;
    if (size + lineSize > maxBytes) break;
    out.push(line);
    size += lineSize;
  }
  return out.join('\n');
}
