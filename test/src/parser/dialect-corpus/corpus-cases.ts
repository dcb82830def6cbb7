// Replies as real models wrote them, from public bug reports and other projects' parser tests.
// Each case names its source; `calls` is what was meant (an empty list: no call was meant, the
// reply is text). The tools named are the sources' own (get_weather, ls, …): the corpus protocol
// offers them.

export interface CorpusCase {
  dialect: string;
  source: string;
  text: string;
  calls: { name: string; params: Record<string, string> }[];
  /** The prose that must remain visible (when checked). */
  prose?: string[];
}

export const CORPUS: CorpusCase[] = [
  {
    dialect: 'glm',
    source: 'ik_llama.cpp discussion 753 (GLM-4.5-Air through Continue)',
    text: 'Let me search for configuration files in the backend directory to help locate this information: <tool_call>ls <arg_key>dirPath</arg_key> <arg_value>backend</arg_value> </tool_call>',
    calls: [{ name: 'ls', params: { dirPath: 'backend' } }],
    prose: ['Let me search for configuration files in the backend directory to help locate this information:'],
  },
  {
    dialect: 'glm',
    source: 'SGLang router tests, glm4_moe parser (test_glm4_complete_parsing)',
    text: 'Let me search for that.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2024-12-25</arg_value>\n</tool_call>\nThe weather will be...',
    calls: [{ name: 'get_weather', params: { city: 'Beijing', date: '2024-12-25' } }],
    prose: ['Let me search for that.', 'The weather will be...'],
  },
  {
    dialect: 'glm',
    source: 'a GLM-4 MoE tool parser unittest (calculate_math_operation)',
    text: '我来帮您计算 50 乘以 3，并查询今天是星期几。\n<tool_call>calculate_math_operation\n<arg_key>operation</arg_key>\n<arg_value>multiply</arg_value>\n<arg_key>a</arg_key>\n<arg_value>50</arg_value>\n<arg_key>b</arg_key>\n<arg_value>3</arg_value>\n</tool_call>',
    calls: [{ name: 'calculate_math_operation', params: { operation: 'multiply', a: '50', b: '3' } }],
  },
  {
    dialect: 'kimi',
    source: 'SGLang router tests, Kimi K2 parser (test_kimik2_complete_parsing)',
    text: 'Let me help you with that.\n<|tool_calls_section_begin|>\n<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location": "Tokyo", "units": "celsius"}<|tool_call_end|>\n<|tool_calls_section_end|>\nThe weather in Tokyo is...',
    calls: [{ name: 'get_weather', params: { location: 'Tokyo', units: 'celsius' } }],
    prose: ['Let me help you with that.', 'The weather in Tokyo is...'],
  },
  {
    dialect: 'kimi',
    source: 'ik_llama.cpp examples/server/function_calls.md (Kimi-K2 native token format)',
    text: '<|tool_calls_section_begin|>\n<|tool_call_begin|>\nfunctions.get_weather:0<|tool_call_argument_begin|>\n{"location": "Tokyo"}\n<|tool_call_end|>\n<|tool_calls_section_end|>',
    calls: [{ name: 'get_weather', params: { location: 'Tokyo' } }],
  },
  {
    dialect: 'anthropic',
    source: 'ik_llama.cpp examples/server/function_calls.md (Kimi-K2 XML fallback)',
    text: '<tool_call>\n<invoke name="Write">\n<parameter name="file_path">/path/to/file.txt</parameter>\n<parameter name="content">File content here</parameter>\n</invoke>\n</tool_call>',
    calls: [{ name: 'Write', params: { file_path: '/path/to/file.txt', content: 'File content here' } }],
  },
  {
    dialect: 'deepseek',
    source: 'SGLang router tests, DeepSeek V3 parser (test_deepseek_complete_parsing)',
    text: 'Let me help you with that.\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"location": "Tokyo", "units": "celsius"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>\nThe weather in Tokyo is...',
    calls: [{ name: 'get_weather', params: { location: 'Tokyo', units: 'celsius' } }],
    prose: ['Let me help you with that.', 'The weather in Tokyo is...'],
  },
  {
    dialect: 'harmony',
    source: 'NousResearch/hermes-agent PR 62680 (harmony reasoning leaking through Ollama)',
    text: '<|start|>assistant<|channel|>analysis<|message|>The user wants the answer.<|end|>\n<|start|>assistant<|channel|>final<|message|>The answer is four.<|return|>',
    calls: [],
    prose: ['The answer is four.'],
  },
  {
    dialect: 'harmony',
    source: 'Augustas11/macprovider issue 743 (gpt-oss-20b, the server stripped the tokens)',
    text: 'analysisWe need to answer "What is 2+2? Answer in one word." The answer is "four".\nWe should output only that word. And nothing else.assistantfinalfour',
    calls: [],
    prose: ['four'],
  },
  {
    dialect: 'harmony',
    source: 'raullenchai/Rapid-MLX issue 480 (gpt-oss-20b streaming, tokens stripped)',
    text: 'commentary to=functions.get_weather json{"city":"Paris"}',
    calls: [{ name: 'get_weather', params: { city: 'Paris' } }],
  },
  {
    dialect: 'qwen3-coder',
    source: 'InternLM/lmdeploy issue 3840 (the Qwen3-Coder template’s tool-call example)',
    text: '<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n<parameter=example_parameter_2>\nThis is the value for the second parameter\nthat can span\nmultiple lines\n</parameter>\n</function>\n</tool_call>',
    calls: [
      {
        name: 'example_function_name',
        params: {
          example_parameter_1: 'value_1',
          example_parameter_2: 'This is the value for the second parameter\nthat can span\nmultiple lines',
        },
      },
    ],
  },
  {
    dialect: 'qwen3-coder',
    source:
      'ml-explore/mlx-lm PR 1616 (Qwen3-Coder-30B writes <function=…> without <tool_call>; reconstructed from the report)',
    text: '<function=multiply>\n<parameter=a>\n12234585\n</parameter>\n<parameter=b>\n48838483920\n</parameter>\n</function>',
    calls: [{ name: 'multiply', params: { a: '12234585', b: '48838483920' } }],
  },
  {
    dialect: 'json',
    source: 'Gitlawb/openclaude issue 433 (qwen2.5-coder:14b through Ollama answers with raw JSON)',
    text: '{\n  "name": "WebSearch",\n  "arguments": {\n    "query": "repository structure"\n  }\n}',
    calls: [{ name: 'WebSearch', params: { query: 'repository structure' } }],
  },
  {
    dialect: 'llama',
    source: 'fairydreaming/tlcl README (Llama 3.1 code interpreter through <|python_tag|>: code, not a tool call)',
    text: '<|python_tag|>import sys\n\nprint("Python version: ", sys.version)<|eom_id|>',
    calls: [],
  },
  {
    dialect: 'reasoning',
    source: 'cline/cline issue 1418 (DeepSeek R1 on Ollama: reasoning, then Cline XML)',
    text: '<think>\nOkay, the user wants me to list the files.\n</think>\n\n<list_files>\n<path>.</path>\n</list_files>',
    calls: [{ name: 'list_files', params: { path: '.' } }],
  },
];
