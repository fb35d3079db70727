// The studio's writes: the new value of a document applied to its text as the smallest set of
// jsonc-parser edits, so what the author did not change keeps its bytes, its key order and its
// formatting, and a change of one field is a change of one line.
import { applyEdits, findNodeAtLocation, type JSONPath, modify, type Node, parseTree } from 'jsonc-parser';
import { equal, isObject, type Json } from '../../studio/schema.ts';

/** The same kind of thing: both objects naming the same block type or action kind (else it is replaced whole). */
const sameKind = (a: Record<string, Json>, b: Record<string, Json>) => a.type === b.type && a.kind === b.kind;

/** `text` (a JSON document) changed to hold `next`, touching only what differs. */
export function applyValue(text: string, next: unknown): string {
  let out = text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n( +|\t)"/.exec(text)?.[1] ?? '  ';
  const formattingOptions = { insertSpaces: indent !== '\t', tabSize: indent === '\t' ? 1 : indent.length, eol };
  const set = (path: JSONPath, value: Json | undefined, isArrayInsertion = false) => {
    if (isArrayInsertion && insertAsSiblings(path, value!)) return;
    out = applyEdits(out, modify(out, path, value, { formattingOptions, isArrayInsertion }));
  };
  /**
   * An item added to a list whose items stand one per line, each on one line (a menu's links), written
   * the same way: jsonc-parser's insertion would reformat the item before it over several lines.
   */
  const insertAsSiblings = (path: JSONPath, value: Json): boolean => {
    const list = findNodeAtLocation(parseTree(out)!, path.slice(0, -1));
    const items = list?.type === 'array' ? (list.children ?? []) : [];
    const lineStart = (n: Node) => out.lastIndexOf('\n', n.offset - 1) + 1;
    const ownLine = (n: Node) => /^[ \t]*$/.test(out.slice(lineStart(n), n.offset)) && !out.slice(n.offset, n.offset + n.length).includes('\n');
    // Only objects among objects written on one line each (which the formatter would spread over lines: the file's own style).
    const container = (n: Node) => n.type === 'object' || n.type === 'array';
    const compactItems = items.every((n) => ownLine(n) && container(n)) && items.some((n) => (n.children?.length ?? 0) > 0);
    if (typeof value !== 'object' || value === null || !compactItems) return false;
    const index = Number(path[path.length - 1]);
    const compact = JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
    const near = items[Math.min(index, items.length - 1)]!;
    const indentation = out.slice(lineStart(near), near.offset);
    out =
      index >= items.length
        ? `${out.slice(0, near.offset + near.length)},${eol}${indentation}${compact}${out.slice(near.offset + near.length)}`
        : `${out.slice(0, near.offset)}${compact},${eol}${indentation}${out.slice(near.offset)}`;
    return true;
  };

  // Paths refer to the text as edited so far: removals run before insertions, from the end.
  const walk = (prev: Json | undefined, value: Json, path: JSONPath): void => {
    if (equal(prev, value)) return;
    // Emptied containers are written whole: removing the last member would leave its line break.
    const empty = (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
    if (empty) return set(path, value);
    if (isObject(prev) && isObject(value) && (path.length === 0 || sameKind(prev, value))) {
      for (const key of Object.keys(prev)) if (!(key in value)) set([...path, key], undefined);
      for (const [key, v] of Object.entries(value)) {
        if (key in prev) walk(prev[key], v, [...path, key]);
        else set([...path, key], v);
      }
      return;
    }
    if (Array.isArray(prev) && Array.isArray(value)) {
      const shortest = Math.min(prev.length, value.length);
      let head = 0;
      while (head < shortest && equal(prev[head], value[head])) head++;
      let tail = 0;
      while (tail < shortest - head && equal(prev[prev.length - 1 - tail], value[value.length - 1 - tail])) tail++;
      const removed = prev.length - head - tail;
      const added = value.length - head - tail;
      const changed = Math.min(removed, added);
      for (let i = removed - 1; i >= changed; i--) set([...path, head + i], undefined);
      for (let i = 0; i < changed; i++) walk(prev[head + i], value[head + i]!, [...path, head + i]);
      for (let i = changed; i < added; i++) set([...path, head + i], value[head + i], true);
      return;
    }
    set(path, value);
  };

  let prev: Json;
  try {
    prev = JSON.parse(text) as Json;
  } catch {
    // An empty or broken file (being edited elsewhere) is written whole.
    return JSON.stringify(next, null, 2) + '\n';
  }
  walk(prev, next as Json, []);
  // jsonc-parser's edits are checked, not trusted: a document that does not read back as the value is written whole.
  return equal(JSON.parse(out), next) ? out : JSON.stringify(next, null, 2) + '\n';
}
