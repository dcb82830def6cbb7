// What the page's URL can preset: `?pace=0&profile=glm-5.1&fault=http-429-once&dialect=hermes&task=...`.
// `pace=0` streams as fast as the page reads (the browser test uses it); unknown values fall back to defaults.
// Nothing that weakens safety comes from the URL: approvals are turned off only with the page's own
// checkbox (a link with `?approval=off` leaves them on).
import { scriptedDialects, scriptedFaults, type ScriptedDialect, type ScriptedFault } from 'agent-turn/scripted';
import { listModelProfiles } from 'agent-turn';

export type PaceSetting = 'realistic' | 'slow' | number;

export interface PageOptions {
  pace: PaceSetting;
  profile: string;
  fault: ScriptedFault | 'none';
  /** The dialect the scripted model writes its tool calls in (`?dialect=hermes`); 'cline': Cline's XML. */
  dialect: ScriptedDialect | 'cline';
  task: string;
  nativeTools: boolean;
}

export const DEFAULT_TASK = 'Read README.md and write notes.md with what you learn about the project.';

export function readPageOptions(search: string): PageOptions {
  const q = new URLSearchParams(search);
  const paceRaw = q.get('pace');
  const paceNumber = paceRaw !== null && paceRaw.trim() !== '' ? Number(paceRaw) : NaN;
  const pace: PaceSetting =
    paceRaw === 'slow' ? 'slow' : Number.isFinite(paceNumber) && paceNumber >= 0 ? paceNumber : 'realistic';
  const profiles = listModelProfiles().map((p) => p.id);
  const profile = q.get('profile') ?? 'scripted';
  const fault = q.get('fault') ?? 'none';
  const dialect = q.get('dialect') ?? 'cline';
  return {
    pace,
    profile: profiles.includes(profile) ? profile : 'scripted',
    fault: (scriptedFaults as readonly string[]).includes(fault) ? (fault as ScriptedFault) : 'none',
    dialect: (scriptedDialects as readonly string[]).includes(dialect) ? (dialect as ScriptedDialect) : 'cline',
    task: q.get('task') ?? DEFAULT_TASK,
    nativeTools: q.get('native') === '1',
  };
}

/** Milliseconds per token for the scripted model; undefined = its realistic default. */
export function paceMs(pace: PaceSetting): number | undefined {
  if (pace === 'realistic') return undefined;
  if (pace === 'slow') return 30;
  return pace;
}
