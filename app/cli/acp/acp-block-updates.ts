// A turn's blocks as ACP `session/update` notifications: prose as `agent_message_chunk`, thinking
// as `agent_thought_chunk` (only the text added since the last view: never the whole text again),
// a tool use as one `tool_call` when it first appears and a `tool_call_update` each time its
// input completes or its status moves; the completion tool's answer as a message chunk.
import type { SessionUpdate, ToolCallStatus } from '@agentclientprotocol/sdk';
import type { AgentTurnView, BlockView, ToolBlockStatus, ToolBlockView } from 'agent-turn';
import { toolInputOf, toolKindOf, toolLocationsOf, toolTitleOf } from './acp-tool-call.js';

/** The ACP status of each tool block status. */
const STATUS: Record<ToolBlockStatus, ToolCallStatus> = {
  streaming: 'pending',
  ready: 'pending',
  'awaiting-approval': 'pending',
  running: 'in_progress',
  done: 'completed',
  error: 'failed',
  rejected: 'failed',
  skipped: 'failed',
  'cut-off': 'failed',
};

export interface BlockUpdatesOptions {
  /** Absolute workspace root: tool locations are under it. */
  root: string;
  /** Makes a block key unique in the session (a session has many turns; keys are unique per turn). */
  idPrefix: string;
  /**
   * Whether a tool call already shows content of its own (a write's diff, a command's terminal):
   * its result then does not replace it, unless the tool failed.
   */
  keepsContent?: (toolCallId: string) => boolean;
}

/** What was sent of one block so far. */
interface SentBlock {
  /** Prose: the text sent. */
  text: string;
  /** A tool: its input was sent (complete), the ACP status last sent, and whether its result was. */
  inputSent: boolean;
  status?: ToolCallStatus;
  settled: boolean;
}

/** Turns views into the updates they add; one per turn, fed every view in order. */
export interface BlockUpdates {
  /** The updates this view adds to those already made. */
  next(view: AgentTurnView): SessionUpdate[];
  /** The ACP id of a tool block (the one its updates carry). */
  toolCallId(block: Pick<ToolBlockView, 'key'>): string;
}

/** Starts tracking one turn's blocks. */
export function createBlockUpdates(options: BlockUpdatesOptions): BlockUpdates {
  const sent = new Map<string, SentBlock>();
  const idOf = (block: Pick<BlockView, 'key'>) => `${options.idPrefix}${block.key}`;

  const prose = (
    block: BlockView,
    text: string,
    kind: 'agent_message_chunk' | 'agent_thought_chunk',
    out: SessionUpdate[],
  ) => {
    const was = sent.get(block.key) ?? { text: '', inputSent: false, settled: false };
    sent.set(block.key, was);
    // A re-parse may take back a tail (a `<` that became a tag): nothing is sent until the text passes it again.
    if (text.length <= was.text.length || !text.startsWith(was.text)) return;
    out.push({ sessionUpdate: kind, content: { type: 'text', text: text.slice(was.text.length) } });
    was.text = text;
  };

  const tool = (block: ToolBlockView, out: SessionUpdate[]) => {
    if (block.isCompletion) {
      if (block.status !== 'streaming') prose(block, block.params.result ?? '', 'agent_message_chunk', out);
      return;
    }
    const toolCallId = idOf(block);
    const complete = block.status !== 'streaming';
    const settled = 'result' in block;
    let was = sent.get(block.key);
    if (!was) {
      was = { text: '', inputSent: complete, status: STATUS[block.status], settled: false };
      sent.set(block.key, was);
      out.push({
        sessionUpdate: 'tool_call',
        toolCallId,
        title: toolTitleOf(block.name, block.params),
        kind: toolKindOf(block.name),
        status: STATUS[block.status],
        locations: toolLocationsOf(options.root, block.params),
        ...(complete ? { rawInput: toolInputOf(block.name, block.params) } : {}),
      });
      if (!settled) return;
    }
    if (complete && !was.inputSent) {
      was.inputSent = true;
      out.push({
        sessionUpdate: 'tool_call_update',
        toolCallId,
        title: toolTitleOf(block.name, block.params),
        locations: toolLocationsOf(options.root, block.params),
        rawInput: toolInputOf(block.name, block.params),
      });
    }
    if (was.settled || (was.status === STATUS[block.status] && !settled)) return;
    was.status = STATUS[block.status];
    was.settled = settled;
    const update: SessionUpdate = { sessionUpdate: 'tool_call_update', toolCallId, status: was.status };
    if (settled && (block.isError || !options.keepsContent?.(toolCallId)))
      update.content = [{ type: 'content', content: { type: 'text', text: block.result } }];
    out.push(update);
  };

  return {
    toolCallId: idOf,
    next(view) {
      const out: SessionUpdate[] = [];
      for (const request of view.requests) {
        for (const block of request.blocks) {
          if (block.type === 'text') prose(block, block.content, 'agent_message_chunk', out);
          else if (block.type === 'reasoning') prose(block, block.reasoning, 'agent_thought_chunk', out);
          else tool(block, out);
        }
      }
      return out;
    },
  };
}
