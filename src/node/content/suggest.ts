// "Did you mean": the value an author most likely meant, among a field's allowed values. By spelling
// first (a typo: "card-grd"), else by meaning: the words of what was written against each value's own
// words, its title and its description ("cta" is the cta-banner, "image-gallery" the gallery, "text-block"
// the text block). Nothing when neither finds one.
import { z } from 'zod';

export interface Choice {
  value: string;
  /** The schema of the value's branch: its title and description say what it means. */
  schema?: z.ZodType;
}

const STOP = new Set(['with', 'each', 'from', 'that', 'this', 'their', 'them', 'page', 'pages', 'block', 'section', 'every', 'which', 'where', 'into', 'other']);
const wordsOf = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).map((w) => (w.length > 3 ? w.replace(/s$/, '') : w));

export function suggest(received: string, choices: readonly Choice[]): string | undefined {
  const spelt = nearest(received, choices.map((c) => c.value));
  if (spelt) return spelt;
  const wanted = new Set(wordsOf(received));
  let best: string | undefined;
  let bestScore = 0;
  for (const { value, schema } of choices) {
    const meta = schema ? z.globalRegistry.get(schema) : undefined;
    const matched = (words: string[]) => [...new Set(words)].filter((w) => wanted.has(w)).length;
    // The value's own words count most, as the share of them written ("text" is all of text, half of policy-text).
    const own = [...new Set(wordsOf(value))];
    const score =
      (3 * matched(own)) / own.length +
      2 * matched(wordsOf(String(meta?.title ?? ''))) +
      matched(wordsOf(String(meta?.description ?? '')).filter((w) => w.length >= 4 && !STOP.has(w)));
    if (score > bestScore) [best, bestScore] = [value, score];
  }
  return best;
}

/** The closest candidate by edit distance, if it is close enough to be a likely typo. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/** How many letters to insert, delete or change to make one word the other (Levenshtein). */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}
