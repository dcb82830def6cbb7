// The moves between modes: each opens or closes a block (or a parameter) and sets the mode
// that follows. The mode functions decide when; these decide what changes.

import type { CompiledTool } from '../../protocol/define-protocol.js';
import { createRawBuilder, createTrimmedBuilder } from '../text-builders.js';
import {
  MODE_PARAM,
  MODE_RAW_AFTER_CLOSE,
  MODE_REASONING,
  MODE_TEXT,
  MODE_TOOL,
  type ScanState,
} from './scan-state.js';

/** Finishes the text before a block (nothing when it is only whitespace). */
export function closeText(s: ScanState): void {
  // a block opens: recovered calls held in case the reply began inside reasoning were calls
  if (s.deferred !== undefined) s.dialectScanning!.releaseDeferred(s);
  const content = s.builder.value;
  if (content !== '') s.done.push({ type: 'text', content, partial: false });
}

/** A tool's open tag at absolute offset `offset`: its call_id is derived from that offset. */
export function openTool(s: ScanState, tool: CompiledTool, offset: number): void {
  s.tool = tool;
  s.callId = `${s.idPrefix}_${offset}`;
  s.params = {};
  s.mention = '';
  s.mentionOpen = true;
  s.mode = MODE_TOOL;
}

export function closeTool(s: ScanState): void {
  s.done.push({ type: 'tool_use', name: s.tool!.name, params: s.params, partial: false, call_id: s.callId });
  s.tool = undefined;
  s.params = {};
  s.mentionOpen = false;
  s.mention = '';
  s.builder = createTrimmedBuilder();
  s.mode = MODE_TEXT;
}

export function openParam(s: ScanState, name: string): void {
  s.mentionOpen = false;
  s.mention = '';
  s.paramName = name;
  s.paramRaw = s.tool!.params.get(name) === true;
  s.closeTag = `</${name}>`;
  s.builder = s.paramRaw ? createRawBuilder() : createTrimmedBuilder();
  s.mode = MODE_PARAM;
}

export function closeParam(s: ScanState): void {
  // a later value of the same parameter replaces the earlier one
  s.params[s.paramName] = s.builder.value;
  // Stryker disable next-line StringLiteral: paramName is read only in MODE_PARAM / MODE_RAW_AFTER_CLOSE, and openParam sets it before either
  s.paramName = '';
  s.mode = MODE_TOOL;
}

/** A raw value's close tag was found: hold it until what follows shows whether it is the real one. */
export function holdRawClose(s: ScanState): void {
  s.heldClose = s.closeTag;
  s.mode = MODE_RAW_AFTER_CLOSE;
}

/** The held close tag was not the real one (or the stream ended): it is part of the value after all. */
export function releaseHeldClose(s: ScanState): void {
  s.builder.append(s.heldClose, 0, s.heldClose.length);
  // Stryker disable next-line StringLiteral: heldClose is read only in MODE_RAW_AFTER_CLOSE, and holdRawClose sets it before entering it
  s.heldClose = '';
  s.mode = MODE_PARAM;
}

/** Opens a reasoning block that ends at `</tag>` (or, with the reasoning dialect on, at any reasoning close tag). */
export function openReasoning(s: ScanState, tag: string): void {
  s.closeTag = `</${tag}>`;
  s.reasoningCloses = s.dialects.on.has('reasoning') ? s.dialects.reasoningCloses : [s.closeTag];
  s.builder = createTrimmedBuilder();
  s.mode = MODE_REASONING;
}

/** Opens a reasoning block that ends at any of `closes` (harmony's analysis channel). */
export function openReasoningUntil(s: ScanState, closes: readonly string[]): void {
  s.closeTag = closes[0]!;
  s.reasoningCloses = closes;
  s.builder = createTrimmedBuilder();
  s.mode = MODE_REASONING;
}

export function closeReasoning(s: ScanState): void {
  s.done.push({ type: 'reasoning', reasoning: s.builder.value, partial: false });
  s.builder = createTrimmedBuilder();
  s.mode = MODE_TEXT;
}
