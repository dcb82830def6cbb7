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
  // --- Hermes / Qwen ---
  {
    dialect: 'hermes',
    source:
      'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_hermes_tool_parser.py (QwQ-32B: the template opened <think>; its long reasoning shortened here)',
    text: '好的，用户现在要研发一个5MW的燃气轮机，需要确定总体参数。\n\n可能需要调用互联网搜索工具来查找5MW燃气轮机的设计参数。\n</think>\n\n<tool_call>\n{"name": "internet_search", "arguments": {"question": "5MW燃气轮机设计参数 空气流量 压气机压比 转速 燃烧室出口温度 压气机级数 支点布局"}}\n</tool_call>\n\n ',
    calls: [
      {
        name: 'internet_search',
        params: { question: '5MW燃气轮机设计参数 空气流量 压气机压比 转速 燃烧室出口温度 压气机级数 支点布局' },
      },
    ],
    prose: [],
  },
  {
    dialect: 'hermes',
    source:
      'NousResearch/Hermes-Function-Calling README.md (Qwen1.5-0.5b-hermes-func-calling writes a Python dict, single quotes)',
    text: "<tool_call>\n{'arguments': {'symbol': 'TSLA'}, 'name': 'get_current_stock_price'}\n</tool_call><|im_end|>",
    calls: [{ name: 'get_current_stock_price', params: { symbol: 'TSLA' } }],
    prose: [],
  },
  {
    dialect: 'hermes',
    source:
      'vybestack/llxprt-code project-plans/multi-provider/23-implement-tool-formatter-hermes.md (Hermes output with its ChatML tokens, arguments before name)',
    text: '<|im_start|>assistant\n<tool_call>\n{"arguments": {"symbol": "TSLA"}, "name": "get_stock_fundamentals"}\n</tool_call>\n<|im_end|>',
    calls: [{ name: 'get_stock_fundamentals', params: { symbol: 'TSLA' } }],
    prose: [],
  },
  // --- Mistral ---
  {
    dialect: 'mistral',
    source: 'raullenchai/Rapid-MLX issue 1071 (devstral-v2-24b-4bit, 6/6 replies leaked through the hermes parser)',
    text: '[TOOL_CALLS]web_search[ARGS]{"query": "latest AI model releases this month"}',
    calls: [{ name: 'web_search', params: { query: 'latest AI model releases this month' } }],
    prose: [],
  },
  {
    dialect: 'mistral',
    source: 'ml-explore/mlx-lm issue 1374 (Ministral-8B-Instruct-2410 writes the JSON-list form)',
    text: '[TOOL_CALLS] [{"name": "calculator", "arguments": {"expression": "2+3"}}]',
    calls: [{ name: 'calculator', params: { expression: '2+3' } }],
    prose: [],
  },
  // --- Granite ---
  {
    dialect: 'granite',
    source:
      'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_granite_tool_parser.py (single_tool_call_output)',
    text: '<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [{ name: 'get_weather', params: { city: 'Tokyo' } }],
    prose: [],
  },
  {
    dialect: 'granite',
    source:
      'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_granite_tool_parser.py (parallel_tool_calls_output)',
    text: '<|tool_call|> [\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n  {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n]',
    calls: [
      { name: 'get_weather', params: { city: 'Tokyo' } },
      { name: 'get_time', params: { timezone: 'Asia/Tokyo' } },
    ],
  },
  {
    dialect: 'granite',
    source:
      'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_granite_tool_parser.py (surrounding_text_output; vLLM marks it xfail)',
    text: 'Let me check the weather for you.\n<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]\nI\'ll get that information.',
    calls: [{ name: 'get_weather', params: { city: 'Tokyo' } }],
  },
  {
    dialect: 'granite',
    source:
      'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_granite_tool_parser.py (test_granite_string_prefix_format: Granite 3.1 writes <tool_call> as a string)',
    text: '<tool_call> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    calls: [{ name: 'get_weather', params: { city: 'Tokyo' } }],
  },
  // --- pythonic ---
  {
    dialect: 'pythonic',
    source:
      "vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_pythonic_tool_parser.py (SIMPLE_FUNCTION_OUTPUT, after Meta's Llama 3.2 prompt-format docs)",
    text: "[get_weather(city='San Francisco', metric='celsius')]",
    calls: [{ name: 'get_weather', params: { city: 'San Francisco', metric: 'celsius' } }],
    prose: [],
  },
  {
    dialect: 'pythonic',
    source:
      'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_pythonic_tool_parser.py (ESCAPED_STRING_FUNCTION_OUTPUT)',
    text: String.raw`[get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')]`,
    calls: [{ name: 'get_weather', params: { city: "Martha's Vineyard", metric: '"cool units"' } }],
  },
  {
    dialect: 'pythonic',
    source:
      'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_pythonic_tool_parser.py (parallel calls with every literal type)',
    text: "[get_weather(city='San Francisco', metric='celsius'), register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])]",
    calls: [
      { name: 'get_weather', params: { city: 'San Francisco', metric: 'celsius' } },
      {
        name: 'register_user',
        params: {
          name: 'John Doe',
          age: '37',
          address: '{"city":"San Francisco","state":"CA"}',
          role: 'null',
          passed_test: 'true',
          aliases: '["John","Johnny"]',
        },
      },
    ],
  },
  {
    dialect: 'pythonic',
    source:
      'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_llama4_pythonic_tool_parser.py (PYTHON_TAG_FUNCTION_OUTPUT, Llama 4)',
    text: "<|python_start|>[get_weather(city='LA', metric='C')]<|python_end|>",
    calls: [{ name: 'get_weather', params: { city: 'LA', metric: 'C' } }],
    prose: [],
  },
  // --- HTML-escaped Cline XML ---
  {
    dialect: 'html-escaped',
    source:
      'apmantza/pi-free tests/cline-xml-bridge.test.ts ("recovers top-level escaped XML tool calls", added for MiMo in PR 235)',
    text: '&lt;read_file&gt;&lt;path&gt;package.json&lt;/path&gt;&lt;/read_file&gt;',
    calls: [{ name: 'read_file', params: { path: 'package.json' } }],
    prose: [],
  },
  {
    dialect: 'html-escaped',
    source:
      "blog post 'Cline 是怎么工作的' (2025-01-25; also at aisharenet.com/cline-gongzuoyuanlibi): the logged assistant message of the second request, escaped as a whole",
    text: '&lt;thinking&gt;\n分析任务需求：\n1. 需要创建一个3D太阳系环绕效果\n2. 当前项目是一个Next.js项目（根据next.config.ts和app目录结构判断）\n3. 需要添加3D功能，可以使用Three.js库\n4. 需要创建新的组件来展示3D效果\n\n下一步行动：\n1. 安装Three.js依赖\n2. 创建一个新的组件来展示3D太阳系\n3. 在页面中引入该组件\n&lt;/thinking&gt;\n\n&lt;execute_command&gt;\n&lt;command&gt;npm install three @types/three&lt;/command&gt;\n&lt;requires_approval&gt;false&lt;/requires_approval&gt;\n&lt;/execute_command&gt;',
    calls: [
      { name: 'execute_command', params: { command: 'npm install three @types/three', requires_approval: 'false' } },
    ],
    prose: [],
  },
  {
    dialect: 'json',
    source:
      'pyrate-llama/hermes-ui issue 6 (Qwen2.5-7B-AWQ behind vLLM without a tool parser: a JSON call, then prose)',
    text: '{"name": "terminal", "arguments": {"command": "free -m"}}\nI will execute this command...',
    calls: [{ name: 'terminal', params: { command: 'free -m' } }],
  },
];
