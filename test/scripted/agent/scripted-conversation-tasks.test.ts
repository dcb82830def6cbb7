import { describe, expect, it } from 'vitest';
import { readConversation } from '../../../scripted/agent/scripted-conversation.js';
import { summaryStep, summaryTranscript } from '../../../scripted/agent/scripted-summary.js';
import { planAgentStep } from '../../../scripted/agent/scripted-agent.js';

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

  it('knows the earlier messages and the notes since its last reply, and says so in its result', () => {
    const conv = readConversation([
      { role: 'system', content: 'rules' },
      { role: 'user', content: '<task>\nRead README.md\n</task>' },
      { role: 'assistant', content: 'done' },
      {
        role: 'user',
        content:
          '<task>\nSay hello\n</task>\n\n<environment_details>\n# Since your last reply\nThe user undid your last step with Undo. Undid 1 step: restored notes.md.\n</environment_details>',
      },
    ]);
    expect(conv.earlierTasks).toEqual(['Read README.md']);
    expect(conv.notesSinceLastReply).toEqual([
      'The user undid your last step with Undo. Undid 1 step: restored notes.md.',
    ]);
    const step = planAgentStep(conv, new Set(['attempt_completion']));
    expect(step.tool?.params).toEqual([
      [
        'result',
        'Nothing was needed for: Say hello. Earlier in this conversation: 1 message ("Read README.md"). Noted since my last reply: The user undid your last step with Undo. Undid 1 step: restored notes.md.',
      ],
    ]);
  });

  it('one message: no earlier messages and no notes, and its result says nothing of them', () => {
    const conv = readConversation([{ role: 'user', content: '<task>\nSay hello\n</task>' }]);
    expect(conv.earlierTasks).toBeUndefined();
    expect(conv.notesSinceLastReply).toBeUndefined();
    expect(planAgentStep(conv, new Set(['attempt_completion'])).tool?.params).toEqual([
      ['result', 'Nothing was needed for: Say hello.'],
    ]);
  });
});
