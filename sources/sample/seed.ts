// The sample provider's default seed, apart from the provider: the commands name it in their usage, and
// importing it from sample/index.ts loaded the whole provider (46 modules) into npm run serve.

export const DEFAULT_SEED = 'regstat-sample-1';
