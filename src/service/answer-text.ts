/**
 * The one place where text from the service's answers enters the action: whatever it later renders, exports, sends to the
 * agent or logs was cleaned here, once, with the run's own secrets (the API key and the GitHub token, given to the client).
 * What the guards correct or drop where the public OpenAPI document allows more than the action expects is tallied here,
 * so each report says once per field what was changed.
 */
import { cleanReaderText, quoteUntrusted, redactSecrets } from '../text/redact.js';
import { counted } from '../text/plural.js';

/** The reports whose answers are tallied; the same names as `analytics-reports`. */
export type AnswerSource = 'visitors' | 'views' | 'searches' | 'feedback' | 'assistant';

const LABEL: Readonly<Record<AnswerSource, string>> = {
  visitors: 'Visitors report',
  views: 'Views report',
  searches: 'Searches report',
  feedback: 'Feedback report',
  assistant: 'Assistant report',
};

interface FieldTally {
  negative: number;
  fractional: number;
  /** Values that did not have the field's form, left out. */
  malformed: number;
  /** The form, for the warning: 'a date', 'one of pending, resolved'. */
  form?: string;
  /** What a row is called in this answer: 'row', 'entry'. */
  readonly noun: readonly [string, string];
}

/** What the guards changed in the answers of each report, until the report takes its warnings. */
export class AnswerRepairs {
  private readonly tally = new Map<AnswerSource, Map<string, FieldTally>>();

  /** Negative read as 0, a fraction rounded, each tallied; undefined when not a finite number (the guard then fails). */
  count(source: AnswerSource, field: string, value: unknown, noun: readonly [string, string] = ['row', 'rows']): number | undefined {
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    if (value < 0) {
      this.field(source, field, noun).negative++;
      return 0;
    }
    if (!Number.isInteger(value)) {
      this.field(source, field, noun).fractional++;
      return Math.round(value);
    }
    return value;
  }

  /** A rate (click-through): a finite number, negative read as 0 (tallied); fractions are its nature. */
  rate(source: AnswerSource, field: string, value: unknown): number | undefined {
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    if (value >= 0) return value;
    this.field(source, field, ['row', 'rows']).negative++;
    return 0;
  }

  malformed(source: AnswerSource, field: string, form: string, noun: readonly [string, string]): void {
    const tally = this.field(source, field, noun);
    tally.malformed++;
    tally.form = form;
  }

  /** One warning per field changed in `source`'s answers since the last call; forgets them. */
  take(source: AnswerSource): string[] {
    const fields = this.tally.get(source);
    if (fields === undefined) return [];
    this.tally.delete(source);
    return [...fields].map(([field, tally]) => describeRepair(LABEL[source], field, tally));
  }

  private field(source: AnswerSource, field: string, noun: readonly [string, string]): FieldTally {
    let fields = this.tally.get(source);
    if (fields === undefined) this.tally.set(source, (fields = new Map<string, FieldTally>()));
    let tally = fields.get(field);
    if (tally === undefined) fields.set(field, (tally = { negative: 0, fractional: 0, malformed: 0, noun }));
    return tally;
  }
}

function describeRepair(label: string, field: string, tally: FieldTally): string {
  const [one, other] = tally.noun;
  const parts = [
    ...(tally.negative > 0 ? [`negative in ${counted(tally.negative, one, other)} (read as 0)`] : []),
    ...(tally.fractional > 0 ? [`not a whole number in ${counted(tally.fractional, one, other)} (rounded)`] : []),
    ...(tally.malformed > 0 ? [`not ${tally.form ?? 'of its documented form'} in ${counted(tally.malformed, one, other)} (left out)`] : []),
  ];
  return `${label}: the service's '${field}' was ${parts.join(', and ')}; the report goes on with the rest.`;
}

export interface AnswerText {
  /** Text readers wrote (comments, search terms): normalised, without e-mail addresses and secrets. */
  reader(text: string): string;
  /** Any other text of the answer (paths, statuses, code snippets): without secrets. */
  service(text: string): string;
  /** Text fit to quote in an error message: cleaned like reader text, then cut to `max` characters. */
  quote(text: string, max: number): string;
  readonly repairs: AnswerRepairs;
}

/** The AnswerText of a run with these secrets (the API key, the GitHub token; empty ones are ignored). */
export function answerText(secrets: readonly string[], repairs: AnswerRepairs = new AnswerRepairs()): AnswerText {
  return {
    reader: (text) => cleanReaderText(text, secrets),
    service: (text) => redactSecrets(text, secrets),
    quote: (text, max) => quoteUntrusted(text, secrets, max),
    repairs,
  };
}
