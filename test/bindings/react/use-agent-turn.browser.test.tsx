// useAgentTurn and Block in Chromium, with @testing-library/react: a turn streams, approvals are
// answered, an abort keeps what arrived, options change without restarting a running turn, and
// while a reply streams only the growing block re-renders (counted with React's Profiler).
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Block, useAgentTurn, type BlockRenderer, type UseAgentTurnOptions } from '../../../bindings/react/index.js';
import { createControlledClient, type ControlledReply } from '../../support/controlled-client.js';

const READ = (path: string) => `<read_file>\n<path>${path}</path>\n</read_file>`;
const WRITE = '<write_to_file>\n<path>w.ts</path>\n<content>\nx\n</content>\n</write_to_file>';
const DONE = '<attempt_completion>\n<result>fin</result>\n</attempt_completion>';

/** Lets the chat actor flush (it batches on the next macrotask) and React commit. */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

async function push(reply: ControlledReply, text: string) {
  reply.push({ type: 'text', text });
  await settle();
}

function Panel({ options, renderBlock }: { options: UseAgentTurnOptions; renderBlock?: BlockRenderer }) {
  const turn = useAgentTurn(options);
  const blocks = turn.view?.requests.flatMap((r) => r.blocks) ?? [];
  return (
    <div>
      <p data-testid="phase">{turn.phase}</p>
      <p data-testid="output">{turn.output ? `${turn.output.reason}:${turn.output.result ?? ''}` : ''}</p>
      <button type="button" onClick={() => turn.start('do it')}>
        Start
      </button>
      <button type="button" onClick={turn.approve}>
        Approve
      </button>
      <button type="button" onClick={() => turn.reject('not that file')}>
        Reject
      </button>
      <button type="button" onClick={turn.abort}>
        Stop
      </button>
      <div data-testid="blocks">
        {blocks.map((block) => (
          <Block key={block.key} block={block} render={renderBlock} />
        ))}
      </div>
    </div>
  );
}

const phase = () => screen.getByTestId('phase').textContent;
const output = () => screen.getByTestId('output').textContent;
const blocksText = () => screen.getByTestId('blocks').textContent;

afterEach(cleanup);

describe('useAgentTurn', () => {
  it('is idle until start(), then streams the reply block by block to its end', async () => {
    const client = createControlledClient();
    render(<Panel options={{ client, model: 'm' }} />);
    expect(phase()).toBe('idle');
    expect(client.requests).toHaveLength(0);
    fireEvent.click(screen.getByText('Start'));
    const reply = await client.reply(0);
    expect(client.requests[0].messages.at(-1)).toEqual({ role: 'user', content: 'do it' });
    await push(reply, 'Hel');
    expect(phase()).toBe('streaming');
    expect(blocksText()).toBe('Hel');
    await push(reply, 'lo there.\n');
    expect(blocksText()).toBe('Hello there.');
    await push(reply, DONE);
    reply.end();
    await waitFor(() => expect(phase()).toBe('finished'));
    expect(output()).toBe('completed:fin');
    expect(blocksText()).toContain('attempt_completion');
  });

  it('answers an approval: Approve runs the tool, Reject tells the model why', async () => {
    const client = createControlledClient();
    const written: string[] = [];
    const options: UseAgentTurnOptions = {
      client,
      model: 'm',
      approval: ['write_to_file'],
      tools: { write_to_file: async (use) => (written.push(use.params.path ?? ''), 'wrote w.ts') },
    };
    render(<Panel options={options} />);
    fireEvent.click(screen.getByText('Start'));
    const first = await client.reply(0);
    await push(first, WRITE);
    first.end(); // the turn reads a reply to its end before the next request
    await waitFor(() => expect(phase()).toBe('awaiting-approval'));
    expect(written).toEqual([]);
    fireEvent.click(screen.getByText('Approve'));
    const second = await client.reply(1);
    expect(written).toEqual(['w.ts']);
    expect(JSON.stringify(client.requests[1].messages)).toContain('wrote w.ts');
    await push(second, WRITE);
    second.end();
    await waitFor(() => expect(phase()).toBe('awaiting-approval'));
    fireEvent.click(screen.getByText('Reject'));
    const third = await client.reply(2);
    expect(written).toEqual(['w.ts']);
    expect(JSON.stringify(client.requests[2].messages)).toContain('not that file');
    await push(third, DONE);
    third.end();
    await waitFor(() => expect(output()).toBe('completed:fin'));
  });

  it('abort() stops the turn and keeps what arrived', async () => {
    const client = createControlledClient();
    render(<Panel options={{ client, model: 'm' }} />);
    fireEvent.click(screen.getByText('Start'));
    const reply = await client.reply(0);
    await push(reply, 'Hello wor');
    fireEvent.click(screen.getByText('Stop'));
    await waitFor(() => expect(phase()).toBe('finished'));
    expect(output()).toBe('aborted:');
    expect(blocksText()).toBe('Hello wor');
    await push(reply, 'ld'); // too late: the stream was cancelled
    expect(blocksText()).toBe('Hello wor');
  });

  it('new options apply to the next start(), never restarting a running turn', async () => {
    const client = createControlledClient();
    const view = render(<Panel options={{ client, model: 'first' }} />);
    fireEvent.click(screen.getByText('Start'));
    const reply = await client.reply(0);
    view.rerender(<Panel options={{ client, model: 'second' }} />);
    await push(reply, 'Still the first turn.');
    fireEvent.click(screen.getByText('Start')); // ignored: a turn runs
    await settle();
    expect(client.requests.map((r) => r.model)).toEqual(['first']);
    await push(reply, DONE);
    reply.end();
    await waitFor(() => expect(phase()).toBe('finished'));
    fireEvent.click(screen.getByText('Start'));
    await client.reply(1);
    expect(client.requests.map((r) => r.model)).toEqual(['first', 'second']);
    expect(blocksText()).toBe(''); // the new turn's view
  });
});

/** Counts, with React's Profiler, how often blocks and the whole panel render. */
function renderCounted() {
  const counts = { blockRenders: 0, panelCommits: 0 };
  // biome-ignore lint/correctness/noComponentHookFactories: a test-local renderer that closes over its counters
  const CountingBlock: BlockRenderer = ({ block }) => (
    <Profiler id={block.key} onRender={() => counts.blockRenders++}>
      <span>
        {block.type === 'text'
          ? block.content
          : block.type === 'reasoning'
            ? block.reasoning
            : `${block.name}:${block.status}`}
      </span>
    </Profiler>
  );
  const client = createControlledClient();
  const options: UseAgentTurnOptions = {
    client,
    model: 'm',
    toolsPerMessage: 'sequential',
    tools: { read_file: async () => 'ok' },
  };
  render(
    <Profiler id="panel" onRender={() => counts.panelCommits++}>
      <Panel options={options} renderBlock={CountingBlock} />
    </Profiler>,
  );
  fireEvent.click(screen.getByText('Start'));
  return { client, counts };
}

/** 99 blocks: reasoning, then 49 pairs of prose and a tool use. */
const REASONING = 'Plan: read 49 files.';
const NINETY_EIGHT = Array.from({ length: 49 }, (_, i) => `Reading file ${i}.\n${READ(`f${i}.ts`)}\n`).join('');

describe('rendering only what changed', () => {
  it('re-renders one block per chunk while the 100th block of a reply streams', async () => {
    const { client, counts } = renderCounted();
    const reply = await client.reply(0);
    // 99 complete blocks at once (each tool runs and is done)
    reply.push({ type: 'reasoning', text: REASONING });
    reply.push({ type: 'text', text: NINETY_EIGHT });
    await settle();
    await waitFor(() => expect(screen.getByTestId('blocks').textContent?.match(/read_file:done/g)).toHaveLength(49));

    // the 100th block streams in 40 chunks
    const before = { ...counts };
    const CHUNKS = 40;
    for (let i = 0; i < CHUNKS; i++) await push(reply, `word${i} `);
    const perChunk = (counts.blockRenders - before.blockRenders) / CHUNKS;
    const commitsPerChunk = (counts.panelCommits - before.panelCommits) / CHUNKS;
    console.log(
      `react: 100-block reply, last block streaming: ${perChunk} Block renders per chunk (${commitsPerChunk} commits per chunk)`,
    );
    expect(screen.getByTestId('blocks').querySelectorAll('span')).toHaveLength(100);
    expect(perChunk).toBe(1);
    expect(commitsPerChunk).toBe(1);
  });

  it('renders about one block per chunk over a whole 100-block reply streamed in 16-character chunks', async () => {
    const { client, counts } = renderCounted();
    const reply = await client.reply(0);
    reply.push({ type: 'reasoning', text: REASONING });
    const text = `${NINETY_EIGHT}And that is all of them.`;
    const chunks = text.match(/[\s\S]{1,16}/g)!;
    const before = { ...counts };
    let most = 0;
    for (const chunk of chunks) {
      const at = counts.blockRenders;
      await push(reply, chunk);
      most = Math.max(most, counts.blockRenders - at);
    }
    await waitFor(() => expect(screen.getByTestId('blocks').textContent?.match(/read_file:done/g)).toHaveLength(49));
    const perChunk = (counts.blockRenders - before.blockRenders) / chunks.length;
    console.log(
      `react: whole 100-block reply in ${chunks.length} chunks: ${perChunk.toFixed(2)} Block renders per chunk on average, ` +
        `${most} at most (tool status changes included), ${((counts.panelCommits - before.panelCommits) / chunks.length).toFixed(2)} commits per chunk`,
    );
    expect(screen.getByTestId('blocks').querySelectorAll('span')).toHaveLength(100);
    expect(perChunk).toBeLessThan(2.5);
  });
});
