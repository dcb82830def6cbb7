// A required parameter that is empty or only whitespace is a missing parameter, as Cline treats
// it: the tool does not run (a blank attempt_completion result does not end the turn) and the
// model is told which parameter to give.
import type { ToolUse } from '../../src/parser/blocks.js';
import { defaultToolDescriptions } from '../../src/protocol/tool-descriptions.js';

/** Required parameters by tool: those of the default tool descriptions (a parameter is required unless marked otherwise). */
// pure: a bundle without the machine drops it (its calls would otherwise keep it, and the descriptions with it)
const REQUIRED: ReadonlyMap<string, readonly string[]> = /* @__PURE__ */ (() =>
  new Map(
    Object.entries(defaultToolDescriptions).map(([name, d]) => [
      name,
      Object.entries(d.params)
        .filter(([, p]) => p.required !== false)
        .map(([param]) => param),
    ]),
  ))();

/** The first required parameter of `tool` that is missing, empty or only whitespace; undefined when all are given. */
export function missingRequiredParam(tool: ToolUse): string | undefined {
  const required = REQUIRED.get(tool.name);
  if (required === undefined) return undefined;
  for (const param of required) {
    const value = tool.params[param];
    if (value === undefined || value.trim() === '') return param;
  }
  return undefined;
}

/** What the model is told (Cline's wording, near enough): the parameter, and to try again. */
export function missingParamText(tool: ToolUse, param: string): string {
  return `Missing value for required parameter '${param}' of ${tool.name}. Please retry with a complete response.`;
}
