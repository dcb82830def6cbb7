// machines/view/: its files' exports, the way app/ reaches them.
export * from './select-view.js';
export * from './turn-phase.js';
export * from './turn-view-types.js';
