// A screenshot kept in the repository (the README's picture of the page): rewritten when the page
// looks different, left alone when only a few anti-aliased pixels moved, so a test run does not
// dirty the tree for nothing. The PNGs are compared in the browser (canvas), with no image library.
import { readFile, writeFile } from 'node:fs/promises';
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

/** Writes `png` to `path` unless the file there already shows the same picture; says which. */
export async function saveScreenshotIfChanged(
  browser: Browser,
  path: string,
  png: Buffer,
  pixels: number,
): Promise<'written' | 'unchanged'> {
  const old = await readFile(path).catch(() => undefined);
  if (old && (old.equals(png) || (await differingPixels(browser, old, png)) <= pixels * STALE_FRACTION))
    return 'unchanged';
  await writeFile(path, png);
  return 'written';
}
