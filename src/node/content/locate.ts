// Where a problem is: the field's line and column in its file (file:line:column), for the problems each
// stage finds, and zod's issues told as the problem catalogue's (problems.ts), each at its field.
import { findNodeAtLocation, type Node, parseTree } from 'jsonc-parser';
import type { z } from 'zod';
import { typesAt } from './blocks.ts';
import { type Code, message, type Params, type Problem } from './problems.ts';
import { nearest, suggest } from './suggest.ts';
import { objectKeysAt, unionChoices } from './zod-schema.ts';

export type Path = (string | number)[];

export interface SourceFile {
  rel: string; // relative to pages-data
  display: string; // relative to project root
  text: string;
  /** Built only when a problem must be located: parsing with offsets is slow. */
  readonly tree: Node | undefined;
}

export function sourceFile(rel: string, display: string, text: string): SourceFile {
  let tree: Node | undefined | null = null;
  return {
    rel, display, text,
    get tree() {
      if (tree === null) tree = parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
      return tree;
    },
  };
}

export function issueProblems(src: SourceFile, schema: z.ZodType, data: unknown, issue: z.core.$ZodIssue): Problem[] {
  const path = issue.path as Path;
  const received = valueAt(data, path);
  const problem = <C extends Code>(code: C, params: Params<C>, p: Path = path, atKey = false) => locate(src, p, code, message(code, params), atKey);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = objectKeysAt(schema, path, data);
      return issue.keys.map((key) => problem('unknown-key', { key, guess: nearest(key, allowed), allowed }, [...path, key], true));
    }
    case 'invalid_union': {
      const disc = (issue as { discriminator?: string }).discriminator;
      if (disc) {
        // The issue's path ends at the discriminator in zod 4.6; say where the union is, and point at the value.
        const at = path[path.length - 1] === disc ? path : [...path, disc];
        const value = valueAt(data, at);
        const choices = unionChoices(schema, at.slice(0, -1), data, disc);
        const guess = typeof value === 'string' ? suggest(value, choices) : undefined;
        if (disc !== 'type') return [problem('unknown-option', { field: disc, received: show(value), expected: choices.map((c) => c.value), guess }, at)];
        // A page's blocks: the types that may stand at this place (the opening block first; the editor offers the same).
        const here = at[at.length - 2] === 0 ? typesAt('opening') : [...typesAt('body'), ...typesAt('closing')];
        return [problem('unknown-block-type', { received: show(value), expected: here, guess }, at)];
      }
      // A plain union: the problems of the option that came closest (fewest problems).
      const errors = (issue as { errors?: z.core.$ZodIssue[][] }).errors ?? [];
      const closest = [...errors].sort((a, b) => a.length - b.length)[0];
      if (closest?.length) return closest.flatMap((i) => issueProblems(src, schema, data, { ...i, path: [...path, ...i.path] } as z.core.$ZodIssue));
      return [problem('invalid-value', { detail: issue.message })];
    }
    case 'invalid_type':
      if (received === undefined) return [problem('missing-field', { key: String(path[path.length - 1]), expected: issue.expected })];
      return [problem('wrong-type', { expected: issue.expected, type: typeName(received), received: show(received) })];
    case 'invalid_value': {
      const expected = issue.values.map((v) => String(v));
      return [problem('not-allowed', { received: show(received), expected, guess: typeof received === 'string' ? nearest(received, expected) : undefined })];
    }
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const limit = Number(small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum);
      if (typeof received === 'string') return [small ? problem('too-short', { minimum: limit, length: received.trim().length }) : problem('too-long', { maximum: limit, length: received.trim().length })];
      if (Array.isArray(received)) return [small ? problem('too-few', { minimum: limit, count: received.length }) : problem('too-many', { maximum: limit, count: received.length })];
      return [problem('out-of-range', { detail: `${small ? 'at least' : 'at most'} ${limit} (received ${show(received)})` })];
    }
    case 'invalid_format':
      return [problem('bad-format', { expected: issue.message, received: show(received) })];
    case 'custom': {
      const code = (issue.params as { code?: Code } | undefined)?.code;
      if (code === 'unsafe-url' || code === 'alt-text' || code === 'bad-format' || code === 'picture-path' || code === 'opening-hours') return [problem(code, { expected: issue.message, received: show(received) })];
      return [problem('bad-format', { expected: issue.message, received: show(received) })];
    }
    default:
      return [problem('invalid-value', { detail: `${issue.message.replace(/^Invalid input: /, '')}${received !== undefined && typeof received !== 'object' ? ` (received ${show(received)})` : ''}` })];
  }
}

export function locate(src: SourceFile, path: Path, code: Code, text: string, atKey = false): Problem {
  let node: Node | undefined;
  let found: Path = path;
  for (let n = path.length; n >= 0; n--) {
    node = src.tree ? findNodeAtLocation(src.tree, path.slice(0, n)) : undefined;
    if (node) {
      found = path.slice(0, n);
      break;
    }
  }
  // Point at the key of a property (where the author types), not its value.
  const offset = node && (atKey || found.length < path.length) ? keyOffset(node) : node?.offset ?? 0;
  return at(src, offset, fieldPath(path), code, text);
}

function keyOffset(node: Node): number {
  const prop = node.parent;
  return prop?.type === 'property' ? prop.offset : node.offset;
}

export function at(src: SourceFile, offset: number, path: string, code: Code, text: string): Problem {
  const before = src.text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { file: src.display, line, column, path, code, message: text };
}

export function fieldPath(path: Path): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

function valueAt(data: unknown, path: Path): unknown {
  let cur = data;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  return cur;
}

function typeName(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

/** A value as a problem's message quotes it. */
export function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}
