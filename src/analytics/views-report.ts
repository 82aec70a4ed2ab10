/**
 * The views report: content view events per page, paged like visitors (offset, up to 250 rows a
 * request), the top pages kept in a bounded heap, every row streamed to the export.
 */
import type { PageViews, ViewsPage } from '../service/analytics-types.js';
import type { ViewsReport } from './health-report.js';
import { offsetPaging, paginate } from './paginate.js';
import { PARTS } from './parts.js';
import { exportTail, pagingWarnings, type ReportContext } from './report-context.js';
import { TopPages } from './top-pages.js';
import type { TrafficWatch } from './traffic-watch.js';
import { windowQuery } from './window.js';

export async function fetchViewsReport(context: ReportContext, watch: TrafficWatch): Promise<ViewsReport> {
  const { settings, client, projectId, log } = context;
  const top = new TopPages(settings.top);
  const result = await paginate({
    paging: offsetPaging({
      report: 'Views report',
      request: 'Views request',
      rowsNoun: 'pages',
      keyNoun: 'a path',
      part: PARTS.views,
      window: windowQuery(settings.window),
      pageSize: settings.pageSize,
      fetch: (query) => client.getViews(projectId, query),
      rowsOf: (page: ViewsPage) => page.views,
      keyOf: (row: PageViews) => row.path,
      hasMoreOf: (page) => page.hasMore,
    }),
    budget: context.budget,
    onFirst: (page) => context.export?.begin('views', { totals: page.totals }, 'pages'),
    onRows: async (rows) => {
      for (const row of rows) top.offer(row);
      watch.offerViews(rows);
      await context.export?.rows(rows);
    },
    clock: context.clock,
    deadline: context.deadline,
    log,
  });
  const { totals } = result.first;
  log.info(
    `Views report: ${result.rows} pages in ${result.requests} requests; ${totals.total} views (human ${totals.human}, AI ${totals.ai}).`,
  );
  const warnings = pagingWarnings('Views report', result, `${result.rows} pages`, log);
  await context.export?.end('views', exportTail(result));
  return { totals, pages: result.rows, topPages: top.sorted(), requests: result.requests, complete: result.complete, warnings };
}
