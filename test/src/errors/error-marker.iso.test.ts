// Every error class of the package recognises its instances by a Symbol.for marker, so
// `instanceof` and isChatError work for an error made by another copy of the package.
import { describe, expect, it } from 'vitest';
import { ChatError, isChatError } from '../../../src/wire/errors.js';
import { ProtocolError } from '../../../src/protocol/errors.js';
import { ParserError } from '../../../src/parser/stream-parser.js';
import { BlockAssemblerError } from '../../../src/reply/block-assembler.js';
import { StructuredOutputError } from '../../../src/structured/structured-output-error.js';
import { ModelProfileError } from '../../../src/profiles/profiles.js';
import { ScriptedModelError } from '../../../scripted/scripted-model.js';
import { AgentTurnOptionsError } from '../../../src/errors/agent-turn-options-error.js';
import { TurnRecordError } from '../../../machines/record/turn-record.js';
import { TurnInvariantError } from '../../../bindings/testing/turn-invariant-error.js';
import { McpError } from '../../../bindings/mcp/mcp-errors.js';
import { McpConfigError } from '../../../bindings/mcp/mcp-config.js';

const classes = [
  ['ChatError', ChatError, () => new ChatError('http', 'boom', { status: 500 })],
  ['ProtocolError', ProtocolError, () => new ProtocolError('invalid-name', 'boom')],
  ['ParserError', ParserError, () => new ParserError('parser-ended', 'boom')],
  ['BlockAssemblerError', BlockAssemblerError, () => new BlockAssemblerError('boom')],
  ['StructuredOutputError', StructuredOutputError, () => new StructuredOutputError('no-json', 'boom')],
  ['ModelProfileError', ModelProfileError, () => new ModelProfileError('boom')],
  ['ScriptedModelError', ScriptedModelError, () => new ScriptedModelError('boom')],
  ['AgentTurnOptionsError', AgentTurnOptionsError, () => new AgentTurnOptionsError('boom', 'client')],
  ['TurnRecordError', TurnRecordError, () => new TurnRecordError('boom')],
  [
    'TurnInvariantError',
    TurnInvariantError,
    () => Object.assign(new TurnInvariantError('tool-ran-twice', 'x'), { message: 'boom' }),
  ],
  ['McpError', McpError, () => new McpError('mcp-call-failed', 'boom', 'fs', 'read_file')],
  [
    'McpConfigError',
    McpConfigError,
    () => Object.assign(new McpConfigError('mcpServers.fs', 'x'), { message: 'boom' }),
  ],
] as const;

/** What another copy of the package makes: a different class object carrying the same marker. */
function fromAnotherCopy(name: string): Error {
  class Foreign extends Error {}
  const error = new Foreign('elsewhere');
  Object.defineProperty(error, Symbol.for(`agent-turn.error.${name}`), { value: true });
  return error;
}

describe.each(classes)('%s', (name, ErrorClass, make) => {
  it('is an instance of its own class and of Error, with its name and message', () => {
    const error = make();
    expect(error instanceof ErrorClass).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.message).toBe('boom');
  });

  it('recognises an instance made by another copy of the package (same Symbol.for marker)', () => {
    expect(fromAnotherCopy(name) instanceof ErrorClass).toBe(true);
  });

  it('refuses plain errors, other classes of the package and non-objects', () => {
    expect(new Error('boom') instanceof ErrorClass).toBe(false);
    for (const [other, , makeOther] of classes) {
      if (other !== name) expect(makeOther() instanceof ErrorClass, other).toBe(false);
    }
    for (const value of [null, undefined, 'ChatError', 42, {}])
      expect((value as unknown) instanceof ErrorClass).toBe(false);
  });

  it('keeps the marker out of enumeration and JSON', () => {
    const error = make();
    expect(
      Object.getOwnPropertySymbols(error).every((s) => !Object.prototype.propertyIsEnumerable.call(error, s)),
    ).toBe(true);
    expect(JSON.stringify(error)).not.toContain('agent-turn');
  });
});

describe('isChatError', () => {
  it('is true for a ChatError from this or another copy, false for anything else', () => {
    expect(isChatError(new ChatError('network', 'down'))).toBe(true);
    expect(isChatError(fromAnotherCopy('ChatError'))).toBe(true);
    expect(isChatError(fromAnotherCopy('ProtocolError'))).toBe(false);
    expect(isChatError(new Error('down'))).toBe(false);
    expect(isChatError({ code: 'http', message: 'x' })).toBe(false);
  });
});

describe('a subclass the user writes', () => {
  it('is checked by its prototype chain, and its instances still count as the package class', () => {
    class RateLimited extends ChatError {}
    const mine = new RateLimited('http', 'slow down', { status: 429 });
    expect(mine instanceof RateLimited).toBe(true);
    expect(mine instanceof ChatError).toBe(true);
    expect(new ChatError('http', 'other') instanceof RateLimited).toBe(false);
    expect(isChatError(mine)).toBe(true);
  });
});
