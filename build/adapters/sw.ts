// dist's sw.js: the service worker of ./service-worker.ts on the browser's global scope, for the build
// whose id the bundle defines.

import { register, type WorkerScope } from './service-worker.ts';

declare const self: WorkerScope;
declare const REGSTAT_BUILD: string;

register(self, REGSTAT_BUILD);
