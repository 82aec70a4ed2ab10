/** Content view events per page, paged like visitors: the top pages in a bounded heap, every row streamed to the export. */
import { counted } from '../text/plural.js';
import type { PageViews, ViewsPage } from '../service/analytics-types.js';
import type { ViewsReport } from './health-report.js';
import { viewsDone } from './messages.js';
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
      rowNoun: ['page', 'pages'],
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
      // Only the rows the export could take count anywhere, so the file, the table and the counts agree.
      const stop = await context.export?.rows(rows);
      const kept = rows.slice(0, stop?.kept ?? rows.length);
      for (const row of kept) top.offer(row);
      watch.offerViews(kept);
      return stop;
    },
    clock: context.clock,
    deadline: context.deadline,
    log,
  });
  const { totals } = result.first;
  log.info(viewsDone(result.rows, result.requests, totals));
  const warnings = pagingWarnings('Views report', result, counted(result.rows, 'page'), log);
  await context.export?.end('views', exportTail(result));
  return { totals, pages: result.rows, topPages: top.sorted(), requests: result.requests, complete: result.complete, warnings };
}
