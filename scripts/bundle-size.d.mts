// The types of bundle-size.mjs, for the test that imports it (test/package/tree-shaking.test.ts).

/** A bundle of an import from the built package. */
export interface ImportBundle {
  /** The minified bundle's text. */
  text: string;
  /** Its size in bytes after gzip. */
  gzipped: number;
  /** The modules with code in it (paths relative to the working directory). */
  modules: string[];
}

/** The bundle of `code` resolved from `dir`: its text, its gzipped size in bytes, and the modules it holds. */
export function bundleImport(code: string, dir: string): Promise<ImportBundle>;
