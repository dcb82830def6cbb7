// agent-turn/core: the pure, isomorphic core (no XState): protocol, parser, wire, reply, structured output, profiles.
export * from './protocol/index.js';
export * from './parser/index.js';
export * from './wire/index.js';
export * from './reply/index.js';
export * from './structured/index.js';
export * from './profiles/index.js';
