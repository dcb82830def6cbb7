// Where the page's turns get a model from: the scripted model running in the page (its
// fetch-compatible function handed to the chat client, so nothing leaves the tab) or a real
// OpenAI-compatible endpoint.
import { createChatClient, type ChatClient, type FetchLike } from 'agent-turn';
import { createScriptedModel, type ScriptedDialect, type ScriptedFault } from 'agent-turn/scripted';
import type { Protocol } from 'agent-turn';
import { scriptedDialectProtocol } from '../ui/scripted-dialect-protocol.js';

/** The in-page model answers at this address; the URL is never fetched. */
const SCRIPTED_BASE_URL = 'http://scripted.invalid/v1';

export type ModelSource =
  | {
      kind: 'scripted';
      profile: string;
      fault: ScriptedFault | 'none';
      paceMs: number | undefined;
      /** The dialect its tool calls are written in; absent: Cline's XML. */
      dialect?: ScriptedDialect;
    }
  | { kind: 'endpoint'; baseURL: string; apiKey: string; model: string };

export type ModelSourceError = { code: 'missing-base-url' | 'missing-model' | 'invalid-base-url'; message: string };

/** `wrap` sees every request the client makes (the page tees responses into its wire view). */
export function createModelSource(
  source: ModelSource,
  wrap: (fetch: FetchLike) => FetchLike = (f) => f,
): { ok: true; client: ChatClient; model: string; protocol?: Protocol } | { ok: false; error: ModelSourceError } {
  if (source.kind === 'scripted') {
    const scripted = createScriptedModel({
      ...(source.paceMs !== undefined ? { pace: source.paceMs } : {}),
      ...(source.fault !== 'none' ? { faults: [source.fault] } : {}),
      ...(source.dialect !== undefined ? { dialect: source.dialect } : {}),
    });
    const model = `scripted:${source.profile}`;
    return {
      ok: true,
      client: createChatClient({ baseURL: SCRIPTED_BASE_URL, fetch: wrap(scripted) }),
      model,
      // The parser recovers the dialect the scripted model writes.
      ...(source.dialect !== undefined ? { protocol: scriptedDialectProtocol(model, source.dialect) } : {}),
    };
  }
  const baseURL = source.baseURL.trim();
  if (baseURL === '')
    return {
      ok: false,
      error: { code: 'missing-base-url', message: 'Enter the endpoint base URL, e.g. http://localhost:11434/v1.' },
    };
  try {
    new URL(baseURL);
  } catch {
    return { ok: false, error: { code: 'invalid-base-url', message: `"${baseURL}" is not a URL.` } };
  }
  if (source.model.trim() === '')
    return { ok: false, error: { code: 'missing-model', message: 'Enter the model name the endpoint serves.' } };
  const apiKey = source.apiKey.trim();
  const fetch = wrap((input, init) => globalThis.fetch(input, init));
  return {
    ok: true,
    client: createChatClient({ baseURL, fetch, ...(apiKey !== '' ? { apiKey } : {}) }),
    model: source.model.trim(),
  };
}
