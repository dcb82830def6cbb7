import { createChatClient, type ToolFunctions } from '../../machines/index.js';
import { createScriptedModel } from '../../scripted/index.js';
import { Block, useAgentTurn } from '../../bindings/react/index.js';

const client = createChatClient({ baseURL: 'http://scripted.local/v1', fetch: createScriptedModel({ pace: 0 }) });
const files = new Map([['README.md', '# Pocket Ledger\nTrack small expenses.\n']]);
const tools: ToolFunctions = {
  list_files: async () => [...files.keys()].join('\n'),
  read_file: async (use) => files.get(use.params.path ?? '') ?? { content: 'no such file', isError: true },
  write_to_file: async (use) => {
    files.set(use.params.path ?? '', use.params.content ?? '');
    return `wrote ${use.params.path}`;
  },
};

export function Agent() {
  const { view, phase, output, start, approve, reject, abort } = useAgentTurn({
    client,
    model: 'scripted:glm-5.1',
    tools,
    approval: ['write_to_file'],
  });
  const running = phase !== 'idle' && phase !== 'finished';
  return (
    <section>
      <button type="button" onClick={() => start('Read README.md and write notes.md')} disabled={running}>
        Run
      </button>
      {view?.requests
        .flatMap((request) => request.blocks)
        .map((block) => (
          <Block key={block.key} block={block} />
        ))}
      {phase === 'awaiting-approval' && (
        <button type="button" onClick={approve}>
          Approve
        </button>
      )}
      {phase === 'awaiting-approval' && (
        <button type="button" onClick={() => reject('Not now')}>
          Reject
        </button>
      )}
      {running && (
        <button type="button" onClick={abort}>
          Stop
        </button>
      )}
      {output && (
        <p>
          {output.reason}: {output.result}
        </p>
      )}
    </section>
  );
}
