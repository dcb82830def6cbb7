import { defineProtocol } from './define-protocol.js';

/** Cline's 27 tools. */
export const CLINE_TOOL_NAMES = [
  'ask_followup_question',
  'attempt_completion',
  'execute_command',
  'replace_in_file',
  'read_file',
  'write_to_file',
  'search_files',
  'list_files',
  'list_code_definition_names',
  'browser_action',
  'use_mcp_tool',
  'access_mcp_resource',
  'load_mcp_documentation',
  'new_task',
  'plan_mode_respond',
  'act_mode_respond',
  'focus_chain',
  'web_fetch',
  'web_search',
  'condense',
  'summarize_task',
  'report_bug',
  'new_rule',
  'apply_patch',
  'generate_explanation',
  'use_skill',
  'use_subagents',
] as const;

/** Cline's 45 parameter names; like Cline, every tool accepts every one of them. */
export const CLINE_PARAM_NAMES = [
  'command',
  'requires_approval',
  'path',
  'absolutePath',
  'content',
  'diff',
  'regex',
  'file_pattern',
  'recursive',
  'action',
  'url',
  'coordinate',
  'text',
  'query',
  'allowed_domains',
  'blocked_domains',
  'prompt',
  'server_name',
  'tool_name',
  'arguments',
  'uri',
  'question',
  'options',
  'response',
  'result',
  'context',
  'title',
  'what_happened',
  'steps_to_reproduce',
  'api_request_output',
  'additional_context',
  'needs_more_exploration',
  'task_progress',
  'timeout',
  'input',
  'from_ref',
  'to_ref',
  'skill_name',
  'prompt_1',
  'prompt_2',
  'prompt_3',
  'prompt_4',
  'prompt_5',
  'start_line',
  'end_line',
] as const;

/** Parameters whose values are file contents or diffs: they may contain any text, their own close tag included. */
const CLINE_RAW_PARAMS: Partial<Record<(typeof CLINE_TOOL_NAMES)[number], string[]>> = {
  write_to_file: ['content'],
  new_rule: ['content'],
  replace_in_file: ['diff'],
  apply_patch: ['input'],
};

/** The Cline agent's tag vocabulary: the default protocol. It has no reasoning tags. */
export const clineProtocol = defineProtocol({
  tools: Object.fromEntries(CLINE_TOOL_NAMES.map((name) => [name, { params: [], raw: CLINE_RAW_PARAMS[name] ?? [] }])),
  globalParams: CLINE_PARAM_NAMES,
  reasoningTags: [],
});

/** Cline's vocabulary plus the `think` reasoning tag: what reasoning-model turns parse with by default. */
export const clineThinkProtocol = clineProtocol.withReasoningTags(['think']);
