// agent-turn/core: the pure, isomorphic core (no XState): protocol, parser, wire layer, models.
export * from './protocol/index.js';
export * from './parser/index.js';
export * from './openai/index.js';
export * from './models/index.js';
