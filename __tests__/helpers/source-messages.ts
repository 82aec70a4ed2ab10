/**
 * Whether a message quoted in the docs is one the source can produce. The source's messages are
 * its string and template literals (and `+` chains of them), each read as a pattern: its literal
 * text, with a hole for every `${…}` or non-literal operand. Messages are often built from several
 * of them (`Input '${input}': ${message}` around a reader's own text, `${what}: …` around a
 * request's failure), so a hole may be filled by another pattern, or by a short value (an id, a
 * number, a login) that the doc shows as an example.
 *
 * A quote is cut into its literal parts at the doc's variable parts (`…` and `<…>`): the first part
 * must be the start of a message, each later part a stretch of one, and most of each part's text
 * must be the sources' literal text rather than values, so a made-up sentence cannot slip through
 * the holes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const HOLE = null;
/** Literal text and holes, in order. */
type Pattern = readonly (string | typeof HOLE)[];

/** A value in place of a hole: at most this long, and at most this many spaces (`12m 5s`, `Job not found`). */
const MAX_VALUE_CHARS = 60;
const MAX_VALUE_SPACES = 3;
/** How deep patterns may fill each other's holes. */
const MAX_NESTING = 3;
/** Patterns with less literal text than this are joints (`${a}: ${b}`), not messages: they cannot cover text. */
const MIN_PATTERN_CHARS = 4;
/** The share of a part's characters that must be the sources' literal text. */
const MIN_LITERAL_SHARE = 0.6;

/** The doc's variable parts: an ellipsis, or a placeholder in angle brackets. */
const VARIABLE_PART = /…|<[^<>\s][^<>]*>/;

function isLiteral(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
}

function partsOf(node: ts.Expression): Pattern {
  if (ts.isParenthesizedExpression(node)) return partsOf(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.flatMap((span) => [HOLE, span.literal.text])];
  if (isPlusChain(node)) return [...partsOf(node.left), ...partsOf(node.right)];
  return [HOLE];
}

/** Adjacent literal texts joined, and adjacent holes made one. */
function normalized(parts: Pattern): Pattern {
  const out: (string | typeof HOLE)[] = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (part === HOLE) {
      if (last !== HOLE || out.length === 0) out.push(HOLE);
    } else if (typeof last === 'string') out[out.length - 1] = last + part;
    else out.push(part);
  }
  return out;
}

function literalChars(pattern: Pattern): number {
  return pattern.reduce<number>((sum, part) => sum + (part ?? '').trim().length, 0);
}

function isPlusChain(node: ts.Node): node is ts.BinaryExpression {
  return ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken;
}

/** The patterns of one TypeScript source text. */
export function patternsOfSource(text: string, fileName = 'source.ts'): Pattern[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const patterns: Pattern[] = [];
  const visit = (node: ts.Node): void => {
    if (isPlusChain(node) && !(node.parent !== undefined && isPlusChain(node.parent))) {
      const pattern = normalized(partsOf(node));
      if (pattern.some((part) => part !== HOLE)) patterns.push(pattern);
    }
    if (isLiteral(node)) patterns.push(normalized(partsOf(node)));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return patterns.filter((pattern) => literalChars(pattern) >= MIN_PATTERN_CHARS);
}

/** The patterns of every `.ts` file under `dir`. */
export function patternsOfTree(dir: string): Pattern[] {
  const all = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => patternsOfSource(readFileSync(join(dir, name), 'utf8'), name));
  return [...new Map(all.map((pattern) => [JSON.stringify(pattern), pattern])).values()];
}

/** The quoted messages of a troubleshooting page: the code spans in the first cell of each table row. */
export function quotedMessages(page: string): string[] {
  const quotes: string[] = [];
  for (const line of page.split('\n')) {
    if (!line.startsWith('|') || /^\|\s*(message\s*\||-)/.test(line)) continue;
    const cell = line.slice(1).split(/(?<!\\)\|/)[0] ?? '';
    for (const match of cell.matchAll(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g)) {
      const code = match[2] ?? '';
      // A span opened with two backticks may hold one, padded by a space on each side.
      quotes.push((match[1] ?? '').length > 1 ? code.replace(/^ (.*) $/s, '$1') : code);
    }
  }
  return quotes;
}

/** Best literal coverage by end position. */
type Ends = Map<number, number>;

function keepBest(ends: Ends, end: number, covered: number): void {
  if ((ends.get(end) ?? -1) < covered) ends.set(end, covered);
}

function isValue(text: string): boolean {
  return text.length <= MAX_VALUE_CHARS && (text.match(/ /g) ?? []).length <= MAX_VALUE_SPACES && !text.includes('\n');
}

/** Matching one part of a quote (`text`) against the patterns. `n` (the text's end) means the text ran out: a match. */
class PartMatcher {
  private readonly fills = new Map<string, Ends>();
  private readonly n: number;

  /**
   * The patterns whose first literal text meets this text (a pattern is entered at its start
   * everywhere but `anywhere()`), each with the last position where that literal meets it.
   */
  private readonly patterns: readonly { readonly pattern: Pattern; readonly opensWithHole: boolean; readonly lastMeeting: number }[];

  constructor(
    private readonly text: string,
    private readonly allPatterns: readonly Pattern[],
  ) {
    this.n = text.length;
    this.patterns = allPatterns.flatMap((pattern) => {
      const first = pattern.find((part): part is string => part !== HOLE && part !== '') ?? '';
      const lastMeeting = this.lastMeeting(first);
      return lastMeeting < 0 ? [] : [{ pattern, opensWithHole: pattern[0] === HOLE || pattern[0] === '', lastMeeting }];
    });
  }

  /** The last position where `literal` occurs in the text or begins with the text's end (the text may run out inside it), or -1. */
  private lastMeeting(literal: string): number {
    const { text, n } = this;
    if (literal === '') return -1;
    for (
      let start = text.lastIndexOf(literal.charAt(0));
      start > n - literal.length && start >= 0;
      start = text.lastIndexOf(literal.charAt(0), start - 1)
    ) {
      if (literal.startsWith(text.slice(start))) return start;
      if (start === 0) break;
    }
    return text.lastIndexOf(literal);
  }

  private readonly meetingsOf = new Map<string, number[]>();

  /** Every position where `literal` occurs in the text or begins with the text's end. */
  private meetings(literal: string): number[] {
    const known = this.meetingsOf.get(literal);
    if (known !== undefined) return known;
    const { text, n } = this;
    const found: number[] = [];
    for (let pos = text.indexOf(literal.charAt(0)); pos >= 0; pos = text.indexOf(literal.charAt(0), pos + 1)) {
      if (text.startsWith(literal, pos) || (n - pos < literal.length && literal.startsWith(text.slice(pos)))) found.push(pos);
    }
    this.meetingsOf.set(literal, found);
    return found;
  }

  /** Whether `literal` occurs in the text, or begins with an end of it. */
  private meets(literal: string): boolean {
    return this.lastMeeting(literal) >= 0;
  }

  /** Whether the text at `pos` starts with `literal`, or runs out inside it. */
  private opensAt(literal: string, pos: number): boolean {
    return literal[0] === this.text[pos] && (this.text.startsWith(literal, pos) || literal.startsWith(this.text.slice(pos)));
  }

  /** Ways to fill a hole from `pos`: a value, or another pattern. */
  private fill(pos: number, depth: number): Ends {
    const key = `${pos}:${depth}`;
    const known = this.fills.get(key);
    if (known !== undefined) return known;
    const ends: Ends = new Map();
    this.fills.set(key, ends);
    for (let end = pos; end <= Math.min(this.n, pos + MAX_VALUE_CHARS); end++) {
      if (isValue(this.text.slice(pos, end))) keepBest(ends, end, 0);
    }
    if (depth < MAX_NESTING && pos < this.n) {
      for (const { pattern, opensWithHole, lastMeeting } of this.patterns) {
        if (opensWithHole ? lastMeeting < pos : !this.opensAt(pattern[0] ?? '', pos)) continue;
        for (const [end, covered] of this.run(pattern, 0, new Map([[pos, 0]]), depth + 1)) keepBest(ends, end, covered);
      }
    }
    return ends;
  }

  /** Matches `pattern` from part `from` on, from the states `start` (position → coverage so far). */
  run(pattern: Pattern, from: number, start: Ends, depth: number): Ends {
    const { text, n } = this;
    const result: Ends = new Map();
    let states = start;
    for (let index = from; index < pattern.length && states.size > 0; index++) {
      const part = pattern[index];
      const next: Ends = new Map();
      for (const [pos, covered] of states) {
        if (pos === n) {
          keepBest(result, n, covered);
        } else if (part === HOLE || part === undefined) {
          const fills = this.fill(pos, depth);
          const after = pattern[index + 1];
          // Only where the literal after the hole can follow, or the text runs out in the hole: fewer states than every way to fill it.
          const ends =
            typeof after === 'string' && after !== '' ? [...this.meetings(after), n].filter((end) => fills.has(end)) : fills.keys();
          for (const end of ends) keepBest(next, end, covered + (fills.get(end) ?? 0));
        } else if (text.startsWith(part, pos)) {
          keepBest(next, pos + part.length, covered + part.length);
        } else if (part.startsWith(text.slice(pos))) {
          keepBest(result, n, covered + n - pos);
        }
      }
      states = next;
    }
    for (const [pos, covered] of states) keepBest(result, pos, covered);
    return result;
  }

  /** The best coverage of the whole text as the start of a message, or -1. */
  fromStart(): number {
    let best = -1;
    for (const { pattern } of this.patterns) best = Math.max(best, this.run(pattern, 0, new Map([[0, 0]]), 0).get(this.n) ?? -1);
    return best;
  }

  /** The best coverage of the whole text as a stretch of a message (it may begin inside a literal or a value), or -1. */
  anywhere(): number {
    const { text, n } = this;
    let best = -1;
    // A pattern is entered inside a literal that ends where the text begins, or through a hole and a later literal that meets it.
    const touches = (literal: string): boolean => {
      if (literal === '' || literal.includes(text) || this.meets(literal)) return literal !== '';
      for (let length = 1; length <= Math.min(n, literal.length); length++) if (literal.endsWith(text.slice(0, length))) return true;
      return false;
    };
    const entered = this.allPatterns.filter((pattern) => pattern.some((part) => part !== HOLE && touches(part)));
    for (const pattern of entered) {
      pattern.forEach((part, index) => {
        const start: Ends = new Map();
        if (part === HOLE || part === undefined) {
          for (let end = 0; end <= Math.min(n, MAX_VALUE_CHARS); end++) if (isValue(text.slice(0, end))) keepBest(start, end, 0);
        } else if (part.includes(text)) {
          best = n;
        } else {
          for (let offset = part.indexOf(text.charAt(0)); offset >= 0; offset = part.indexOf(text.charAt(0), offset + 1)) {
            if (text.startsWith(part.slice(offset))) keepBest(start, part.length - offset, part.length - offset);
          }
        }
        if (start.size > 0) best = Math.max(best, this.run(pattern, index + 1, start, 0).get(n) ?? -1);
      });
    }
    return best;
  }
}

/** Why `quote` is not a message of the sources, or undefined when it is. */
export function unproduced(quote: string, patterns: readonly Pattern[]): string | undefined {
  const parts = quote.split(new RegExp(VARIABLE_PART.source, 'g'));
  for (const [index, part] of parts.entries()) {
    if (part.trim() === '') continue;
    const matcher = new PartMatcher(part, patterns);
    const covered = index === 0 ? matcher.fromStart() : matcher.anywhere();
    if (covered < 0) return index === 0 ? `no message starts "${part}"` : `no message holds "${part}"`;
    if (covered < MIN_LITERAL_SHARE * part.length)
      return `"${part}" is mostly values in the holes of messages (${covered} of ${part.length} characters literal)`;
  }
  return undefined;
}
