// The protocol a turn parses with when the scripted model writes another dialect (the CLI's
// --scripted-dialect, the page's Dialect select): the model's own dialects plus that one. Bare
// JSON and pythonic replies are off for models that do not write them, so the demo turns on the
// one it writes.
import { dialectsForModel } from 'agent-turn';
import { clineThinkProtocol, type Protocol, withDialects } from 'agent-turn';
import type { ScriptedDialect } from 'agent-turn/scripted';

/** `clineThinkProtocol` recovering `model`'s dialects and `dialect`. */
export function scriptedDialectProtocol(model: string, dialect: ScriptedDialect): Protocol {
  const own = dialectsForModel(model);
  return withDialects(clineThinkProtocol, own.includes(dialect) ? own : [...own, dialect]);
}
