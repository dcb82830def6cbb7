// MODE_TEXT: prose between blocks. Only the open tag of a tool or a reasoning block counts, and
// not right after a backtick (inline code such as `<read_file>` stays text). With dialects on,
// their openers count too (not inside a code fence: there they are examples), leaked special
// tokens are dropped, and a reasoning close tag before any block says the reply began inside
// reasoning.

import { readTag, TAG_COMPLETE, TAG_INCOMPLETE } from '../tag-reader.js';
import { closeText, openReasoning, openTool } from './block-transitions.js';
import { openDialect } from './dialect-transitions.js';
import { MISTRAL_MARKER, markerStartsCalls } from '../dialects/mistral.js';
import { inCode, trackMarkdown } from './markdown-context.js';
import { holdFrom, type ScanState } from './scan-state.js';
import { FULLWIDTH_PIPE, PIPE, readSpecialToken, SPECIAL_INCOMPLETE } from './special-token.js';
import { createTrimmedBuilder } from '../text-builders.js';

const BACKTICK = 96;

/**
 * Scans prose from `pos` until a block opens (returns the position after its tag, mode switched)
 * or the input ends (returns its length, or a hold when it ends inside what may become an open
 * tag). `base` is the absolute offset of `input[0]`, for the call_id.
 */
export function scanText(s: ScanState, input: string, pos: number, base: number, final: boolean): number {
  if (s.dialects.any) return scanTextWithDialects(s, input, pos, base, final);
  const protocol = s.protocol;
  const tag = s.tag;
  const maxName = protocol.maxNameLength;
  const len = input.length;
  let from = pos;
  for (;;) {
    const lt = input.indexOf('<', from);
    if (lt === -1) {
      s.builder.append(input, pos, len);
      return len;
    }
    const before = lt > 0 ? input.charCodeAt(lt - 1) : s.previousCode;
    const kind = readTag(input, lt, maxName, tag);
    if (before !== BACKTICK && !tag.closing) {
      if (kind === TAG_COMPLETE) {
        const entry = protocol.textOpen.get(tag.name);
        if (entry !== undefined) {
          s.builder.append(input, pos, lt);
          closeText(s);
          if (entry.kind === 'tool') openTool(s, entry.tool, base + lt);
          else openReasoning(s, entry.tag);
          return tag.end;
        }
      } else if (kind === TAG_INCOMPLETE && !final && protocol.textOpenPrefixes.has(tag.name)) {
        s.builder.append(input, pos, lt);
        return holdFrom(lt);
      }
    }
    from = lt + 1;
  }
}

/** The same scan with the dialects' openers, special tokens and reasoning variants. */
function scanTextWithDialects(s: ScanState, input: string, pos: number, base: number, final: boolean): number {
  const protocol = s.protocol;
  const d = s.dialects;
  const tag = s.tag;
  const maxName = Math.max(protocol.maxNameLength, d.maxTagName);
  const len = input.length;
  const mistral = d.mistralMarker;
  let from = pos;
  for (;;) {
    const lt = input.indexOf('<', from);
    if (mistral !== undefined) {
      const mk = nextMarker(s, input, from);
      if (mk !== -1 && (lt === -1 || mk < lt)) {
        const before = mk > 0 ? input.charCodeAt(mk - 1) : s.previousCode;
        trackMarkdown(s.md, input, pos, mk);
        s.builder.append(input, pos, mk);
        pos = mk;
        if (before !== BACKTICK && !inCode(s.md) && markerStartsCalls(s.md.lastVisible)) {
          openDialect(s, mistral, base + mk, MISTRAL_MARKER);
          return mk + MISTRAL_MARKER.length;
        }
        // an example (inline code, a code form) or a word of a sentence: text
        from = mk + 1;
        continue;
      }
      if (mk === -1 && lt === -1 && !final) {
        // the input may end inside the marker: held until the next chunk decides
        const part = partialMarkerAt(input, Math.max(pos, len - MISTRAL_MARKER.length + 1));
        if (part !== -1) {
          trackMarkdown(s.md, input, pos, part);
          s.builder.append(input, pos, part);
          return holdFrom(part);
        }
      }
    }
    if (lt === -1) {
      trackMarkdown(s.md, input, pos, len);
      s.builder.append(input, pos, len);
      return len;
    }
    const before = lt > 0 ? input.charCodeAt(lt - 1) : s.previousCode;
    if (before !== BACKTICK) {
      const next = input.charCodeAt(lt + 1);
      if (next === PIPE || next === FULLWIDTH_PIPE) {
        const end = readSpecialToken(input, lt, d.maxSpecialLength);
        if (end === SPECIAL_INCOMPLETE) {
          if (!final && d.specialPrefixes.has(input.slice(lt))) {
            trackMarkdown(s.md, input, pos, lt);
            s.builder.append(input, pos, lt);
            return holdFrom(lt);
          }
        } else if (end > 0) {
          const token = d.specialTokens.get(input.slice(lt, end));
          if (token !== undefined && !(token.kind === 'open' && s.spentOpeners?.has(token.entry))) {
            trackMarkdown(s.md, input, pos, lt);
            if (!inCode(s.md)) {
              s.builder.append(input, pos, lt);
              if (token.kind === 'open') {
                openDialect(s, token.entry, base + lt, input.slice(lt, end));
                return end;
              }
              // a leaked token: dropped, the text goes on (ChatML's role header with it)
              const role =
                end - lt === IM_START.length && input.startsWith(IM_START, lt) ? roleAfter(input, end, final) : 0;
              if (role < 0) return holdFrom(lt);
              pos = end + role;
              from = pos;
              continue;
            }
            s.builder.append(input, pos, lt);
            pos = lt;
          }
        }
        from = lt + 1;
        continue;
      }
      const kind = readTag(input, lt, maxName, tag);
      if (kind === TAG_COMPLETE) {
        if (!tag.closing) {
          const entry = protocol.textOpen.get(tag.name);
          if (entry !== undefined) {
            trackMarkdown(s.md, input, pos, lt);
            s.builder.append(input, pos, lt);
            closeText(s);
            if (entry.kind === 'tool') openTool(s, entry.tool, base + lt);
            else openReasoning(s, entry.tag);
            return tag.end;
          }
          const found = d.tagOpeners.get(tag.name);
          const opener = found !== undefined && s.spentOpeners?.has(found) ? undefined : found;
          const reasoning = opener === undefined && d.reasoningOpen.has(tag.name);
          if (opener !== undefined || reasoning) {
            trackMarkdown(s.md, input, pos, lt);
            s.builder.append(input, pos, lt);
            pos = lt;
            if (!inCode(s.md)) {
              if (opener !== undefined) {
                openDialect(s, opener, base + lt, input.slice(lt, tag.end));
              } else {
                closeText(s);
                openReasoning(s, tag.name);
              }
              return tag.end;
            }
          }
        } else if (startedInReasoning(s, tag.name)) {
          trackMarkdown(s.md, input, pos, lt);
          if (!inCode(s.md)) {
            // only a close tag and no open one before any block: the template opened the reasoning
            s.builder.append(input, pos, lt);
            s.done.push({ type: 'reasoning', reasoning: s.builder.value, partial: false });
            s.builder = createTrimmedBuilder();
            return tag.end;
          }
          s.builder.append(input, pos, lt);
          pos = lt;
        }
      } else if (
        kind !== TAG_INCOMPLETE &&
        d.bareFunction !== undefined &&
        input.startsWith('<function=', lt) &&
        !s.spentOpeners?.has(d.bareFunction)
      ) {
        trackMarkdown(s.md, input, pos, lt);
        s.builder.append(input, pos, lt);
        pos = lt;
        if (!inCode(s.md)) {
          openDialect(s, d.bareFunction, base + lt, '<function=');
          return lt + 10;
        }
      } else if (kind === TAG_INCOMPLETE && !final) {
        const could = tag.closing
          ? mayStartInReasoning(s, tag.name)
          : protocol.textOpenPrefixes.has(tag.name) || d.tagPrefixes.has(tag.name);
        if (could) {
          trackMarkdown(s.md, input, pos, lt);
          s.builder.append(input, pos, lt);
          return holdFrom(lt);
        }
      }
    }
    from = lt + 1;
  }
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

const IM_START = '<|im_start|>';
const ROLES = ['assistant', 'user', 'system', 'tool'];

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

/**
 * The next `[TOOL_CALLS]` at or after `from` in this input, found once per input and position.
 * Found by its '[' (a one-character search is some 50 times faster than the twelve-character one).
 */
function nextMarker(s: ScanState, input: string, from: number): number {
  let at = s.markerAt;
  if (at === -2 || (at >= 0 && at < from)) {
    at = input.indexOf('[', from);
    while (at !== -1 && !input.startsWith(MISTRAL_MARKER, at)) at = input.indexOf('[', at + 1);
    s.markerAt = at;
  }
  return at;
}

/** Where the input's tail, from `from` on, is an unfinished `[TOOL_CALLS]`, or -1. */
function partialMarkerAt(input: string, from: number): number {
  for (let at = input.indexOf('[', from); at !== -1; at = input.indexOf('[', at + 1)) {
    if (MISTRAL_MARKER.startsWith(input.slice(at))) return at;
  }
  return -1;
}
