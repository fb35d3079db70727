// Where the build writes the search index (src/node/build/search-index.ts) and the search dialog fetches
// it: apart from src/lib/search.ts, so the dialog's own code does not carry the search library, which
// comes with the index when search opens.

/** The index of everything but the products' pages, fetched when search opens. A file, not a chunk of the
 * code: a chunk's name would change with every page's text, and with it the name of every chunk that
 * imports it, so that any edit would change every page's HTML (and the build could reuse none). */
export const indexFilePath = '/_data/search/index.json';

/** A plain file name: a letter other than a-z and 0-9 is written as its code. */
const fileName = (key: string) => key.replace(/[^a-z0-9]/gu, (c) => `_${c.codePointAt(0)!.toString(16)}`);
/** The term file of the words that start with `key` (shardKey in src/lib/search.ts). */
export const termFilePath = (key: string) => `/_data/search/terms/${fileName(key)}.json`;
/** The n-th file of order codes (src/lib/search.ts codeFilesFor). */
export const codeFilePath = (n: number) => `/_data/search/codes/${n}.json`;
/** The n-th file of products' entries. */
export const entryFilePath = (n: number) => `/_data/search/products/${n}.json`;
