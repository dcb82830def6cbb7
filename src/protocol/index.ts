export { defineProtocol } from './define-protocol.js';
export type { Protocol, ProtocolDefinition, ToolDefinition, ToolParamsDefinition } from './define-protocol.js';
export { clineProtocol, clineThinkProtocol, CLINE_TOOL_NAMES, CLINE_PARAM_NAMES } from './cline-protocol.js';
export { ProtocolError } from './errors.js';
export type { ProtocolErrorCode } from './errors.js';
