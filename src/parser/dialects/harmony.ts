// gpt-oss harmony leaking into content: `<|channel|>analysis<|message|>…<|end|>` is reasoning,
// `<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{…}<|call|>` a call, and
// `<|channel|>final<|message|>` the answer that follows. `<|start|>assistant` may come first.

import { allOffered, paramsFromJson } from './call-values.js';
import type { BlockRecognizer, HeaderOutcome } from './recognizer.js';
import { isWhitespace } from '../text-builders.js';

const MESSAGE = '<|message|>';
const CHANNEL = '<|channel|>';
const ROLE = /^(?:assistant(?:\s+to=\S+)?)?$/;
const RECIPIENT = /\bto=(?:functions\.)?([A-Za-z_][\w.-]*)/;

/** What a header (`analysis`, `assistant<|channel|>final`, `commentary to=functions.x <|constrain|>json`) means. */
function headerOutcome(header: string): HeaderOutcome | undefined {
  let h = header.trim();
  const channel = h.indexOf(CHANNEL);
  if (channel !== -1) {
    // `<|start|>assistant<|channel|>…`: the role before the channel token, and maybe the
    // recipient (`assistant to=functions.x<|channel|>commentary`: Ollama's harmony tests show it)
    const role = h.slice(0, channel).trim();
    if (!ROLE.test(role)) return undefined;
    const to = /\bto=\S+/.exec(role);
    h = `${h.slice(channel + CHANNEL.length).trim()}${to === null ? '' : ` ${to[0]}`}`;
  }
  if (RECIPIENT.test(h)) return { kind: 'call' };
  const name = firstWord(h);
  if (name === 'analysis') return { kind: 'reasoning', closes: ['<|end|>', '<|return|>'] };
  if (name === 'final' || name === 'commentary' || name === 'assistant' || name === '') return { kind: 'text' };
  return undefined;
}

/** What `h.split(/\s|<\|/)[0]` gives, without the split: `h` up to its first whitespace or `<|`. */
function firstWord(h: string): string {
  for (let i = 0; i < h.length; i++) {
    const c = h.charCodeAt(i);
    if (isWhitespace(c) || (c === 60 && h.charCodeAt(i + 1) === 124)) return h.slice(0, i);
  }
  return h;
}

function decodeCall(body: string, header: string) {
  const to = RECIPIENT.exec(header);
  if (to === null) return undefined;
  const params = paramsFromJson(body);
  return params === undefined ? undefined : [{ name: to[1]!, params }];
}

function recognizer(opener: string): BlockRecognizer {
  return {
    dialect: 'harmony',
    opener,
    closes: ['<|call|>', '<|end|>', '<|return|>'],
    headerEnd: MESSAGE,
    header: headerOutcome,
    decode(body, context, header) {
      const calls = decodeCall(body, header);
      return calls === undefined ? undefined : allOffered(calls, context);
    },
  };
}

/** A harmony message that starts at its channel token. */
export const harmonyChannel: BlockRecognizer = /* @__PURE__ */ recognizer(CHANNEL);
/** A harmony message that starts at `<|start|>` (role, then channel). */
export const harmonyStart: BlockRecognizer = /* @__PURE__ */ recognizer('<|start|>');
