// agent-turn/react on a server (Node, no DOM): importing it reads no window or document of its
// own (only @xstate/react's dependencies feature-detect them), and rendering a component that uses
// the hook starts nothing — no request, no timer — and draws the idle state.
import { beforeAll, describe, expect, it } from 'vitest';
import { runCommonJs, runEsm } from '../../package/package-root.js';

// Runs in a fresh Node process, through the package's own export (the built dist/react.js).
const SERVER_SCRIPT = `
const touches = [];
for (const name of ['window', 'document', 'navigator', 'localStorage']) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() { touches.push({ name, at: new Error().stack.split('\\n').slice(2, 4).join(' | ') }); return undefined; },
  });
}
const react = await import('agent-turn/react');
const importTouches = touches.splice(0);
const { createElement } = await import('react');
const { renderToString } = await import('react-dom/server');
let requests = 0;
const client = {
  async *stream() { requests++; yield { type: 'text', text: 'never' }; },
  async complete() { requests++; throw new Error('never'); },
};
function Panel() {
  const turn = react.useAgentTurn({ client, model: 'm', messages: [] });
  return createElement('p', null, 'phase: ' + turn.phase + ', blocks: ' + (turn.view ? turn.view.blocks.length : 'none'));
}
const html = renderToString(createElement(Panel));
await new Promise((resolve) => setTimeout(resolve, 50));
console.log(JSON.stringify({ names: Object.keys(react).sort(), importTouches, html, requests }));
`;

interface ServerRun {
  names: string[];
  importTouches: { name: string; at: string }[];
  html: string;
  requests: number;
}

describe('agent-turn/react on a server', () => {
  let out: ServerRun;
  beforeAll(() => {
    out = JSON.parse(runEsm(SERVER_SCRIPT)) as ServerRun;
  }, 60_000);

  it('exports the hook and the Block component', () => {
    expect(out.names).toEqual(['Block', 'useAgentTurn']);
  });

  it('reads no browser global from its own code on import (only dependencies feature-detect them)', () => {
    const own = out.importTouches.filter((t) => !t.at.includes('/node_modules/'));
    expect(own).toEqual([]);
    // what does look: @xstate/react's helpers asking `typeof window` / `typeof document`
    for (const t of out.importTouches)
      expect(t.at).toMatch(/node_modules\/(use-sync-external-store|use-isomorphic-layout-effect)\//);
  });

  it('renders the idle state and starts nothing', () => {
    expect(out.html).toBe('<p>phase: idle, blocks: none</p>');
    expect(out.requests).toBe(0);
  });

  it('loads through require() too', () => {
    expect(runCommonJs("console.log(Object.keys(require('agent-turn/react')).sort().join())")).toBe(
      'Block,useAgentTurn\n',
    );
  });
});
