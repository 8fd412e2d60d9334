// The build without the tree: any file of dist, rendered when first asked for by the same plan,
// enumeration and render functions `build()` writes with, so its bytes are the build's. An operation's
// facts are prepared the first time one of its files is asked for; the docs page and manifests, which
// speak of every file, enumerate every operation the first time one of them is asked for (the docs page
// and the explorer's operation list count nothing and come at once).

import type { BuildContext, Operation } from '../ops/operation.ts';
import type { Canonical } from '../runtime/params.ts';
import { resolve } from '../runtime/resolve.ts';
import { shareOf } from '../../sources/scope.ts';
import { valuesOfFile } from '../runtime/file-path.ts';
import { API_INDEX, type RouteTable } from '../runtime/routes.ts';
import { apiIndex } from './api-index.ts';
import {
  tallyFiles,
  docsPageOf,
  enumerateFiles,
  exampleOf,
  EXPLORER_OPERATIONS,
  explorerOperations,
  plan,
  renderFile,
  siteFiles,
  titles,
  type BuildOptions,
  type Plan,
} from './build.ts';

/** What prepare() calls the files that speak of every operation: the docs page, manifests, OpenAPI. */
export const SITE = 'site';

/** What a server needs of a renderer: the route table, and any file of dist (null where a build writes none). */
export interface Renderer {
  readonly plan: { readonly table: RouteTable };
  read(path: string): string | null | Promise<string | null>;
}

export class OnDemand implements Renderer {
  readonly plan: Plan;
  private readonly states = new Map<Operation, unknown>();
  /** Per operation that declares a share, the facts of each share asked for before the whole was prepared. */
  private readonly shares = new Map<Operation, Map<string, { state: unknown; ctx: BuildContext }>>();
  private readonly opOf = new Map<string, Operation>();
  private site: Map<string, string> | undefined;
  private page: string | undefined;
  private operations: string | undefined;

  /** `table`: the route table of a plan of the same options, when one was made already (by another thread). */
  constructor(options: BuildOptions, table?: RouteTable) {
    this.plan = plan(options, table);
    for (const op of this.plan.operations) this.opOf.set(op.route.path, op);
  }

  /** Prepares an operation's facts now (`site`: the docs page and manifests), so that its first answer is quick. */
  prepare(path: string): void {
    if (path === SITE) {
      this.siteFiles();
      return;
    }
    const op = this.opOf.get(path);
    if (op && !this.plan.routeOf.get(op)!.unavailable) this.state(op);
  }

  /** Whether every operation's files have been counted (for the manifest and OpenAPI): the slow part of the site files, which the docs page and the explorer's list do without. */
  get counted(): boolean {
    return this.site !== undefined;
  }

  /** What of an operation's facts is prepared: the whole, and how many shares (for tests and reports). */
  preparedOf(path: string): { whole: boolean; shares: number } {
    const op = this.opOf.get(path);
    return { whole: !!op && this.states.has(op), shares: (op && this.shares.get(op)?.size) ?? 0 };
  }

  private state(op: Operation): unknown {
    if (!this.states.has(op)) {
      this.states.set(op, op.prepare(this.plan.ctx));
      this.shares.delete(op); // the whole answers every prefecture now
    }
    return this.states.get(op);
  }

  /**
   * Renders one file: from the whole's facts once prepared; before that, for an operation that declares
   * a share, from the share of the sources its answer reads (the same bytes, a fraction of the work).
   * After a few shares the whole is prepared instead: each share costs more than its fraction.
   */
  private render(op: Operation, values: Canonical): string | null {
    const share = shareOfFile(op, values);
    const shares = this.shares.get(op) ?? new Map<string, { state: unknown; ctx: BuildContext }>();
    if (this.states.has(op) || !share || (!shares.has(share.key) && shares.size >= MAX_SHARES)) {
      return renderFile(op, this.state(op), values, this.plan.ctx);
    }
    let prepared = shares.get(share.key);
    if (!prepared) {
      const ctx = shareContext(this.plan.ctx, op, share);
      shares.set(share.key, (prepared = { state: op.prepare(ctx), ctx }));
      this.shares.set(op, shares);
    }
    return renderFile(op, prepared.state, values, prepared.ctx);
  }

  /** The file a build with the same options writes at this dist path (`/api/v1/…/index.json`, `/manifest.json`), or null where it writes none. */
  read(path: string): string | null {
    if (path === API_INDEX) return apiIndex(this.plan.table, titles(this.plan), this.plan.ctx.sources.dataset.notice);
    if (path.startsWith('/api/')) return this.response(path);
    if (path === '/routes.json') return JSON.stringify(this.plan.table); // the server needs it first; it needs no tally of files
    // The docs page and the explorer's list count no files: they come at once, before the manifest, which
    // counts every operation's files and generates every source table for their digests.
    if (path === '/index.html' && !this.site)
      return (this.page ??= docsPageOf(this.plan, (op) =>
        exampleOf(this.plan, op, () => enumerateFiles(this.plan, op, false)),
      ));
    if (path === EXPLORER_OPERATIONS && !this.site) return (this.operations ??= explorerOperations(this.plan));
    return this.siteFiles().get(path) ?? null;
  }

  /** The response files are exactly the canonical paths the resolver maps a request to: validation is the resolver's. */
  private response(path: string): string | null {
    const r = resolve(this.plan.routes, path, '');
    if (r.kind !== 'file' || r.path !== path) return null;
    return this.render(this.opOf.get(r.op!.path)!, valuesOfFile(r.op!, path));
  }

  private siteFiles(): Map<string, string> {
    // Every operation's files enumerated (3.8 million parameter sets at full scale), tallied and let go.
    this.site ??= new Map(
      siteFiles(
        this.plan,
        this.plan.operations.map((op) => tallyFiles(this.plan, op, enumerateFiles(this.plan, op, false))),
      ),
    );
    return this.site;
  }
}

/** How many shares of one operation are prepared before its whole is. */
const MAX_SHARES = 4;

/** The value naming the share of the sources a file reads (a prefecture code, a year), if its operation declares one and the file names one. */
export function shareValue(op: Operation, values: Canonical): string | undefined {
  if (!op.share) return undefined;
  return op.share === 'year' ? values.year : prefectureOf(op, values);
}

/** The prefecture a file names (its prefecture parameter, not `-`). */
const prefectureOf = (op: Operation, values: Canonical): string | undefined => {
  const param = op.route.params.find((p) => p.type === 'pref')?.name;
  const value = param === undefined ? undefined : values[param];
  return value === '-' ? undefined : value;
};

/** The share a file is answered from before its operation's whole is prepared: its value, the prefecture it names, and both as one key. */
export function shareOfFile(
  op: Operation,
  values: Canonical,
): { value: string; pref: string | undefined; key: string } | undefined {
  const value = shareValue(op, values);
  if (value === undefined) return undefined;
  const pref = prefectureOf(op, values);
  return { value, pref, key: `${value}|${pref ?? '-'}` };
}

/**
 * The context a share is prepared and rendered in: the share's rows, and the build's scope narrowed to
 * the prefecture the file names (a --prefs build writes its files with the same bytes).
 */
export function shareContext(
  ctx: BuildContext,
  op: Operation,
  share: NonNullable<ReturnType<typeof shareOfFile>>,
): BuildContext {
  return {
    ...ctx,
    sources: shareOf(ctx.sources, op.share!, share.value),
    ...(share.pref ? { prefs: [Number(share.pref)] } : {}),
  };
}
