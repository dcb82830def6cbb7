// npm run serve -- [--port 8787] [--host 127.0.0.1] [--pace <ms per token>] [--fault <name>]… [--api-key <key>] [--allow-origin <origin>]… [--allow-host <host>]…
// Serves the scripted model as an OpenAI-compatible endpoint until SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { scriptedFaults, type ScriptedFault } from 'agent-turn/scripted';
import { startScriptedServer } from './serve-scripted-model.js';
import { DEFAULT_ALLOWED_ORIGINS } from './serve-origin-policy.js';

const USAGE = `usage: npm run serve -- [--port 8787] [--host 127.0.0.1] [--pace <ms per token>] [--fault <name>]... [--api-key <key>]
                     [--allow-origin <origin>]... [--allow-host <host>]...
faults: ${scriptedFaults.join(', ')}
Requests must name the bound address in Host (DNS rebinding is refused); web pages may call it
only from the allowed origins (default: the web page's dev server, ${DEFAULT_ALLOWED_ORIGINS.join(', ')}).`;

function fail(message: string): never {
  console.error(`serve: ${message}\n${USAGE}`);
  process.exit(2);
}

function parse() {
  // biome-ignore lint/suspicious/noImplicitAnyLet: typed by the parseArgs call below, inside the try
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        pace: { type: 'string' },
        fault: { type: 'string', multiple: true, default: [] },
        'api-key': { type: 'string' },
        'allow-origin': { type: 'string', multiple: true, default: [] },
        'allow-host': { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be an integer 0-65535, got "${values.port}"`);
  const pace = values.pace === undefined ? undefined : Number(values.pace);
  if (pace !== undefined && (!Number.isFinite(pace) || pace < 0))
    fail(`--pace must be a number of milliseconds per token (0 = no waits), got "${values.pace}"`);
  for (const f of values.fault) if (!(scriptedFaults as readonly string[]).includes(f)) fail(`unknown fault "${f}"`);
  const origins = values['allow-origin'];
  for (const o of origins) {
    if (o !== '*' && !/^https?:\/\/[^/]+$/.test(o))
      fail(`--allow-origin must be scheme://host[:port] or *, got "${o}"`);
  }
  return {
    port,
    host: values.host,
    pace,
    faults: values.fault as ScriptedFault[],
    apiKey: values['api-key'],
    ...(origins.length > 0 ? { allowedOrigins: origins } : {}),
    allowedHosts: values['allow-host'],
  };
}

const options = parse();
const server = await startScriptedServer(options).catch((error: Error) =>
  fail(`cannot listen on ${options.host}:${options.port}: ${error.message}`),
);
console.log(
  `Scripted model serving at ${server.url}  (POST /chat/completions, /messages, /responses, GET /models; model "scripted" or any profile id)`,
);
if (!['127.0.0.1', '::1', 'localhost'].includes(options.host))
  console.log('warning: listening beyond loopback; anyone who can reach this port can use it');

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
