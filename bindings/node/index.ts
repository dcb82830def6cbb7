// agent-turn/node: what a Node process that runs many turns may want besides the core. Named
// exports only; api/*.api.md pins this list (npm run api:update).
export { createNodeHttpFetch } from './node-http-fetch.js';
export type { NodeHttpFetchOptions } from './node-http-fetch.js';
