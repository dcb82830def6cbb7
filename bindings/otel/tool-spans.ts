// An `execute_tool` span per tool run, started when the tool runs (or when it is seen settled, for
// a run too quick for a snapshot of its own), ended with its status; approvals asked and tools
// that never ran are events on the turn span.
import { SpanStatusCode, type Span } from '@opentelemetry/api';
import type { BlockView, RequestView, ToolBlockView } from '../../machines/index.js';
import * as A from './gen-ai-attributes.js';
import type { OpenRequest } from './request-spans.js';
import type { TurnSpans } from './turn-spans.js';

const SETTLED: ReadonlySet<string> = new Set(['done', 'error', 'rejected', 'skipped', 'cut-off']);

/** Whether a block is a tool use. */
export function isTool(block: BlockView): block is ToolBlockView {
  // Stryker disable next-line ConditionalExpression: a text or reasoning block taken for a tool has no status and no call_id, so nothing is started, settled or waited for
  return block.type === 'tool_use';
}

/** A settled tool block: every such status carries the result. */
function isSettled(block: ToolBlockView): block is Extract<ToolBlockView, { result: string }> {
  return SETTLED.has(block.status);
}

function startTool(spans: TurnSpans, block: ToolBlockView): Span {
  const { tracer, turnContext, recordContent } = spans;
  return tracer.startSpan(
    `execute_tool ${block.name}`,
    {
      attributes: {
        [A.GEN_AI_OPERATION_NAME]: 'execute_tool',
        [A.GEN_AI_TOOL_NAME]: block.name,
        [A.GEN_AI_TOOL_CALL_ID]: block.call_id,
        [A.GEN_AI_TOOL_TYPE]: 'function',
        ...(recordContent ? { [A.GEN_AI_TOOL_CALL_ARGUMENTS]: JSON.stringify(block.params) } : {}),
      },
    },
    turnContext,
  );
}

/** Reports what changed for the request's tools since the last view. */
export function followTools(spans: TurnSpans, entry: OpenRequest, request: RequestView): void {
  const { turnSpan, recordContent } = spans;
  for (const block of request.blocks) {
    if (!isTool(block) || entry.settled.has(block.call_id)) continue;
    const id = block.call_id;
    if (block.status === 'awaiting-approval' && !entry.approvals.has(id)) {
      entry.approvals.add(id);
      turnSpan.addEvent(A.EVENT_APPROVAL_REQUESTED, {
        [A.GEN_AI_TOOL_NAME]: block.name,
        [A.GEN_AI_TOOL_CALL_ID]: id,
      });
    }
    if (block.status === 'running' && !entry.tools.has(id)) entry.tools.set(id, startTool(spans, block));
    if (!isSettled(block)) continue;
    entry.settled.add(id);
    if (block.isCompletion && block.status === 'done') continue; // the turn's answer, not a tool run
    if (block.status !== 'done' && block.status !== 'error' && !entry.tools.has(id)) {
      // Settled without running: rejected by the person, skipped, or cut off by the stream's end.
      turnSpan.addEvent(A.EVENT_TOOL_NOT_RUN, {
        [A.GEN_AI_TOOL_NAME]: block.name,
        [A.GEN_AI_TOOL_CALL_ID]: id,
        [A.AGENT_TURN_TOOL_STATUS]: block.status,
      });
      continue;
    }
    // A run too quick for a snapshot of its own still gets its span.
    const span = entry.tools.get(id) ?? startTool(spans, block);
    entry.tools.delete(id);
    span.setAttribute(A.AGENT_TURN_TOOL_STATUS, block.status);
    if (recordContent) span.setAttribute(A.GEN_AI_TOOL_CALL_RESULT, block.result);
    if (block.status === 'error') {
      span.setAttribute(A.ERROR_TYPE, 'tool_error');
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'the tool reported an error' });
    }
    span.end();
  }
}
