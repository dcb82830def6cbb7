// agent-turn: everything — the core plus the XState machine.
export * from '../src/index.js';
