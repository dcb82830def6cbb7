import { createChatClient } from 'agent-turn';
import type { ChatClient } from 'agent-turn';
import {
  createScriptedModel,
  isScriptedDialect,
  scriptedDialects,
  scriptedFaults,
  type ScriptedDialect,
} from 'agent-turn/scripted';
import type { Protocol } from 'agent-turn';
import { scriptedDialectProtocol as protocolFor } from '../../ui/scripted-dialect-protocol.js';
import { listModelProfiles } from 'agent-turn';
import type { CliOptions } from '../options/cli-options.js';
import { isScriptedModel } from '../options/parse-cli-args.js';
import { cliApiKey, cliWire } from '../options/cli-wire.js';

/** The in-process model answers at this address; no request leaves the process. */
const SCRIPTED_BASE_URL = 'http://scripted.invalid/v1';

export type ModelClientError = { code: 'unknown-profile' | 'unknown-fault' | 'unknown-dialect'; message: string };

/** The chat client and model name the options ask for: the scripted model, or a real endpoint. */
export function createModelClient(
  options: Pick<
    CliOptions,
    'model' | 'baseURL' | 'apiKey' | 'anthropicApiKey' | 'wire' | 'pace' | 'fault' | 'scriptedDialect' | 'maxReplyChars'
  >,
): { ok: true; client: ChatClient; model: string } | { ok: false; error: ModelClientError } {
  // The scripted model serves every wire too (its history rules and error shapes included).
  const wire = cliWire(options);
  const limits = { wire, ...(options.maxReplyChars !== undefined ? { maxReplyChars: options.maxReplyChars } : {}) };
  if (isScriptedModel(options.model)) {
    const profile = options.model === 'scripted' ? 'scripted' : options.model.slice('scripted:'.length);
    const known = listModelProfiles().map((p) => p.id);
    if (!known.includes(profile)) {
      return {
        ok: false,
        error: { code: 'unknown-profile', message: `No scripted profile "${profile}". Known: ${known.join(', ')}.` },
      };
    }
    if (options.fault !== undefined && !(scriptedFaults as readonly string[]).includes(options.fault)) {
      return {
        ok: false,
        error: {
          code: 'unknown-fault',
          message: `No scripted fault "${options.fault}". Known: ${scriptedFaults.join(', ')}.`,
        },
      };
    }
    const dialect = options.scriptedDialect;
    if (dialect !== undefined && !(scriptedDialects as readonly string[]).includes(dialect)) {
      return {
        ok: false,
        error: {
          code: 'unknown-dialect',
          message: `No scripted dialect "${dialect}". Known: ${scriptedDialects.join(', ')}.`,
        },
      };
    }
    const fetch = createScriptedModel({
      ...(options.pace !== 'realistic' ? { pace: options.pace } : {}),
      ...(options.fault !== undefined ? { faults: [options.fault as (typeof scriptedFaults)[number]] } : {}),
      ...(dialect !== undefined ? { dialect: dialect as ScriptedDialect } : {}),
    });
    return { ok: true, client: createChatClient({ baseURL: SCRIPTED_BASE_URL, fetch, ...limits }), model: profile };
  }
  const apiKey = cliApiKey(options, wire);
  return {
    ok: true,
    client: createChatClient({
      baseURL: options.baseURL!,
      ...(apiKey ? { apiKey } : {}),
      ...limits,
    }),
    model: options.model,
  };
}

/** With --scripted-dialect, the protocol that recovers it (app/ui/scripted-dialect-protocol.ts); else undefined. */
export function scriptedDialectProtocol(
  options: Pick<CliOptions, 'model' | 'scriptedDialect'>,
  model: string,
): Protocol | undefined {
  const dialect = options.scriptedDialect;
  if (!isScriptedModel(options.model) || dialect === undefined || !isScriptedDialect(dialect)) return undefined;
  return protocolFor(model, dialect);
}
