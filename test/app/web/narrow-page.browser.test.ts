/// <reference types="vite/client" />
// The page at a phone's width (390 x 844) in Chromium, with its own markup and styles: a reload's
// resume banner is brought into view with Resume focused (wherever the reload left the page scrolled), and Enlarge shows the state diagram at a
// readable scale filling the dialog one way (the whole machine at 390 px would be a quarter size).
import { agentTurnMachine } from 'agent-turn';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import html from '../../../app/web/index.html?raw';
import '../../../app/web/styles.css';
import { createDiagramViewer, enlargedScale, READABLE_SCALE } from '../../../app/web/diagram/diagram-viewer.js';
import { createStateDiagram } from '../../../app/web/diagram/state-diagram.js';
import { buildStateGraph, type StateNodeLike } from '../../../app/web/diagram/state-graph.js';
import { layoutStateGraphRouted } from '../../../app/web/diagram/state-layout-elk.js';
import { showResumeBanner } from '../../../app/web/persistence/resume-banner.js';

/** The page's body as index.html has it (its module script left out). */
function mountPage() {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const script of body.querySelectorAll('script')) script.remove();
  document.body.innerHTML = body.innerHTML;
  window.scrollTo(0, 0);
}

/** The machine's panel (below the conversation at this width) with a long timeline, as after a turn. */
function longTimeline() {
  const timeline = document.getElementById('timeline')!;
  for (let i = 0; i < 80; i++)
    timeline.append(Object.assign(document.createElement('li'), { textContent: `step ${i}` }));
}

function inViewport(element: Element): boolean {
  const r = element.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
}

beforeAll(async () => {
  await page.viewport(390, 844);
});
beforeEach(mountPage);

describe('the page at 390 x 844', () => {
  it('a reload with a turn to resume: the banner is scrolled into view and Resume has the focus', () => {
    const banner = document.getElementById('resume-banner')!;
    // A reload puts the page back where it was scrolled (here: its end, the machine's panel with a
    // long timeline), so the banner above the conversation is out of sight.
    longTimeline();
    banner.hidden = false;
    window.scrollTo(0, document.documentElement.scrollHeight);
    expect(inViewport(banner)).toBe(false);
    banner.hidden = true;
    showResumeBanner('A turn was interrupted by a reload: it was waiting for your approval.', true);
    expect(inViewport(banner)).toBe(true);
    expect(document.activeElement?.id).toBe('resume-turn');
    expect(document.getElementById('resume-text')?.textContent).toContain('waiting for your approval');
  });

  it('a saved turn that is broken: the banner is in view with Discard focused (Resume is not offered)', () => {
    const banner = document.getElementById('resume-banner')!;
    longTimeline();
    banner.hidden = false;
    window.scrollTo(0, document.documentElement.scrollHeight);
    expect(inViewport(banner)).toBe(false);
    banner.hidden = true;
    showResumeBanner('A saved turn cannot be resumed: its version is unknown.', false);
    expect(inViewport(banner)).toBe(true);
    expect(document.getElementById('resume-turn')?.hidden).toBe(true);
    expect(document.activeElement?.id).toBe('discard-turn');
  });

  it('Enlarge shows the diagram readable, filling the dialog one way; zoom out reaches the whole diagram', async () => {
    const graph = buildStateGraph(agentTurnMachine.root as unknown as StateNodeLike);
    const diagram = createStateDiagram(graph, await layoutStateGraphRouted(graph));
    createDiagramViewer(diagram);
    document.getElementById('enlarge-diagram')!.click();
    const body = document.getElementById('diagram-dialog-body')!;
    const svg = body.querySelector<SVGSVGElement>('.state-diagram')!;
    expect(svg).not.toBeNull();
    const scale = Number(svg.getAttribute('width')) / diagram.width;
    // Fitted whole it would be about a quarter of its size (12 px text at ~3 px).
    const whole = Math.min((body.clientWidth - 16) / diagram.width, (body.clientHeight - 16) / diagram.height);
    expect(whole).toBeLessThan(0.4);
    expect(scale).toBeGreaterThanOrEqual(0.75);
    expect(document.getElementById('zoom-level')?.textContent).toBe(`${Math.round(scale * 100)}%`);
    // It fills the dialog one way (here its height) and scrolls the other, never both.
    const fillsDown = Number(svg.getAttribute('height')) <= body.clientHeight && body.scrollHeight <= body.clientHeight;
    const fillsAcross = Number(svg.getAttribute('width')) <= body.clientWidth && body.scrollWidth <= body.clientWidth;
    expect(fillsDown || fillsAcross).toBe(true);
    expect(body.scrollWidth > body.clientWidth || body.scrollHeight > body.clientHeight).toBe(true);
    // Zoom out: the whole diagram, in the window both ways.
    document.getElementById('zoom-out')!.click();
    expect(body.scrollWidth <= body.clientWidth && body.scrollHeight <= body.clientHeight).toBe(true);
    expect(document.getElementById('zoom-out')).toHaveProperty('disabled', true);
    (document.getElementById('diagram-dialog') as HTMLDialogElement).close();
  });
});

describe('enlargedScale', () => {
  const diagram = { width: 1280, height: 930 };
  it('fits the whole diagram when its text stays readable (a wide window)', () => {
    expect(enlargedScale(diagram, { width: 1376, height: 800 }, 3)).toBe(Math.floor((800 / 930) * 100) / 100);
  });
  it('on a narrow window fills the side that keeps it readable, and scrolls the other', () => {
    const scale = enlargedScale(diagram, { width: 340, height: 750 }, 3);
    expect(scale).toBe(Math.floor((750 / 930) * 100) / 100);
    expect(scale).toBeGreaterThan(340 / 1280);
  });
  it('stays within its bounds', () => {
    expect(enlargedScale(diagram, { width: 10_000, height: 10_000 }, 3)).toBe(3);
    expect(enlargedScale(diagram, { width: 10, height: 10 }, 3)).toBe(0.25);
    expect(enlargedScale(diagram, { width: 1280 * READABLE_SCALE, height: 930 }, 3)).toBeCloseTo(READABLE_SCALE, 2);
  });
});
