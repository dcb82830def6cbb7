import { describe, expect, it } from 'vitest';
import { readConversation } from '../../../src/scripted/scripted-conversation.js';
import { summaryStep, summaryTranscript } from '../../../src/scripted/scripted-summary.js';

describe('the scripted model in a conversation of many messages', () => {
  it('takes the latest <task> message as the task and counts only what happened since', () => {
    const conv = readConversation([
      { role: 'user', content: '<task>\nSummarize this project\n</task>' },
      { role: 'assistant', content: 'listing' },
      { role: 'user', content: "[list_files for '.'] Result:\nREADME.md" },
      { role: 'assistant', content: 'done' },
      { role: 'user', content: '<task>\nWrite notes.md\n</task>' },
    ]);
    expect(conv.task).toBe('<task>\nWrite notes.md\n</task>');
    expect(conv.outcomes).toEqual([]);
    expect(conv.assistantTurns).toBe(0);
  });

  it('one task: as before, the first user message', () => {
    const conv = readConversation([
      { role: 'user', content: 'plain task' },
      { role: 'assistant', content: 'x' },
      { role: 'user', content: "[read_file for 'a.md'] Result:\nhi" },
    ]);
    expect(conv.task).toBe('plain task');
    expect(conv.outcomes.map((o) => o.tool)).toEqual(['read_file']);
  });

  it('answers a summary request with the tasks and tools of the transcript', () => {
    const transcript = summaryTranscript([
      { role: 'system', content: 'Summarise' },
      {
        role: 'user',
        content:
          "<conversation_to_summarize>\n## user\n<task>\nRead a.md\n</task>\n## user\n[read_file for 'a.md'] Result:\nx\n</conversation_to_summarize>",
      },
    ]);
    expect(transcript).toBeDefined();
    expect(summaryStep(transcript!).text).toBe('The user asked: "Read a.md". Tools used: read_file \'a.md\'.');
    expect(summaryTranscript([{ role: 'user', content: 'hello' }])).toBeUndefined();
  });
});
