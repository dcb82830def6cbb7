// Where the state diagram is shown: in its panel at natural size (12 px text; the box scrolls and
// follows the active state) or fitted whole into the panel (Fit), or enlarged in a dialog that
// fits it to the window, with zoom. On a narrow window (a phone's 390 px) the whole diagram would
// be a quarter of its size: the dialog fills one side with it instead and scrolls the other.
import { byId, setText } from '../dom.js';
import type { StateDiagram } from './state-diagram.js';

const ZOOMS = [1, 1.25, 1.5, 2, 2.5, 3];
/** Below this scale the diagram's 12 px text is under 10 px: the enlarged view stops fitting it whole. */
export const READABLE_SCALE = 10 / 12;

/**
 * The scale the enlarged view opens at, for a diagram `diagram` in a box of `box` pixels: the whole
 * diagram when its text stays readable so (at most `most`), else the larger of the width and height
 * fits, so it fills the box one way and scrolls the other (never below `least`).
 */
export function enlargedScale(
  diagram: { width: number; height: number },
  box: { width: number; height: number },
  most: number,
  least = 0.25,
): number {
  const across = box.width / diagram.width;
  const down = box.height / diagram.height;
  const whole = Math.min(across, down);
  const scale = whole >= READABLE_SCALE ? whole : Math.max(across, down);
  return Math.max(least, Math.min(most, Math.floor(scale * 100) / 100));
}

export interface DiagramViewer {
  /** Call after the diagram's update: keeps the active state in view. */
  follow(): void;
}

/** Scrolls `box` (only it, not the page) so `target` (in the box's content pixels) is inside it. */
function scrollBoxTo(box: HTMLElement, target: { x: number; y: number; w: number; h: number }): void {
  const margin = 24;
  if (target.x < box.scrollLeft + margin || target.x + target.w > box.scrollLeft + box.clientWidth - margin) {
    box.scrollLeft = Math.max(0, target.x + target.w / 2 - box.clientWidth / 2);
  }
  if (target.y < box.scrollTop + margin || target.y + target.h > box.scrollTop + box.clientHeight - margin) {
    box.scrollTop = Math.max(0, target.y + target.h / 2 - box.clientHeight / 2);
  }
}

export function createDiagramViewer(diagram: StateDiagram): DiagramViewer {
  const panel = byId('diagram');
  const dialog = byId<HTMLDialogElement>('diagram-dialog');
  const body = byId('diagram-dialog-body');
  const level = byId('zoom-level');
  const opener = byId<HTMLButtonElement>('enlarge-diagram');
  const fitter = byId<HTMLButtonElement>('fit-diagram');
  let scale = 1;
  /** The zoom steps: the scale the enlarged view opened at (the whole diagram, on a wide window) and above. */
  let steps = ZOOMS;
  /** The panel shows the whole diagram, scaled down to its width and height (Fit pressed). */
  let fitted = false;
  panel.append(diagram.element);
  /** The scale at which the whole diagram fits in `box` (padding left out), at most `most`. */
  const fitIn = (box: HTMLElement, padding: number, most: number) =>
    Math.max(
      0.25,
      Math.min(
        most,
        Math.floor(
          Math.min((box.clientWidth - padding) / diagram.width, (box.clientHeight - padding) / diagram.height) * 100,
        ) / 100,
      ),
    );

  const current = () => (dialog.open ? body : panel);
  const show = () => {
    const box = diagram.activeBox();
    if (box) scrollBoxTo(current(), { x: box.x * scale, y: box.y * scale, w: box.w * scale, h: box.h * scale });
  };
  // Only when the active state changed: reading the box's scroll position costs a layout.
  let shown: unknown;
  const follow = () => {
    const box = diagram.activeBox();
    if (box === shown) return;
    shown = box;
    show();
  };
  const zoomTo = (next: number) => {
    scale = next;
    diagram.setScale(scale);
    setText(level, `${Math.round(scale * 100)}%`);
    byId<HTMLButtonElement>('zoom-out').disabled = scale <= steps[0];
    byId<HTMLButtonElement>('zoom-in').disabled = scale >= steps[steps.length - 1];
    show();
  };

  opener.addEventListener('click', () => {
    body.append(diagram.element);
    dialog.showModal();
    // Fit the whole diagram in the window (width and height), at most 3 times its size, or (too
    // small so) fill one side; then let the person zoom by steps, down to the whole diagram.
    const most = ZOOMS[ZOOMS.length - 1];
    const room = { width: body.clientWidth - 16, height: body.clientHeight - 16 };
    const opening = enlargedScale(diagram, room, most);
    const whole = Math.min(opening, fitIn(body, 16, most));
    steps = [...new Set([whole, opening, ...ZOOMS.filter((z) => z > opening)])].sort((a, b) => a - b);
    zoomTo(opening);
  });
  /** In the panel: the whole diagram (fitted) or its natural size. */
  const panelScale = () => {
    steps = ZOOMS;
    if (!fitted) return zoomTo(1);
    // The panel's height follows its content: measure it at natural size, then fit.
    diagram.setScale(1);
    zoomTo(fitIn(panel, 10, 1));
  };
  fitter.addEventListener('click', () => {
    fitted = !fitted;
    fitter.setAttribute('aria-pressed', String(fitted));
    setText(fitter, fitted ? 'Actual size' : 'Fit');
    panelScale();
  });
  byId('close-diagram').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    panel.append(diagram.element);
    panelScale();
    opener.focus();
  });
  byId('zoom-in').addEventListener('click', () => zoomTo(steps.find((z) => z > scale) ?? scale));
  byId('zoom-out').addEventListener('click', () => zoomTo([...steps].reverse().find((z) => z < scale) ?? scale));
  return { follow };
}
