// machines/actors/: its files' exports, the way app/ reaches them.
export * from './chat-actor.js';
export * from './chat-actor-types.js';
export * from './execute-tool-actor.js';
export * from './execute-tool-actor-types.js';
export * from './flush-scheduler.js';
