// The banner a reload shows above the conversation when a turn was interrupted: on a narrow
// window the header and the settings come first, so it is brought into view and its first button
// takes the focus — the person sees at once that a turn waits, and Enter resumes it.
import { byId, setText } from '../dom.js';

/**
 * Shows the resume banner saying `text`, with Resume offered when `canResume` (a broken record only
 * offers Discard), scrolled into view with its first button focused.
 */
export function showResumeBanner(text: string, canResume: boolean): void {
  const banner = byId('resume-banner');
  const resume = byId<HTMLButtonElement>('resume-turn');
  setText(byId('resume-text'), text);
  resume.hidden = !canResume;
  banner.hidden = false;
  banner.scrollIntoView({ block: 'center' });
  (canResume ? resume : byId<HTMLButtonElement>('discard-turn')).focus({ preventScroll: true });
}
