import { createChatClient } from '../../src/wire/index.js';
import type { ChatClient } from '../../src/wire/index.js';
import { createScriptedModel, scriptedFaults } from '../../src/scripted/index.js';
import { listModelProfiles } from '../../src/profiles/index.js';
import type { CliOptions } from './cli-options.js';
import { isScriptedModel } from './parse-cli-args.js';

/** The in-process model answers at this address; no request leaves the process. */
const SCRIPTED_BASE_URL = 'http://scripted.invalid/v1';

export type ModelClientError = { code: 'unknown-profile' | 'unknown-fault'; message: string };

/** The chat client and model name the options ask for: the scripted model, or a real endpoint. */
export function createModelClient(
  options: Pick<CliOptions, 'model' | 'baseURL' | 'apiKey' | 'pace' | 'fault' | 'maxReplyChars'>,
): { ok: true; client: ChatClient; model: string } | { ok: false; error: ModelClientError } {
  const limits = options.maxReplyChars !== undefined ? { maxReplyChars: options.maxReplyChars } : {};
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
    const fetch = createScriptedModel({
      ...(options.pace !== 'realistic' ? { pace: options.pace } : {}),
      ...(options.fault !== undefined ? { faults: [options.fault as (typeof scriptedFaults)[number]] } : {}),
    });
    return { ok: true, client: createChatClient({ baseURL: SCRIPTED_BASE_URL, fetch, ...limits }), model: profile };
  }
  return {
    ok: true,
    client: createChatClient({
      baseURL: options.baseURL!,
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      ...limits,
    }),
    model: options.model,
  };
}
