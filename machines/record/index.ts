// machines/record/: its files' exports, the way app/ reaches them.
export * from './turn-record.js';
export * from './turn-record-types.js';
