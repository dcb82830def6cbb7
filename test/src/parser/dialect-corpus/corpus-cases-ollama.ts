// Issue 35's additions to the corpus: replies from Ollama's own parser tests, at
// ollama/ollama fb30760996871fa9460115c753afd2c60d4ab0f7 (model/parsers/*_test.go, harmony/). Each
// names its file and case; `calls` is what Ollama's test expects the reply to hold, unless the case
// says otherwise. A `rawToolCall` of Ollama's Qwen3-Coder test is the body Ollama cuts out of
// `<tool_call>…</tool_call>`; written here as the model writes it, inside the tags.
import type { CorpusCase } from './corpus-cases.js';

const at = (file: string, name: string) => `ollama/ollama ${file} @ fb30760 (${name})`;
const weather = (location: string) => ({ name: 'get_weather', params: { location } });

export const OLLAMA_CORPUS: CorpusCase[] = [
  // --- DeepSeek V3.1 (model/parsers/deepseek3_test.go) ---
  {
    dialect: 'deepseek',
    source: at('model/parsers/deepseek3_test.go', 'tool_call'),
    text: 'I\'ll check the weather.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location":"Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [weather('Paris')],
    prose: ["I'll check the weather."],
  },
  {
    dialect: 'deepseek',
    source: at('model/parsers/deepseek3_test.go', 'multiple_tool_calls'),
    text: 'Getting weather for both cities.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location":"Paris"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location":"London"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [weather('Paris'), weather('London')],
    prose: ['Getting weather for both cities.'],
  },
  {
    dialect: 'deepseek',
    source: at('model/parsers/deepseek3_test.go', 'tool_output'),
    text: "Here's the weather: <｜tool▁output▁begin｜>Temperature: 22°C, Sunny<｜tool▁output▁end｜> Hope that helps!",
    calls: [],
    prose: ["Here's the weather: Temperature: 22°C, Sunny Hope that helps!"],
  },
  {
    dialect: 'deepseek',
    source: at('model/parsers/deepseek3_test.go', 'complex_tool_arguments'),
    text: 'Processing data.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>process_data<｜tool▁sep｜>{"items":["item1","item2"],"config":{"enabled":true,"threshold":0.95}}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [
      { name: 'process_data', params: { items: '["item1","item2"]', config: '{"enabled":true,"threshold":0.95}' } },
    ],
    prose: ['Processing data.'],
  },
  {
    dialect: 'deepseek',
    source: at('model/parsers/deepseek3_test.go', 'thinking_with_tool_call'),
    text: 'Let me check the weather...</think>I\'ll get that for you.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location":"Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [weather('Paris')],
    prose: ["I'll get that for you."],
  },
  {
    dialect: 'deepseek',
    source: at('model/parsers/deepseek3_test.go', 'multiple_tool_outputs'),
    text: 'Results: <｜tool▁output▁begin｜>Paris: 22°C<｜tool▁output▁end｜> and <｜tool▁output▁begin｜>London: 18°C<｜tool▁output▁end｜>',
    calls: [],
    prose: ['Results: Paris: 22°C and London: 18°C'],
  },
  {
    dialect: 'deepseek',
    source: at('model/parsers/deepseek3_test.go', 'emoji_after_tool_call'),
    text: 'I\'ll help you.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location":"Tokyo"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>完成 ✅',
    calls: [weather('Tokyo')],
    prose: ["I'll help you.", '完成 ✅'],
  },
  {
    dialect: 'deepseek',
    source: at('model/parsers/deepseek3_test.go', 'unicode_tool_arguments'),
    text: 'Searching for information.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>search<｜tool▁sep｜>{"query":"北京天气","language":"中文"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [{ name: 'search', params: { query: '北京天气', language: '中文' } }],
    prose: ['Searching for information.'],
  },
  {
    dialect: 'deepseek',
    source: at('model/parsers/deepseek3_test.go', 'special_chars_in_arguments'),
    text: 'Processing data.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>execute_command<｜tool▁sep｜>{"command":"ls && echo \\"done\\"","path":"/home/user"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [{ name: 'execute_command', params: { command: 'ls && echo "done"', path: '/home/user' } }],
    prose: ['Processing data.'],
  },
  {
    dialect: 'deepseek',
    source: at('model/parsers/deepseek3_test.go', 'empty_arguments'),
    text: 'Pinging server.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>ping<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [{ name: 'ping', params: {} }],
    prose: ['Pinging server.'],
  },
  // --- DeepSeek R1 format through Cogito (model/parsers/cogito_test.go) ---
  {
    dialect: 'deepseek',
    source: at('model/parsers/cogito_test.go', 'tool_call'),
    text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"location":"Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [weather('Paris')],
    prose: [],
  },
  {
    dialect: 'deepseek',
    source: at(
      'model/parsers/cogito_test.go',
      'thinking_with_tool_call (Ollama keeps the reasoning as content for Cogito; we read it as reasoning)',
    ),
    text: 'I need to check the weather.</think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"location":"Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [weather('Paris')],
    prose: [],
  },
  {
    dialect: 'deepseek',
    source: at('model/parsers/cogito_test.go', 'tool_output'),
    text: '<｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>{"temperature": 22, "condition": "sunny"}<｜tool▁output▁end｜><｜tool▁outputs▁end｜>',
    calls: [],
    prose: ['{"temperature": 22, "condition": "sunny"}'],
  },
  // --- Ministral / Magistral (model/parsers/ministral_test.go) ---
  {
    dialect: 'mistral',
    source: at('model/parsers/ministral_test.go', 'simple tool call'),
    text: '[TOOL_CALLS]get_weather[ARGS]{"location": "San Francisco"}',
    calls: [weather('San Francisco')],
    prose: [],
  },
  {
    dialect: 'mistral',
    source: at('model/parsers/ministral_test.go', 'nested object arguments'),
    text: '[TOOL_CALLS]create_entities[ARGS]{"entities": [{"entityType": "Person", "name": "Jack", "observations": ["Works as a baker"]}]}',
    calls: [
      {
        name: 'create_entities',
        params: { entities: '[{"entityType":"Person","name":"Jack","observations":["Works as a baker"]}]' },
      },
    ],
    prose: [],
  },
  {
    dialect: 'mistral',
    source: at('model/parsers/ministral_test.go', 'escaped quotes'),
    text: '[TOOL_CALLS]search[ARGS]{"query": "say \\"hello\\""}',
    calls: [{ name: 'search', params: { query: 'say "hello"' } }],
    prose: [],
  },
  {
    dialect: 'mistral',
    source: at('model/parsers/ministral_test.go', 'content after tool call'),
    text: '[TOOL_CALLS]test[ARGS]{"a": 1}some content after',
    calls: [{ name: 'test', params: { a: '1' } }],
    prose: ['some content after'],
  },
  {
    dialect: 'mistral',
    source: at('model/parsers/ministral_test.go', 'multiple tool calls in sequence'),
    text: '[TOOL_CALLS]get_weather[ARGS]{"location": "NYC"}[TOOL_CALLS]get_time[ARGS]{"timezone": "EST"}',
    calls: [weather('NYC'), { name: 'get_time', params: { timezone: 'EST' } }],
    prose: [],
  },
  {
    dialect: 'mistral',
    source: at('model/parsers/ministral_test.go', 'content before tool call'),
    text: 'hello [TOOL_CALLS]get_weather[ARGS]{}',
    calls: [{ name: 'get_weather', params: {} }],
  },
  {
    dialect: 'mistral',
    source: at('model/parsers/ministral_test.go', 'whitespace before THINK tag is trimmed'),
    text: 'content \n [THINK]thinking[/THINK]after',
    calls: [],
    prose: ['content', 'after'],
  },
  {
    dialect: 'mistral',
    source: at('model/parsers/ministral_test.go', 'THINK end then tool call'),
    text: 'let me think[/THINK][TOOL_CALLS]test[ARGS]{}',
    calls: [{ name: 'test', params: {} }],
    prose: [],
  },
  {
    dialect: 'mistral',
    source: at('model/parsers/ministral_test.go', 'content then THINK tag transition'),
    text: 'content[THINK]thinking[/THINK]more',
    calls: [],
    prose: ['content', 'more'],
  },
  // --- Qwen3-Coder (model/parsers/qwen3coder_test.go, TestQwenToolParser) ---
  {
    dialect: 'qwen3-coder',
    source: at('model/parsers/qwen3coder_test.go', 'simple tool call'),
    text: '<tool_call>\n<function=get_current_temperature>\n<parameter=location>\nSan Francisco\n</parameter>\n<parameter=unit>\ncelsius\n</parameter>\n</function>\n</tool_call>',
    calls: [{ name: 'get_current_temperature', params: { location: 'San Francisco', unit: 'celsius' } }],
    prose: [],
  },
  {
    dialect: 'qwen3-coder',
    source: at('model/parsers/qwen3coder_test.go', 'tool call with typed parameters (values kept as written)'),
    text: '<tool_call>\n<function=calculate>\n<parameter=x>\n3.14\n</parameter>\n<parameter=y>\n42\n</parameter>\n<parameter=enabled>\ntrue\n</parameter>\n<parameter=items>\n["a", "b", "c"]\n</parameter>\n</function>\n</tool_call>',
    calls: [{ name: 'calculate', params: { x: '3.14', y: '42', enabled: 'true', items: '["a", "b", "c"]' } }],
    prose: [],
  },
  {
    dialect: 'qwen3-coder',
    source: at('model/parsers/qwen3coder_test.go', 'ampersands in parameter values (ollama issue 12357)'),
    text: '<tool_call>\n<function=exec>\n<parameter=command>\nls && echo "done"\n</parameter>\n</function>\n</tool_call>',
    calls: [{ name: 'exec', params: { command: 'ls && echo "done"' } }],
    prose: [],
  },
  {
    dialect: 'qwen3-coder',
    source: at('model/parsers/qwen3coder_test.go', 'angle brackets in parameter values'),
    text: '<tool_call>\n<function=exec>\n<parameter=command>\nls && echo "a > b and a < b"\n</parameter>\n</function>\n</tool_call>',
    calls: [{ name: 'exec', params: { command: 'ls && echo "a > b and a < b"' } }],
    prose: [],
  },
  // --- Nemotron 3 Nano: Qwen3-Coder calls after reasoning the template opened (nemotron3nano_test.go) ---
  {
    dialect: 'qwen3-coder',
    source: at('model/parsers/nemotron3nano_test.go', 'thinking then tool call'),
    text: 'I should check the weather...</think>\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
    calls: [{ name: 'get_weather', params: { city: 'Paris' } }],
    prose: [],
  },
  {
    dialect: 'qwen3-coder',
    source: at('model/parsers/nemotron3nano_test.go', 'thinking, content, then tool call'),
    text: "Let me think...</think>\nI'll check for you.\n<tool_call>\n<function=search>\n<parameter=query>\ntest\n</parameter>\n</function>\n</tool_call>",
    calls: [{ name: 'search', params: { query: 'test' } }],
    prose: ["I'll check for you."],
  },
  {
    dialect: 'reasoning',
    source: at('model/parsers/nemotron3nano_test.go', 'thinking then content'),
    text: 'Step 1: Analyze\nStep 2: Process\nStep 3: Conclude</think>\nThe answer is 42.',
    calls: [],
    prose: ['The answer is 42.'],
  },
  // --- GLM-4.6 (model/parsers/glm46_test.go) ---
  {
    dialect: 'glm',
    source: at('model/parsers/glm46_test.go', 'thinking, text, then a tool call over two steps'),
    text: '<think>Let me call a tool</think>here is text<tool_call>function_name\n<arg_key>param</arg_key>\n<arg_value>value</arg_value>\n</tool_call>',
    calls: [{ name: 'function_name', params: { param: 'value' } }],
    prose: ['here is text'],
  },
  // --- gpt-oss harmony (harmony/harmonyparser_test.go) ---
  {
    dialect: 'harmony',
    source: at('harmony/harmonyparser_test.go', 'message with channel and recipient'),
    text: '<|start|>assistant<|channel|>commentary to=functions.calc<|message|>{"x": 5}<|end|>',
    calls: [{ name: 'calc', params: { x: '5' } }],
    prose: [],
  },
  {
    dialect: 'harmony',
    source: at('harmony/harmonyparser_test.go', 'message with channel and recipient (receipient before channel)'),
    text: '<|start|>assistant to=functions.calc<|channel|>commentary<|message|>{"x": 5}<|end|>',
    calls: [{ name: 'calc', params: { x: '5' } }],
    prose: [],
  },
  // --- OLMo 3: bare pythonic calls in <function_calls> (model/parsers/olmo3_test.go) ---
  {
    dialect: 'pythonic',
    source: at('model/parsers/olmo3_test.go', 'simple tool call'),
    text: '<function_calls>get_weather(location="San Francisco")</function_calls>',
    calls: [weather('San Francisco')],
    prose: [],
  },
  {
    dialect: 'pythonic',
    source: at('model/parsers/olmo3_test.go', 'content before tool call'),
    text: 'Let me check the weather.<function_calls>get_weather(location="NYC")</function_calls>',
    calls: [weather('NYC')],
    prose: ['Let me check the weather.'],
  },
  {
    dialect: 'pythonic',
    source: at('model/parsers/olmo3_test.go', 'multiple arguments'),
    text: '<function_calls>book_flight(from="SFO", to="NYC", date="2024-01-15")</function_calls>',
    calls: [{ name: 'book_flight', params: { from: 'SFO', to: 'NYC', date: '2024-01-15' } }],
    prose: [],
  },
  {
    dialect: 'pythonic',
    source: at('model/parsers/olmo3_test.go', 'multiple tool calls'),
    text: '<function_calls>get_weather(location="San Francisco")\nget_weather(location="New York")</function_calls>',
    calls: [weather('San Francisco'), weather('New York')],
    prose: [],
  },
  {
    dialect: 'pythonic',
    source: at('model/parsers/olmo3_test.go', 'integer argument'),
    text: '<function_calls>set_temperature(value=72)</function_calls>',
    calls: [{ name: 'set_temperature', params: { value: '72' } }],
    prose: [],
  },
  // --- LFM2: pythonic lists between <|tool_call_start|> and <|tool_call_end|> (model/parsers/lfm2_test.go) ---
  {
    dialect: 'pythonic',
    source: at('model/parsers/lfm2_test.go', 'tool call'),
    text: 'I\'ll check the weather.<|tool_call_start|>[get_weather(location="Paris")]<|tool_call_end|>',
    calls: [weather('Paris')],
    prose: ["I'll check the weather."],
  },
  {
    dialect: 'pythonic',
    source: at('model/parsers/lfm2_test.go', 'multiple tool calls'),
    text: 'Getting weather for both cities.<|tool_call_start|>[get_weather(location="Paris")]<|tool_call_end|><|tool_call_start|>[get_weather(location="London")]<|tool_call_end|>',
    calls: [weather('Paris'), weather('London')],
    prose: ['Getting weather for both cities.'],
  },
  {
    dialect: 'pythonic',
    source: at('model/parsers/lfm2_test.go', 'complex arguments'),
    text: "Processing data.<|tool_call_start|>[process_data(items=['item1','item2'], config={'enabled': True, 'threshold': 0.95})]<|tool_call_end|>",
    calls: [
      { name: 'process_data', params: { items: '["item1","item2"]', config: '{"enabled":true,"threshold":0.95}' } },
    ],
    prose: ['Processing data.'],
  },
  {
    dialect: 'reasoning',
    source: at('model/parsers/lfm2_test.go', 'thinking then content'),
    text: '<think>I need to think about this...</think>The answer is 42.',
    calls: [],
    prose: ['The answer is 42.'],
  },
];
