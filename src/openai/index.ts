export type * from './types.js';
export { ChatError, isChatError } from './errors.js';
export type { ChatErrorDetails } from './errors.js';
// --- wire layer (stream reading, client, blocks, history) below this line ---

// --- structured output below this line ---
