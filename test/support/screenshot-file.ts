// A screenshot kept in the repository (the README's picture of the page): rewritten when the page
// looks different and UPDATE_SCREENSHOTS=1 is set, left alone when only a few anti-aliased pixels
// moved; a plain test run never dirties the tree. The PNGs are compared in the browser (canvas), with no image library.
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Browser } from 'playwright';

/** Pixels (of any channel) allowed to differ before the file counts as stale: 0.05% of the picture. */
const STALE_FRACTION = 0.0005;

/** How many pixels differ between two PNGs (every pixel when their sizes differ). */
async function differingPixels(browser: Browser, a: Buffer, b: Buffer): Promise<number> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ([a64, b64]) => {
        const load = async (base64: string) => {
          const blob = await (await fetch(`data:image/png;base64,${base64}`)).blob();
          const bitmap = await createImageBitmap(blob);
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(bitmap, 0, 0);
          return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
        };
        const [x, y] = await Promise.all([load(a64), load(b64)]);
        if (x.width !== y.width || x.height !== y.height) return Math.max(x.width * x.height, y.width * y.height);
        let count = 0;
        for (let i = 0; i < x.data.length; i += 4) {
          if (
            x.data[i] !== y.data[i] ||
            x.data[i + 1] !== y.data[i + 1] ||
            x.data[i + 2] !== y.data[i + 2] ||
            x.data[i + 3] !== y.data[i + 3]
          )
            count++;
        }
        return count;
      },
      [a.toString('base64'), b.toString('base64')] as const,
    );
  } finally {
    await page.close();
  }
}

/**
 * Compares `png` with the file at `path`. With `UPDATE_SCREENSHOTS=1` a changed picture is written
 * there; otherwise a test run leaves the checkout as it was and a changed picture goes to the
 * system's temporary folder (its path printed), to look at or copy. Says which.
 */
export async function saveScreenshotIfChanged(
  browser: Browser,
  path: string,
  png: Buffer,
  pixels: number,
): Promise<'written' | 'unchanged' | 'stale'> {
  const old = await readFile(path).catch(() => undefined);
  if (old && (old.equals(png) || (await differingPixels(browser, old, png)) <= pixels * STALE_FRACTION))
    return 'unchanged';
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    await writeFile(path, png);
    return 'written';
  }
  const fresh = join(tmpdir(), `agent-turn-${basename(path)}`);
  await writeFile(fresh, png);
  console.log(`${path} is stale: the page now looks like ${fresh} (UPDATE_SCREENSHOTS=1 rewrites it)`);
  return 'stale';
}
