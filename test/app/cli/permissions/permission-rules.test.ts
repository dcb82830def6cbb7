import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decidePermission,
  parseRule,
  ruleFor,
  ruleProblems,
} from '../../../../app/cli/permissions/permission-rules.js';

describe('permission rules per tool and path', () => {
  const rules = {
    allow: ['write_to_file(docs/**)', 'read_file', 'replace_in_file(src/*.ts)'],
    deny: ['write_to_file(docs/secret/**)', 'read_file(.env)'],
  };
  it('a path pattern covers what it names, deny wins', () => {
    const d = (tool: string, path: string) => decidePermission(rules, tool, { path }).decision;
    expect(d('write_to_file', 'docs/a.md')).toBe('allow');
    expect(d('write_to_file', './docs/sub/b.md')).toBe('allow');
    expect(d('write_to_file', 'docs/secret/key.md')).toBe('deny');
    expect(d('write_to_file', 'src/a.ts')).toBe('ask');
    expect(d('write_to_file', 'docs/../src/a.ts')).toBe('ask');
    expect(d('write_to_file', '../docs/a.md')).toBe('ask');
    expect(d('write_to_file', '/abs/docs/a.md')).toBe('ask');
    expect(d('replace_in_file', 'src/x.ts')).toBe('allow');
    expect(d('replace_in_file', 'src/deep/x.ts')).toBe('ask');
    expect(d('read_file', 'anything.txt')).toBe('allow');
    expect(d('read_file', '.env')).toBe('deny');
  });
  it('no rule: byRule false, the CLI decides', () => {
    expect(decidePermission({}, 'write_to_file', { path: 'a' })).toEqual({
      decision: 'ask',
      byRule: false,
      reason: 'no rule covers this tool use',
    });
  });
  it('a bare tool rule covers every use; deny on the tool wins over allowed commands', () => {
    expect(decidePermission({ allow: ['execute_command'] }, 'execute_command', { command: 'echo $(x)' }).decision).toBe(
      'allow',
    );
    expect(
      decidePermission({ allow: ['execute_command(ls)'], deny: ['execute_command'] }, 'execute_command', {
        command: 'ls',
      }).decision,
    ).toBe('deny');
  });
  it('rules that cannot be read are named with why', () => {
    expect(
      ruleProblems({ allow: ['execute_command(git status; ls)', 'write_to_file(', 'bad name', 'read_file([)'] }),
    ).toEqual([
      {
        rule: 'execute_command(git status; ls)',
        message: '"execute_command(git status; ls)": a command rule must be one command, not a list.',
      },
      {
        rule: 'write_to_file(',
        message: '"write_to_file(" is not a rule: expected tool(pattern) with the pattern in parentheses.',
      },
      {
        rule: 'bad name',
        message: '"bad name" is not a rule: expected tool or tool(pattern), e.g. execute_command(git status).',
      },
      { rule: 'read_file([)', message: '"read_file([)": "[" at position 1 is never closed.' },
    ]);
    expect(parseRule('execute_command(echo $(id))').ok).toBe(false);
  });
  it('"always" adds the exact command or path as a rule; a compound command gets none', () => {
    expect(ruleFor('execute_command', { command: 'npm  test' })).toBe('execute_command(npm test)');
    expect(ruleFor('execute_command', { command: "echo 'a b'" })).toBe("execute_command(echo 'a b')");
    expect(ruleFor('execute_command', { command: 'ls; rm x' })).toBe('');
    expect(ruleFor('write_to_file', { path: './docs/a.md' })).toBe('write_to_file(docs/a.md)');
  });
  it('property: the rule "always" adds allows that command and nothing longer', () => {
    const word = fc.stringMatching(/^[a-z0-9._-]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), word, (words, extra) => {
        const command = words.join(' ');
        const rule = ruleFor('execute_command', { command });
        // Programs that run other commands (`.`, `sh` …) never become rules.
        fc.pre(rule !== '');
        expect(decidePermission({ allow: [rule] }, 'execute_command', { command }).decision).toBe('allow');
        expect(
          decidePermission({ allow: [rule] }, 'execute_command', { command: `${command} ${extra}` }).decision,
        ).toBe('ask');
        // A second segment is allowed only when it is itself exactly the rule's command (`ls; ls`).
        expect(
          decidePermission({ allow: [rule] }, 'execute_command', { command: `${command}; ${extra}` }).decision,
        ).toBe(extra === command ? 'allow' : 'ask');
      }),
      // The counterexample fast-check once found, when the test expected `-; -` to ask.
      { examples: [[['-'], '-']] },
    );
  });
});
