// MODE_TEXT with dialects on: besides the protocol's tags, the dialects' openers count (not in a
// Markdown code form: there they are examples), leaked special tokens are dropped, Mistral's
// bracket markers are met, a reasoning close before any block says the reply began inside
// reasoning, and a stray `</tool_call>` right after a recovered call is dropped. Each case has
// its own function; they report back through one shared cursor and a few sentinels, so the loop
// allocates nothing.

import { readTag, TAG_COMPLETE, TAG_INCOMPLETE } from '../tag-reader.js';
import { closeText, openReasoning, openReasoningUntil, openTool } from './block-transitions.js';
import { openDialect } from './dialect-transitions.js';
import { markerStartsCalls, MISTRAL_MARKER } from '../dialects/mistral.js';
import { inCode, trackMarkdown } from './markdown-context.js';
import { holdFrom, type ScanState } from './scan-state.js';
import { FULLWIDTH_PIPE, PIPE, readSpecialToken, SPECIAL_INCOMPLETE } from './special-token.js';
import { createTrimmedBuilder } from '../text-builders.js';
import { MARKER_THINK, MARKER_THINK_END, nextMarker, partialMarkerAt } from './bracket-markers.js';
import { heldAsReasoning } from './deferred-calls.js';

const BACKTICK = 96;
const GT = 62;
const CLOSE_BRACKET = 93;
/** The handler moved the cursor: look for the next candidate. */
const CONTINUE = -9_007_199_254_740_991; // Number.MIN_SAFE_INTEGER, written out: a constant a bundler can drop
/** The handler does not apply here: try the next kind. */
const PASS = CONTINUE + 1;

/** Where the text not yet appended starts (`pos`) and where the next search starts (`from`). */
const cur = { pos: 0, from: 0 };

/** Appends the prose `[cur.pos, to)` and takes it into the Markdown state. */
function takeProse(s: ScanState, input: string, to: number): void {
  trackMarkdown(s.md, input, cur.pos, to);
  s.builder.append(input, cur.pos, to);
  cur.pos = to;
}

/** The scan of {@link scanText} with dialects on (same contract). */
export function scanTextWithDialects(s: ScanState, input: string, pos: number, base: number, final: boolean): number {
  cur.pos = pos;
  cur.from = pos;
  const markers = s.dialects.bracketMarkers;
  for (;;) {
    const lt = input.indexOf('<', cur.from);
    if (markers) {
      const r = atMarker(s, input, lt, base, final);
      if (r === CONTINUE) continue;
      if (r !== PASS) return r;
    }
    if (lt === -1) {
      takeProse(s, input, input.length);
      return input.length;
    }
    const r = atLt(s, input, lt, base, final);
    if (r !== CONTINUE) return r;
  }
}

/** A `[TOOL_CALLS]`, `[THINK]` or `[/THINK]` before the next '<' (or a held part of one at the input's end). */
function atMarker(s: ScanState, input: string, lt: number, base: number, final: boolean): number {
  const mk = nextMarker(s, input, cur.from);
  if (mk !== -1 && (lt === -1 || mk < lt)) {
    const before = mk > 0 ? input.charCodeAt(mk - 1) : s.previousCode;
    takeProse(s, input, mk);
    cur.from = mk + 1;
    // an example (inline code, a code form) or a word of a sentence: text
    if (before === BACKTICK || inCode(s.md)) return CONTINUE;
    const marker = s.markerText;
    if (marker === MISTRAL_MARKER) {
      if (!markerStartsCalls(s.md.lastVisible)) return CONTINUE;
      openDialect(s, s.dialects.mistralMarker!, base + mk, MISTRAL_MARKER);
    } else if (marker === MARKER_THINK) {
      closeText(s);
      openReasoningUntil(s, [MARKER_THINK_END]);
    } else if (s.done.length === 0) {
      // `[/THINK]` before any block: the template opened the reasoning (calls held in it were quoted)
      s.done.push({ type: 'reasoning', reasoning: heldAsReasoning(s), partial: false });
      s.builder = createTrimmedBuilder();
      cur.pos = cur.from = mk + marker.length;
      s.md.lastVisible = CLOSE_BRACKET;
      return CONTINUE;
    } else return CONTINUE;
    return mk + marker.length;
  }
  if (mk === -1 && lt === -1 && !final) {
    // the input may end inside a marker: held until the next chunk decides
    const part = partialMarkerAt(input, Math.max(cur.pos, input.length - MISTRAL_MARKER.length + 1));
    if (part !== -1) {
      takeProse(s, input, part);
      return holdFrom(part);
    }
  }
  return PASS;
}

/** A '<': a prefix opener, a special token, or a tag. */
function atLt(s: ScanState, input: string, lt: number, base: number, final: boolean): number {
  const before = lt > 0 ? input.charCodeAt(lt - 1) : s.previousCode;
  if (before === BACKTICK) {
    cur.from = lt + 1;
    return CONTINUE;
  }
  const next = input.charCodeAt(lt + 1);
  if (s.dialects.prefixSecond.has(next)) {
    const r = atPrefixOpener(s, input, lt, base, final);
    if (r !== PASS) return r;
  }
  if (next === PIPE || next === FULLWIDTH_PIPE) return atSpecialToken(s, input, lt, base, final);
  return atTag(s, input, lt, base, final);
}

/** `<function=`, `<｜DSML｜function_calls>`, `<minimax:tool_call>`: opened, held while unfinished, or PASS. */
function atPrefixOpener(s: ScanState, input: string, lt: number, base: number, final: boolean): number {
  for (const entry of s.dialects.prefixOpeners) {
    const opener = entry.opener;
    if (input.startsWith(opener, lt)) {
      if (s.spentOpeners?.has(entry)) return PASS;
      takeProse(s, input, lt);
      cur.from = lt + 1;
      if (inCode(s.md)) return CONTINUE;
      openDialect(s, entry, base + lt, opener);
      return lt + opener.length;
    }
    if (!final && input.length - lt < opener.length && opener.startsWith(input.slice(lt))) {
      takeProse(s, input, lt);
      return holdFrom(lt);
    }
  }
  return PASS;
}

const IM_START = '<|im_start|>';
const ROLES = ['assistant', 'user', 'system', 'tool'];

/** `<|…|>` or `<｜…｜>`: a construct's opener, a leaked token (dropped), held while unfinished, or text. */
function atSpecialToken(s: ScanState, input: string, lt: number, base: number, final: boolean): number {
  const d = s.dialects;
  cur.from = lt + 1;
  const end = readSpecialToken(input, lt, d.maxSpecialLength);
  if (end === SPECIAL_INCOMPLETE) {
    if (final || !d.specialPrefixes.has(input.slice(lt))) return CONTINUE;
    takeProse(s, input, lt);
    return holdFrom(lt);
  }
  if (end < 0) return CONTINUE;
  const token = d.specialTokens.get(input.slice(lt, end));
  if (token === undefined || (token.kind === 'open' && s.spentOpeners?.has(token.entry))) return CONTINUE;
  takeProse(s, input, lt);
  if (inCode(s.md)) return CONTINUE;
  if (token.kind === 'open') {
    openDialect(s, token.entry, base + lt, input.slice(lt, end));
    return end;
  }
  // a leaked token: dropped, the text goes on (ChatML's role header with it)
  const role = end - lt === IM_START.length && input.startsWith(IM_START, lt) ? roleAfter(input, end, final) : 0;
  if (role < 0) return holdFrom(lt);
  cur.pos = cur.from = end + role;
  if (role === 0) s.md.lastVisible = GT; // a marker may start calls right after a dropped token
  return CONTINUE;
}

/** A tag: the protocol's tool or reasoning, a dialect's opener or reasoning variant, or a close that says something. */
function atTag(s: ScanState, input: string, lt: number, base: number, final: boolean): number {
  const d = s.dialects;
  const tag = s.tag;
  cur.from = lt + 1;
  const kind = readTag(input, lt, Math.max(s.protocol.maxNameLength, d.maxTagName), tag);
  if (kind === TAG_INCOMPLETE) {
    if (final) return CONTINUE;
    const could = tag.closing
      ? mayStartInReasoning(s, tag.name) || ('tool_call'.startsWith(tag.name) && mayBeStrayClose(s, input, lt))
      : s.protocol.textOpenPrefixes.has(tag.name) || d.tagPrefixes.has(tag.name);
    if (!could) return CONTINUE;
    takeProse(s, input, lt);
    return holdFrom(lt);
  }
  if (kind !== TAG_COMPLETE) return CONTINUE;
  if (tag.closing) return atCloseTag(s, input, lt);
  const entry = s.protocol.textOpen.get(tag.name);
  if (entry !== undefined) {
    takeProse(s, input, lt);
    closeText(s);
    if (entry.kind === 'tool') openTool(s, entry.tool, base + lt);
    else openReasoning(s, entry.tag);
    return tag.end;
  }
  const found = d.tagOpeners.get(tag.name);
  const opener = found !== undefined && s.spentOpeners?.has(found) ? undefined : found;
  if (opener === undefined && !d.reasoningOpen.has(tag.name)) return CONTINUE;
  takeProse(s, input, lt);
  if (inCode(s.md)) return CONTINUE;
  if (opener !== undefined) openDialect(s, opener, base + lt, input.slice(lt, tag.end));
  else {
    closeText(s);
    openReasoning(s, tag.name);
  }
  return tag.end;
}

/** A close tag in text: the reply began inside reasoning, or a stray `</tool_call>` after a recovered call. */
function atCloseTag(s: ScanState, input: string, lt: number): number {
  const tag = s.tag;
  if (startedInReasoning(s, tag.name)) {
    takeProse(s, input, lt);
    if (inCode(s.md)) return CONTINUE;
    // only a close tag and no open one before any block: the template opened the reasoning, and
    // the recovered calls held in it were quoted: they never run
    s.done.push({ type: 'reasoning', reasoning: heldAsReasoning(s), partial: false });
    s.builder = createTrimmedBuilder();
    cur.pos = cur.from = tag.end;
    s.md.lastVisible = GT;
    return CONTINUE;
  }
  if (tag.name === 'tool_call' && mayBeStrayClose(s, input, lt)) {
    // Qwen3-Coder's `<function=…>…</function></tool_call>` without its opener: the tag goes
    takeProse(s, input, lt);
    cur.pos = cur.from = tag.end;
  }
  return CONTINUE;
}

/** Right after a recovered call, with only whitespace since: a `</tool_call>` here closes nothing and never shows. */
function mayBeStrayClose(s: ScanState, input: string, lt: number): boolean {
  if (input.slice(cur.pos, lt).trim() !== '') return false;
  // held calls: the builder went on empty after the last of them
  if (s.deferred !== undefined) return s.builder.value === '';
  const last = s.done[s.done.length - 1];
  if (last === undefined || last.type !== 'tool_use' || last.dialect === undefined) return false;
  return s.builder.value === '';
}

/** A reasoning close tag before any block, with the reasoning dialect on. */
function startedInReasoning(s: ScanState, name: string): boolean {
  return s.done.length === 0 && s.dialects.on.has('reasoning') && s.dialects.reasoningCloses.includes(`</${name}>`);
}

function mayStartInReasoning(s: ScanState, partialName: string): boolean {
  if (s.done.length !== 0 || !s.dialects.on.has('reasoning')) return false;
  const prefix = `</${partialName}`;
  return s.dialects.reasoningCloses.some((c) => c.startsWith(prefix));
}

/**
 * The length of the role header after a leaked `<|im_start|>` (`assistant` and its line break),
 * 0 when none follows, or -1 when the input ends where one may still follow (held).
 */
function roleAfter(input: string, at: number, final: boolean): number {
  const rest = input.length - at;
  for (const role of ROLES) {
    if (rest < role.length) {
      if (!final && role.startsWith(input.slice(at))) return -1;
      continue;
    }
    if (!input.startsWith(role, at)) continue;
    const after = at + role.length;
    if (after === input.length) return final ? role.length : -1;
    const c = input.charCodeAt(after);
    if (c === 10) return role.length + 1;
    if (c === 60) return role.length; // another token or tag right after it
  }
  return 0;
}
