// A turn saved in localStorage is data, never authority: anything (another tab, an extension, a
// person with the devtools) can edit it before "Resume it". So a resumed turn asks for approval
// whenever the page's checkbox says so (the record can only ask more, never less), and a turn
// that ran against an endpoint resumes only against the one in the page's field — the typed API
// key and the workspace go there — so a different one is refused, naming both.
import type { SavedTurn } from './saved-turn.js';

/** What the page's controls say now. */
export interface PageChoices {
  /** The "ask before writes" checkbox. */
  approval: boolean;
  /** The Base URL field (what the key would be sent to). */
  baseURL: string;
}

export type ResumeDecision =
  | { ok: true; approval: boolean; nativeTools: boolean; endpoint?: string }
  | { ok: false; message: string };

function sameURL(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      return new URL(u.trim()).href.replace(/\/+$/, '');
    } catch {
      return u.trim();
    }
  };
  return norm(a) === norm(b);
}

/** The settings a saved turn resumes with, or why it may not resume as the page stands. */
export function resumeDecision(saved: SavedTurn, page: PageChoices): ResumeDecision {
  const source = saved.settings.source;
  if (source.kind === 'endpoint' && !sameURL(source.baseURL, page.baseURL)) {
    return {
      ok: false,
      message: `This turn ran against ${source.baseURL}, but the Base URL field says ${page.baseURL || '(nothing)'}. Your API key and the workspace are sent to the endpoint: set the field to ${source.baseURL} to resume it there, or discard it.`,
    };
  }
  return {
    ok: true,
    approval: page.approval || saved.settings.approval === true,
    nativeTools: saved.settings.nativeTools === true,
    ...(source.kind === 'endpoint' ? { endpoint: source.baseURL } : {}),
  };
}

/** The banner's words for a saved turn: where it stood, and the endpoint it talks to. */
export function resumeBannerText(saved: SavedTurn, where: string): string {
  const source = saved.settings.source;
  const endpoint = source.kind === 'endpoint' ? ` It talks to ${source.baseURL} (model ${source.model}).` : '';
  return `A turn was interrupted by a reload: “${saved.task}” — ${where}.${endpoint}`;
}
