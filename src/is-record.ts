/** A JSON object (or any non-array object), so its fields can be read as `unknown` and checked one by one. */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
