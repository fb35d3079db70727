// A shop's description (HTML, as WooCommerce and Shopify export it, or plain text) as the record's
// fields can hold it: its first paragraph the description (cut at a sentence within its length), its
// list items (and a table's rows, "Name: value") the specifications in words, or the applications
// where the heading or sentence just before the list says so ("Applications", "Uses", "Suitable for");
// further paragraphs have no field of their own and are left out. Our own few lines rather than an
// HTML parser: a description is a handful of paragraphs and lists, and nothing of it is run or shown
// as HTML, only its text is kept.
import { MAX_LENGTH } from '../../../schemas/primitives.ts';

/** A block of the text: a paragraph, a heading, or an item of a list (a table's row is one too). */
export interface TextBlock {
  kind: 'p' | 'h' | 'item';
  text: string;
  /** For an item: which list it is in (a table is one), counted from 0. */
  list?: number;
}

export interface Described {
  description?: string;
  specifications: string[];
  applications: string[];
}

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
  laquo: '«', raquo: '»', bull: '•', middot: '·', deg: '°', plusmn: '±', times: '×', divide: '÷', micro: 'µ', sup1: '¹', sup2: '²', sup3: '³',
  frac12: '½', frac14: '¼', frac34: '¾', copy: '©', reg: '®', trade: '™', euro: '€', pound: '£', cent: '¢', yen: '¥', sect: '§', para: '¶',
  shy: '', le: '≤', ge: '≥', ne: '≠', asymp: '≈', minus: '−', permil: '‰', alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', mu: 'μ', lambda: 'λ', Omega: 'Ω',
};

/** The characters an entity stands for; an entity not known is left as written. */
export const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,8});/gi, (m, e: string) => {
    if (e[0] !== '#') return NAMED[e] ?? NAMED[e.toLowerCase()] ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });

const BLOCK = new Set(['p', 'div', 'section', 'article', 'header', 'footer', 'blockquote', 'pre', 'figure', 'figcaption', 'dl', 'dd', 'dt', 'address', 'main', 'aside', 'center']);
const HEADING = /^h[1-6]$/;
/** A line that starts with a bullet is an item of a list, as plain-text descriptions write them. */
const BULLET = /^\s*(?:[-–—•·*▪●◦]|\d{1,2}[.)])\s+/;

/** The blocks of a description: HTML by its tags, plain text by its blank lines and bullets. */
export function textBlocks(source: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let kind: TextBlock['kind'] = 'p';
  let text = '';
  let list = -1;
  let depth = 0;
  let cells: string[] | undefined;
  const flush = () => {
    // A paragraph's lines that start with bullets are items; its other lines stay its text.
    const lines = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean);
    text = '';
    if (lines.length === 0) return;
    if (kind !== 'p') return void blocks.push({ kind, text: lines.join(' '), ...(kind === 'item' ? { list } : {}) });
    let para: string[] = [];
    let bulleted = false;
    for (const line of lines) {
      if (BULLET.test(line)) {
        if (para.length) blocks.push({ kind: 'p', text: para.join(' ') });
        para = [];
        if (!bulleted) list++;
        bulleted = true;
        blocks.push({ kind: 'item', text: line.replace(BULLET, ''), list });
      } else {
        bulleted = false;
        para.push(line);
      }
    }
    if (para.length) blocks.push({ kind: 'p', text: para.join(' ') });
  };
  const cleaned = source.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, '');
  const isHtml = /<\/?[a-z][a-z0-9]*\b[^>]*>/i.test(cleaned);
  if (!isHtml) {
    for (const para of cleaned.split(/\r?\n\s*\r?\n/)) {
      kind = 'p';
      text = decodeEntities(para.replace(/\r/g, ''));
      flush();
    }
    return blocks;
  }
  for (const m of cleaned.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*?>|([^<]+)|</gi)) {
    if (m[3] !== undefined || m[0] === '<') {
      text += decodeEntities((m[3] ?? '<').replace(/\s+/g, ' '));
      continue;
    }
    const [closing, tag] = [m[1] === '/', m[2]!.toLowerCase()];
    if (tag === 'br') text += '\n';
    else if (tag === 'ul' || tag === 'ol' || tag === 'table') {
      flush();
      kind = 'p';
      depth = Math.max(0, depth + (closing ? -1 : 1));
      if (!closing) list++;
    } else if (tag === 'li') {
      flush();
      kind = closing || depth === 0 ? 'p' : 'item';
    } else if (tag === 'tr') {
      flush();
      // A table's row is an item: its cells "Name: value", or joined by " | " where there are more.
      if (closing && cells) {
        const filled = cells.map((c) => c.replace(/\s+/g, ' ').trim()).filter(Boolean);
        if (filled.length) blocks.push({ kind: 'item', text: filled.length === 2 ? `${filled[0]}: ${filled[1]}` : filled.join(' | '), list });
      }
      cells = closing ? undefined : [];
    } else if ((tag === 'td' || tag === 'th') && cells) {
      if (closing) cells.push(text);
      text = '';
    } else if (HEADING.test(tag)) {
      flush();
      kind = closing ? 'p' : 'h';
    } else if (BLOCK.has(tag)) {
      flush();
      if (kind !== 'item') kind = 'p';
    }
  }
  flush();
  return blocks;
}

/** Text cut to at most `max` characters: at the end of its last whole sentence, else of a word, with an ellipsis. */
export function within(text: string, max: number): string {
  if (text.length <= max) return text;
  const sentence = /^[\s\S]*[.!?](?=\s)/.exec(text.slice(0, max + 1))?.[0];
  if (sentence && sentence.length >= max / 3) return sentence;
  const head = text.slice(0, max - 1);
  // A word cut in two is left out.
  return `${(/\s/.test(text[max - 1]!) ? head : head.replace(/\s+\S*$/, '')).trimEnd()}…`;
}

const APPLICATIONS = /\b(applications?|uses|used (?:for|in)|suitable for|ideal for|use cases?)\b/i;

/**
 * The record's fields from a description (and a short one, whose first paragraph, where it has one, is
 * the description instead): see the top of this file.
 */
export function describe(html: string, short = ''): Described {
  const [own, long] = [textBlocks(short), textBlocks(html)];
  // The long description's lists counted after the short one's.
  const blocks = [...own, ...long.map((b) => (b.list === undefined ? b : { ...b, list: b.list + own.length }))];
  const first = own.find((b) => b.kind === 'p') ?? long.find((b) => b.kind === 'p');
  const out: Described = { specifications: [], applications: [], ...(first ? { description: within(first.text, MAX_LENGTH.lead) } : {}) };
  // Which lists are applications: those right after a heading or a sentence that says so.
  const applicationLists = new Set<number>();
  blocks.forEach((b, i) => {
    const before = blocks[i - 1];
    if (b.kind === 'item' && before && before.kind !== 'item' && APPLICATIONS.test(before.text)) applicationLists.add(b.list!);
  });
  for (const b of blocks) {
    if (b.kind !== 'item') continue;
    const item = within(b.text.replace(/[;,.]$/, ''), MAX_LENGTH.lead);
    const into = applicationLists.has(b.list!) ? out.applications : out.specifications;
    if (!into.includes(item)) into.push(item);
  }
  return out;
}
