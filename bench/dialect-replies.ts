// Replies dense with other dialects' tool calls, and their twins written as Cline XML: the same
// prose and the same calls, so the dialect parse can be set against the fair yardstick (issue 35).
// The formats follow the corpus (test/src/parser/dialect-corpus/); deterministic.

interface Call {
  name: string;
  params: Record<string, string>;
}

const words = 'the file exports a component that renders list items and we should check props state hook test'.split(
  ' ',
);

function sentence(i: number, n: number): string {
  const out: string[] = [];
  for (let k = 0; k < n; k++) out.push(words[(i * 7 + k * 3) % words.length]!);
  return `${out.join(' ')}.`;
}

const json = (p: Record<string, string>) => JSON.stringify(p);

/** The in-scan dialect families, each measured alone (DeepSeek's DSML, V3.2 on, as `dsml`). */
export const FAMILIES = ['hermes', 'qwen3-coder', 'glm', 'kimi', 'deepseek', 'dsml', 'harmony', 'anthropic'] as const;

/** The families the mixed reply takes turns over, in order: the seven it has always held, so its figures compare across sessions. */
const MIXED: readonly Family[] = ['hermes', 'qwen3-coder', 'glm', 'kimi', 'deepseek', 'harmony', 'anthropic'];

/** A family of {@link FAMILIES}. */
export type Family = (typeof FAMILIES)[number];

/** One call in each in-scan dialect. */
const WRITERS: Record<Family, (c: Call) => string> = {
  hermes: (c) => `<tool_call>\n{"name": "${c.name}", "arguments": ${json(c.params)}}\n</tool_call>`,
  'qwen3-coder': (c) =>
    `<tool_call>\n<function=${c.name}>\n${Object.entries(c.params)
      .map(([k, v]) => `<parameter=${k}>\n${v}\n</parameter>`)
      .join('\n')}\n</function>\n</tool_call>`,
  glm: (c) =>
    `<tool_call>${c.name}\n${Object.entries(c.params)
      .map(([k, v]) => `<arg_key>${k}</arg_key>\n<arg_value>${v}</arg_value>`)
      .join('\n')}\n</tool_call>`,
  kimi: (c) =>
    `<|tool_calls_section_begin|><|tool_call_begin|>functions.${c.name}:0<|tool_call_argument_begin|>${json(c.params)}<|tool_call_end|><|tool_calls_section_end|>`,
  deepseek: (c) =>
    `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>${c.name}\n\`\`\`json\n${json(c.params)}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
  dsml: (c) =>
    `<｜DSML｜function_calls>\n<｜DSML｜invoke name="${c.name}">\n${Object.entries(c.params)
      .map(([k, v]) => `<｜DSML｜parameter name="${k}" string="true">${v}</｜DSML｜parameter>`)
      .join('\n')}\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`,
  harmony: (c) =>
    `<|channel|>analysis<|message|>I need ${c.name}.<|end|><|start|>assistant<|channel|>commentary to=functions.${c.name} <|constrain|>json<|message|>${json(c.params)}<|call|>`,
  anthropic: (c) =>
    `<function_calls>\n<invoke name="${c.name}">\n${Object.entries(c.params)
      .map(([k, v]) => `<parameter name="${k}">${v}</parameter>`)
      .join('\n')}\n</invoke>\n</function_calls>`,
};

const cline = (c: Call) =>
  `<${c.name}>\n${Object.entries(c.params)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('\n')}\n</${c.name}>`;

function callOf(i: number): Call {
  switch (i % 3) {
    case 0:
      return { name: 'read_file', params: { path: `src/components/file${i}.tsx` } };
    case 1:
      return { name: 'execute_command', params: { command: `npm test -- file${i}`, requires_approval: 'false' } };
    default:
      return { name: 'search_files', params: { path: 'src', regex: `TODO ${i}` } };
  }
}

/** The harmony writer's reasoning before its call, as the Cline twin writes it: the twin must hold the same blocks. */
const clineReasoning = (c: Call) => `<think>I need ${c.name}.</think>\n`;

/**
 * About `bytes` of replies: prose, then a call in the next dialect (or always in `family`'s, as one
 * model writes), over and over; and the same blocks as Cline XML (harmony's reasoning as
 * `<think>`), so both parse to the same text, reasoning and calls.
 */
export function dialectReplies(bytes: number, family?: Family): { dialect: string; cline: string; calls: number } {
  const d: string[] = [];
  const c: string[] = [];
  let size = 0;
  let i = 0;
  while (size < bytes) {
    const prose = `${sentence(i, 14)} ${sentence(i + 1, 9)}\n`;
    const call = callOf(i);
    const writer = family ?? MIXED[i % MIXED.length]!;
    const part = `${prose}${WRITERS[writer](call)}\n`;
    d.push(part);
    c.push(`${prose}${writer === 'harmony' ? clineReasoning(call) : ''}${cline(call)}\n`);
    size += part.length;
    i++;
  }
  return { dialect: d.join(''), cline: c.join(''), calls: i };
}
