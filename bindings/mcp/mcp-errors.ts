// MCP failures as values: every one has a code, and a call's failure becomes the tool's error
// result (the turn goes on), never an exception thrown into the machine.

import { AgentTurnError } from '../../src/errors/agent-turn-error.js';

/** What went wrong with a server or a call. */
export type McpErrorCode =
  /** The server could not be started or reached, or its handshake failed. */
  | 'mcp-connect-failed'
  /** The optional peer `@modelcontextprotocol/client` is not installed: the message says how to install it. */
  | 'mcp-sdk-missing'
  /** No connected server has this name. */
  | 'mcp-unknown-server'
  /** The server lists no such tool (or its schema was unusable, see the connection's problems). */
  | 'mcp-unknown-tool'
  /** The arguments are not JSON or break the tool's input schema: nothing was sent. */
  | 'mcp-invalid-arguments'
  /** No answer within the call's time-out: the call was cancelled. */
  | 'mcp-timeout'
  /** The turn was aborted while the call ran: the call was cancelled. */
  | 'mcp-aborted'
  /** The server went away (crashed, exited, closed the connection) before answering. */
  | 'mcp-server-closed'
  /** The server answered with a JSON-RPC error. */
  | 'mcp-call-failed';

/** An MCP failure with its {@link McpErrorCode}, the server and (for calls) the tool or resource. */
export class McpError extends AgentTurnError<McpErrorCode> {
  static override readonly errorName: string = 'McpError';

  constructor(
    code: McpErrorCode,
    message: string,
    /** The server's name in the configuration. */
    readonly server?: string,
    /** The tool or resource a call or read was for. */
    readonly target?: string,
  ) {
    super(code, message);
  }
}

/** The outcome of one call or read: the text for the model, or a typed failure. */
export type McpCallOutcome = { ok: true; content: string; isError: boolean } | { ok: false; error: McpError };

/** The tool result a failure becomes: `Error (mcp-timeout): …`, flagged as an error. */
export function failureResult(error: McpError): { content: string; isError: true } {
  return { content: `Error (${error.code}): ${error.message}`, isError: true };
}
