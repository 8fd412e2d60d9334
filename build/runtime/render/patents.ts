// The patent list's composers: a page that starts between two stored pages, and the addTec filter over
// every page of a list.

import { composer } from '../composer.ts';
import type { Canonical } from '../params.ts';
import type { RouteOp } from '../routes.ts';

interface Page {
  data: Record<string, unknown>[];
}

function pagingOf(values: Canonical, op: RouteOp) {
  if (!op.paging) throw new Error(`${op.path} is not paged`);
  return { offset: Number(values[op.paging.offset]), size: op.paging.size };
}

/** One page that starts inside the first of two consecutive pages. */
export const pageComposer = composer<Page>('page', (results, { values, op }) => {
  const { offset, size } = pagingOf(values, op);
  const start = offset % size;
  return { data: results.flatMap((p) => p.data).slice(start, start + size) };
});

/** The patents of every page whose field (section) or theme (subject) is one of addTec's. */
export const patentFilterComposer = composer<Page>('patentFilter', (results, { values, op, table }) => {
  const { offset, size } = pagingOf(values, op);
  const fields = table.labels.patentFields ?? {};
  const themes = table.labels.patentThemes ?? {};
  const wanted = (values.addTec ?? '').split(',').map((e) => {
    const [tec = '', theme = ''] = e.split('_');
    return { section: fields[tec], subject: theme ? themes[`${tec}_${theme}`] : undefined };
  });
  const match = (r: Record<string, unknown>) =>
    wanted.some((w) => r.patentSection === w.section && (w.subject === undefined || r.patentSubject === w.subject));
  return {
    data: results
      .flatMap((p) => p.data)
      .filter(match)
      .slice(offset, offset + size),
  };
});
