// The scanner's loop: hands the input to the function of the current mode, which runs until its
// mode ends or the input does. So this dispatch runs once per mode switch, never per character.

import { scanRawClose } from './raw-close-mode.js';
import { MODE_DIALECT, MODE_PARAM, MODE_REASONING, MODE_TEXT, MODE_TOOL, type ScanState } from './scan-state.js';
import { scanText } from './text-mode.js';
import { scanTool } from './tool-mode.js';
import { scanValue } from './value-mode.js';

/**
 * Scans `input` (whose first character is at absolute offset `base`). Finished blocks go to
 * `s.done`; an undecided tail is left in `s.carry` for the next scan. `final`: no more input will
 * come, so nothing is held back.
 */
export function scan(s: ScanState, input: string, base: number, final: boolean): void {
  const len = input.length;
  let pos = 0;
  s.markerAt = -2; // a new input: Mistral's marker not searched for yet
  let hold = -1; // where the undecided tail starts, if any
  while (pos < len) {
    let next: number;
    switch (s.mode) {
      case MODE_TEXT:
        next = scanText(s, input, pos, base, final);
        break;
      case MODE_TOOL:
        next = scanTool(s, input, pos, final);
        break;
      case MODE_PARAM:
      case MODE_REASONING:
        next = scanValue(s, input, pos, final);
        break;
      case MODE_DIALECT:
        // only a protocol with dialects on enters this mode, and it has their scanning
        next = s.dialectScanning!.scanDialect(s, input, pos, final);
        break;
      default:
        next = scanRawClose(s, input, pos, final);
    }
    if (next < 0) {
      hold = ~next; // see holdFrom
      break;
    }
    pos = next;
  }
  if (hold === -1) {
    s.carry = '';
    s.previousCode = input.charCodeAt(len - 1); // never empty: the stream parser scans no empty input
  } else {
    s.carry = input.slice(hold);
    // previousCode tells whether what the held tail starts with follows a backtick (inline code):
    // a held Mistral `[TOOL_CALLS]` can. When the whole input is held, the character before it is
    // the one before this input, which previousCode already holds.
    if (hold > 0) s.previousCode = input.charCodeAt(hold - 1);
  }
}
