// agent-turn/node: what a Node process that runs many turns may want besides the core. Named
// exports only; test/package/public-api.test.ts pins this list.
export { createNodeHttpFetch } from './node-http-fetch.js';
export type { NodeHttpFetchOptions } from './node-http-fetch.js';
