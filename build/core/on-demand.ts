// The build without the tree: any file of dist, rendered when first asked for by the same plan,
// enumeration and render functions `build()` writes with, so its bytes are the build's. An operation's
// facts are prepared the first time one of its files is asked for; the docs page and manifests, which
// speak of every file, enumerate every operation the first time one of them is asked for.

import type { Operation } from '../ops/operation.ts';
import type { Canonical } from '../runtime/params.ts';
import { resolve } from '../runtime/resolve.ts';
import { API_INDEX, type RouteOp, type RouteTable } from '../runtime/routes.ts';
import { apiIndex } from './api-index.ts';
import { censusOf, enumerateFiles, plan, renderFile, siteFiles, titles, type BuildOptions, type Plan } from './build.ts';

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
  private readonly opOf = new Map<string, Operation>();
  private site: Map<string, string> | undefined;

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

  private state(op: Operation): unknown {
    if (!this.states.has(op)) this.states.set(op, op.prepare(this.plan.ctx));
    return this.states.get(op);
  }

  /** The file a build with the same options writes at this dist path (`/api/v1/…/index.json`, `/manifest.json`), or null where it writes none. */
  read(path: string): string | null {
    if (path === API_INDEX) return apiIndex(this.plan.table, titles(this.plan), this.plan.ctx.sources.dataset.notice);
    if (path.startsWith('/api/')) return this.response(path);
    if (path === '/routes.json') return JSON.stringify(this.plan.table); // the server needs it first; it needs no census
    return this.siteFiles().get(path) ?? null;
  }

  /** The response files are exactly the canonical paths the resolver maps a request to: validation is the resolver's. */
  private response(path: string): string | null {
    const r = resolve(this.plan.routes, path, '');
    if (r.kind !== 'file' || r.path !== path) return null;
    const op = this.opOf.get(r.op!.path)!;
    return renderFile(op, this.state(op), valuesOf(r.op!, path), this.plan.ctx);
  }

  private siteFiles(): Map<string, string> {
    this.site ??= new Map(
      siteFiles(
        this.plan,
        this.plan.operations.map((op) => censusOf(op, enumerateFiles(this.plan, op, false))),
      ),
    );
    return this.site;
  }
}

/** `/api/v1/<op>/<name>/<value>/…/index.json` back into its values; the resolver has checked that it is canonical. */
function valuesOf(op: RouteOp, path: string): Canonical {
  const rest = path.slice(op.path.length + 1, -'/index.json'.length);
  const segments = rest === '' ? [] : rest.split('/');
  const values: Canonical = {};
  for (let i = 0; i < segments.length; i += 2) values[segments[i]!] = segments[i + 1]!;
  return values;
}
