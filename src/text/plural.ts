/** "0 pages", "1 page", "2 pages"; `format` renders the number (plain in logs, with thousands separators in the summary). */
export function counted(count: number, one: string, other = `${one}s`, format: (value: number) => string = String): string {
  return `${format(count)} ${count === 1 ? one : other}`;
}
