// A small demonstration of the stream parser: feeds a sample reply in 7-character chunks,
// prints how the blocks grow, then the final blocks.
import { clineThinkProtocol, createStreamParser, type AssistantMessageContent } from '../src/index.js';

const reply = `<think>
The user wants the config fixed. Read it first, then write the corrected file.
</think>
Let me look at the config first.

<read_file>
<path>src/config.ts</path>
</read_file>

Now the fix — note the file itself contains a fake \`</content>\` tag:

<write_to_file>
<path>src/config.xml</path>
<content>
<config>
  <!-- not the end: </content> -->
  <port>8080</port>
</config>
</content>
</write_to_file>`;

function describe(block: AssistantMessageContent): string {
  const state = block.partial ? '…' : '✓';
  if (block.type === 'text') return `${state} text      ${JSON.stringify(block.content.slice(0, 60))}`;
  if (block.type === 'reasoning') return `${state} reasoning ${JSON.stringify(block.reasoning.slice(0, 60))}`;
  return `${state} tool_use  ${block.name} ${JSON.stringify(block.params).slice(0, 80)} (${block.call_id})`;
}

const parser = createStreamParser({ protocol: clineThinkProtocol, idPrefix: 'demo' });
let lastCount = 0;
for (let i = 0; i < reply.length; i += 7) {
  const blocks = parser.push(reply.slice(i, i + 7));
  if (blocks.length !== lastCount) {
    console.log(
      `after ${Math.min(i + 7, reply.length)} chars: ${blocks.length} block(s), newest: ${describe(blocks[blocks.length - 1]!)}`,
    );
    lastCount = blocks.length;
  }
}
console.log('\nfinal blocks:');
for (const block of parser.end()) console.log(' ', describe(block));
