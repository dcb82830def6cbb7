// The history rules of the Anthropic Messages and Responses wires, as the scripted model enforces
// them, with the providers' own error texts: a tool turn's thinking block must come back first in
// its assistant message with its signature unchanged (Anthropic), and a stateless Responses
// request must replay each reasoning item with its `encrypted_content`, right before the item
// that followed it. Also the opaque values the scripted model hands out for that: signatures,
// redacted thinking and encrypted content, made so that any change to them shows.
import { anthropicBlocks } from './scripted-anthropic-request.js';
import { errorResponse } from './scripted-http.js';
import { shortHash } from './scripted-reply.js';
import { inputItems, itemType } from './scripted-responses-request.js';
import { anthropicErrorResponse } from './scripted-wire-errors.js';

type Json = Record<string, unknown>;

const SALT = 'agent-turn scripted wire';

/** The signature of a thinking block (it hashes the text: a changed thinking or signature fails). */
export function anthropicThinkingSignature(thinking: string): string {
  return `ErUB${shortHash(`${SALT}|${thinking}`)}${shortHash(`${thinking}|${SALT}`)}${shortHash(thinking)}==`;
}

/** A redacted_thinking block's data: made from `seed`, ending in a hash of the rest (any change shows). */
export function redactedThinkingData(seed: string): string {
  const body = `EmwKAhgBEgy${shortHash(seed)}${shortHash(`${seed}|${SALT}`)}`;
  return `${body}${shortHash(`${SALT}|${body}`)}`;
}

function redactedIntact(data: unknown): boolean {
  if (typeof data !== 'string' || data.length <= 8) return false;
  const body = data.slice(0, -8);
  return data === `${body}${shortHash(`${SALT}|${body}`)}`;
}

/** The `encrypted_content` of reasoning item `id`. */
export function responsesEncryptedContent(id: string): string {
  return `gAAAAAB${shortHash(`${SALT}|${id}`)}${shortHash(`${id}|${SALT}`)}${shortHash(id)}${shortHash(id + id)}==`;
}

/** What the scripted model handed out that a later request must bring back (per model instance). */
export class WireHistoryLedger {
  /** tool_use ids whose reply began with a thinking (or redacted_thinking) block. */
  private readonly thought = new Set<string>();
  /** Responses: a call's id -> the reasoning item before it and the call's item id. */
  private readonly reasoned = new Map<string, { reasoningId: string; itemId: string }>();
  /** Responses: reasoning item ids handed out. */
  private readonly reasoningIds = new Set<string>();

  thinkingBefore(toolUseIds: readonly string[]): void {
    for (const id of toolUseIds) this.thought.add(id);
  }

  wasThought(toolUseId: string): boolean {
    return this.thought.has(toolUseId);
  }

  reasoningBefore(reasoningId: string, calls: readonly { callId: string; itemId: string }[]): void {
    this.reasoningIds.add(reasoningId);
    for (const c of calls) this.reasoned.set(c.callId, { reasoningId, itemId: c.itemId });
  }

  reasoningOf(callId: string): { reasoningId: string; itemId: string } | undefined {
    return this.reasoned.get(callId);
  }

  knowsReasoning(id: string): boolean {
    return this.reasoningIds.has(id);
  }
}

function missingThinking(index: number, found: string): Response {
  return anthropicErrorResponse(
    400,
    `messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${found}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`,
  );
}

/** The final assistant message of a tool loop: the one before a last user message of tool results. */
function finalToolTurn(messages: readonly Json[]): number | undefined {
  const last = messages.length - 1;
  if (last < 1 || messages[last].role !== 'user' || messages[last - 1].role !== 'assistant') return undefined;
  return anthropicBlocks(messages[last].content).some((b) => b.type === 'tool_result') ? last - 1 : undefined;
}

/**
 * Anthropic's answer to a Messages body whose thinking breaks its rule: a thinking block with a
 * changed thinking or signature, a changed redacted_thinking block, or a final tool turn whose
 * reply thought and that no longer starts with its thinking. Undefined: accepted.
 */
export function checkAnthropicHistory(body: Json, ledger: WireHistoryLedger): Response | undefined {
  const messages = (body.messages as Json[]) ?? [];
  for (const [i, m] of messages.entries()) {
    if (m.role !== 'assistant') continue;
    for (const [j, b] of anthropicBlocks(m.content).entries()) {
      if (b.type === 'thinking' && b.signature !== anthropicThinkingSignature(String(b.thinking ?? '')))
        return anthropicErrorResponse(400, `messages.${i}.content.${j}: Invalid \`signature\` in \`thinking\` block`);
      if (b.type === 'redacted_thinking' && !redactedIntact(b.data))
        return anthropicErrorResponse(
          400,
          `messages.${i}.content.${j}: Invalid \`data\` in \`redacted_thinking\` block`,
        );
    }
  }
  const final = finalToolTurn(messages);
  if (final === undefined) return undefined;
  const blocks = anthropicBlocks(messages[final].content);
  const thought = blocks.some((b) => b.type === 'tool_use' && ledger.wasThought(String(b.id)));
  const first = blocks[0]?.type;
  if (thought && first !== 'thinking' && first !== 'redacted_thinking')
    return missingThinking(final, String(first ?? 'nothing'));
  return undefined;
}

function inputError(message: string, code: string | null = null, param: string | null = 'input'): Response {
  return errorResponse(400, message, { type: 'invalid_request_error', param, code });
}

/** Whether item `i` starts the output that must follow a reasoning item (a call or the assistant's text). */
function follows(item: Json | undefined): boolean {
  if (item === undefined) return false;
  const type = itemType(item);
  return type === 'function_call' || (type === 'message' && item.role === 'assistant');
}

/** The reasoning item ids of the assistant items just before `i` (the same turn). */
function turnReasoning(items: readonly Json[], i: number): Set<string> {
  const ids = new Set<string>();
  for (let k = i - 1; k >= 0; k--) {
    const type = itemType(items[k]);
    if (type === 'reasoning') ids.add(String(items[k].id));
    else if (!follows(items[k])) break;
  }
  return ids;
}

function checkReasoningItem(
  items: readonly Json[],
  i: number,
  store: unknown,
  ledger: WireHistoryLedger,
): Response | undefined {
  const item = items[i];
  const id = String(item.id);
  const encrypted = item.encrypted_content;
  if (typeof encrypted !== 'string' || encrypted === '') {
    // Stored responses keep their items; a stateless request must carry them.
    if (store === false || !ledger.knowsReasoning(id))
      return inputError(
        `Item with id '${id}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`,
      );
  } else if (encrypted !== responsesEncryptedContent(id)) {
    return inputError(
      `The encrypted content ${encrypted.slice(0, 4)}...${encrypted.slice(-4)} could not be verified.`,
      'invalid_encrypted_content',
      null,
    );
  }
  if (!follows(items[i + 1]))
    return inputError(`Item '${id}' of type 'reasoning' was provided without its required following item.`);
  return undefined;
}

/**
 * OpenAI's answer to a Responses body whose reasoning breaks its rule: an item without its
 * `encrypted_content` when `store` is false ("not found"), a changed one, one without the item
 * that followed it, or a call the scripted model made after reasoning sent back without that
 * reasoning. Undefined: accepted.
 */
export function checkResponsesHistory(body: Json, ledger: WireHistoryLedger): Response | undefined {
  const items = inputItems(body.input);
  for (let i = 0; i < items.length; i++) {
    const type = itemType(items[i]);
    if (type === 'reasoning') {
      const refused = checkReasoningItem(items, i, body.store, ledger);
      if (refused !== undefined) return refused;
    } else if (type === 'function_call') {
      const issued = ledger.reasoningOf(String(items[i].call_id));
      if (issued !== undefined && !turnReasoning(items, i).has(issued.reasoningId))
        return inputError(
          `Item '${issued.itemId}' of type 'function_call' was provided without its required 'reasoning' item: '${issued.reasoningId}'.`,
        );
    }
  }
  return undefined;
}
