// A render thread of npm start (render-pool.ts): plain JavaScript that registers the TypeScript loader
// for itself (a worker starts without its parent's), then runs render-thread.ts.

import { register } from 'tsx/esm/api';

register();
await import('./render-thread.ts');
