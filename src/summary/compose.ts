/**
 * Keeps the summary under GitHub's per-step limit (1 MiB): the least important blocks go first, last block first within a
 * level, and a note at the end says what was left out.
 */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024;
/** Room left for the trim note and GitHub's own framing. */
const SAFETY_BYTES = 4 * 1024;

/** How long a block survives trimming, first to go first. */
export const KEEP_LEVELS = ['bulk', 'detail', 'essential'] as const;
export type KeepLevel = (typeof KEEP_LEVELS)[number];

export interface SummaryBlock {
  /** Markdown of the block, ending with a line break; blocks are separated by a blank line. */
  readonly markdown: string;
  /** `essential`: what the run did and what went wrong; `detail`: charts and comparisons; `bulk`: long tables. */
  readonly keep: KeepLevel;
  /** Names the block in the trim note, e.g. "the top pages table". */
  readonly name: string;
  /** A shorter form within `maxBytes` that says it was cut (a table cut at a row), or undefined when none fits. */
  readonly shrink?: (maxBytes: number) => string | undefined;
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8') + 1;
}

/** The longest prefix of whole lines within `maxBytes`; '' when not even one line fits. */
function cutAtLine(text: string, maxBytes: number): string {
  const out: string[] = [];
  let size = 0;
  for (const line of text.split('\n')) {
    const lineSize = bytes(line);
    if (size + lineSize > maxBytes) break;
    out.push(line);
    size += lineSize;
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

function summaryTrimmed(limitBytes: number): string {
  return `The summary was trimmed to stay under GitHub's ${Math.round(limitBytes / 1024)} KiB limit for a step summary`;
}

function trimNote(opening: string, left: readonly string[], shortened: readonly string[]): string {
  const parts = [
    ...(shortened.length > 0 ? [`shortened: ${shortened.join(', ')}`] : []),
    ...(left.length > 0 ? [`left out: ${left.join(', ')}`] : []),
  ];
  return `> [!NOTE]\n> ${opening}; ${parts.join('; ')}.\n`;
}

/** `trimmed`: the start of the note saying what was trimmed (an issue comment has its own words for its limit). */
export function composeSummary(
  blocks: readonly SummaryBlock[],
  limitBytes = SUMMARY_LIMIT_BYTES,
  trimmed: string = summaryTrimmed(limitBytes),
): string {
  const budget = limitBytes - SAFETY_BYTES;
  const texts: Array<string | undefined> = blocks.map((block) => block.markdown);
  let used = texts.reduce((sum, text) => sum + (text === undefined ? 0 : bytes(text)), 0);
  const left: string[] = [];
  const shortened: string[] = [];
  for (const level of KEEP_LEVELS) {
    for (let index = blocks.length - 1; index >= 0 && used > budget; index--) {
      const block = blocks[index];
      const text = texts[index];
      if (block === undefined || text === undefined || block.keep !== level) continue;
      const room = budget - (used - bytes(text));
      // Essential blocks are short by construction (every field is capped); cutting one is the last resort.
      const shorter = level === 'essential' ? cutAtLine(text, room) : block.shrink?.(room);
      const kept = shorter === undefined || shorter === '' || bytes(shorter) > room ? undefined : shorter;
      texts[index] = kept;
      used += (kept === undefined ? 0 : bytes(kept)) - bytes(text);
      (kept === undefined ? left : shortened).push(block.name);
    }
  }
  const kept = texts.filter((text): text is string => text !== undefined);
  if (left.length > 0 || shortened.length > 0) kept.push(trimNote(trimmed, left, shortened));
  return kept.join('\n');
}
