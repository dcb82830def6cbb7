export type * from './types.js';
export { ChatError, isChatError } from './errors.js';
export type { ChatErrorDetails } from './errors.js';
