// The settings in force for a run: the user's file narrowed by the project's, applied where the
// command line said nothing (a flag always wins).
import type { CliOptions } from '../options/cli-options.js';
import { isScriptedModel } from '../options/parse-cli-args.js';
import {
  mergeSettings,
  projectSettingsFile,
  readSettingsFile,
  userSettingsFile,
  type EffectiveSettings,
} from './settings-file.js';

export type SettingsLoad = ({ ok: true } & EffectiveSettings & { userFile: string }) | { ok: false; message: string };

/** Reads both files; a clear message (file, line, field) when one is invalid. */
export function loadSettings(env: Record<string, string | undefined>, root: string): SettingsLoad {
  const userFile = userSettingsFile(env);
  const user = readSettingsFile(userFile);
  if (!user.ok) return user;
  const project = readSettingsFile(projectSettingsFile(root), 'project');
  if (!project.ok) return project;
  return { ok: true, userFile, ...mergeSettings(user.settings, project.settings, root) };
}

/** The options with the settings applied where no flag was given; an error when the result cannot run. */
export function applySettings(
  options: CliOptions,
  effective: EffectiveSettings,
  argv: readonly string[],
): { ok: true; options: CliOptions } | { ok: false; message: string } {
  const s = effective.settings;
  const given = (flag: string) => argv.some((a) => a === flag || a.startsWith(`${flag}=`));
  const next: CliOptions = { ...options };
  if (s.baseURL !== undefined && next.baseURL === undefined && !given('--base-url')) next.baseURL = s.baseURL;
  if (s.model !== undefined && !given('--model') && options.resume === undefined) {
    next.model = s.model;
    // A chosen model is not the demo: no arguments no longer means read-only.
    if (argv.length === 0) next.readOnly = false;
  }
  if (s.priceInput !== undefined && next.priceInput === undefined) next.priceInput = s.priceInput;
  if (s.priceOutput !== undefined && next.priceOutput === undefined) next.priceOutput = s.priceOutput;
  if (s.sandbox?.allowNetwork === true && !given('--allow-network')) next.allowNetwork = true;
  if (s.sandbox?.allowNetwork === false) next.allowNetwork = false;
  if (s.sandbox?.noSandbox === true && !given('--no-sandbox')) next.noSandbox = true;
  if (s.sandbox?.noSandbox === false) next.noSandbox = false;
  if (!isScriptedModel(next.model) && !next.baseURL)
    return {
      ok: false,
      message: `the settings choose the model "${next.model}" but no base URL: add "baseURL" to your settings, or give --base-url.`,
    };
  return { ok: true, options: next };
}
