// machines/graph/: its files' exports, the way app/ reaches them.
export * from './agent-turn-state-paths.js';
export * from './machine-directed-graph.js';
export * from './machine-graph.js';
export * from './machine-to-mermaid.js';
