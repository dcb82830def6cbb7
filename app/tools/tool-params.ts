// Reading a tool use's parameters: what is required, and how Cline spells booleans and lists.
import type { ToolUse } from 'agent-turn';
import type { ToolErrorResult } from './tool-types.js';
import { missingParam } from './result-sentences.js';

/** A parameter the tool cannot work without; an absent or blank value is an error result. */
export function requireParam(
  toolUse: ToolUse,
  name: string,
): { ok: true; value: string } | { ok: false; error: ToolErrorResult } {
  const value = toolUse.params[name];
  if (value === undefined || value.trim() === '') return { ok: false, error: missingParam(toolUse.name, name) };
  return { ok: true, value };
}

/** Cline's boolean parameters arrive as text. */
export function isTrueParam(value: string | undefined): boolean {
  return value !== undefined && value.trim().toLowerCase() === 'true';
}

/** Cline sends the choices as a JSON array of strings; anything else means no choices. */
export function parseOptions(raw: string | undefined): string[] {
  if (!raw?.trim()) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
