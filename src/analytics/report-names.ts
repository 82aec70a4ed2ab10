/** `analytics-reports`. The order of REPORT_NAMES is the order of the summary's sections and of the export's keys. */
export const REPORT_NAMES = ['visitors', 'views', 'searches', 'feedback', 'assistant', 'impact'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/**
 * What `all` stands for: the reports `all` meant before `impact` existed. A workflow that wrote `all`
 * keeps its requests, budget and permissions; `all, impact` asks for the impact report too.
 */
const ALL_REPORTS: readonly ReportName[] = REPORT_NAMES.filter((name) => name !== 'impact');

export const REPORTS_FORM = `a comma list of ${REPORT_NAMES.join(', ')}, or 'all' (every report but impact; 'all, impact' adds it)`;

/** The chosen reports, or why the text is not a list of them. */
export function parseReports(text: string): { reports: ReadonlySet<ReportName>; all: boolean } | { reason: string } {
  const items = text
    .toLowerCase()
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) return { reason: 'is empty' };
  if (items.includes('all')) {
    if (!items.every((item) => item === 'all' || item === 'impact')) return { reason: "'all' can be combined with 'impact' only" };
    const impact = items.includes('impact');
    return { reports: new Set(REPORT_NAMES.filter((name) => ALL_REPORTS.includes(name) || (impact && name === 'impact'))), all: true };
  }
  const chosen = new Set<ReportName>();
  for (const item of items) {
    const known = REPORT_NAMES.find((name) => name === item);
    if (known === undefined) return { reason: `'${item}' is not a report` };
    chosen.add(known);
  }
  // Set order follows REPORT_NAMES, whatever order the user wrote.
  return { reports: new Set(REPORT_NAMES.filter((name) => chosen.has(name))), all: false };
}

/** The plain visitors report of before the health report: its summary, export and failure rules. */
export function isVisitorsOnly(reports: ReadonlySet<ReportName>): boolean {
  return reports.size === 1 && reports.has('visitors');
}
