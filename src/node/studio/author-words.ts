// A problem as the studio tells an author (issue 39, item 9): what to do, in plain words. The line
// `npm run validate` prints (file:line:column, the field's path, its message) stays beside it for a
// developer: always under `npm run dev`, on request under `npm run studio`.
import type { Problem } from '../content/problems.ts';

const characters = (n: number) => `${n} character${n === 1 ? '' : 's'}`;

export function authorWords(p: Pick<Problem, 'code' | 'message'>): string {
  const m = p.message;
  switch (p.code) {
    case 'too-short': {
      const [, min, has] = /at least (\d+) characters? \(this has (\d+)\)/.exec(m) ?? [];
      if (min === undefined) break;
      if (has === '0') return min === '1' ? 'Empty: write something here.' : `Empty: write at least ${characters(Number(min))} here.`;
      return `Too short: at least ${characters(Number(min))}, and it has ${has}.`;
    }
    case 'too-long': {
      const [, max, has] = /at most (\d+) characters? \(this has (\d+)\)/.exec(m) ?? [];
      if (max !== undefined) return `Too long: at most ${characters(Number(max))}, and it has ${has}. Shorten it.`;
      break;
    }
    case 'bad-format':
      if (/internal path/.test(m) && /received "?https?:\/\//.test(m)) {
        return 'This is the address of another website: a link of this kind leads to a page of this site (/services/water-testing). Set Kind to External to link to another site.';
      }
      break;
    case 'placeholder':
      return 'Still the text the new page started with: write this page\'s own.';
  }
  return m.charAt(0).toUpperCase() + m.slice(1) + (/[.?!]$/.test(m) ? '' : '.');
}
