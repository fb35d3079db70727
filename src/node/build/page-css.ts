// The styles a prerendered page carries in its own HTML, so that its first paint waits for no style
// sheet (issue 38 item 7): of the site's style sheets, every rule that can match an element of the page,
// and of the custom properties (--mantine-color-red-5...) those rules and the page's style attributes
// use, directly or through another. The page still links the whole sheets, at the end of its body (cached
// from one page to the next, and what the app draws later needs them); since every rule that can match
// something on the page is already there, in the same order, nothing changes as they arrive.
//
// The sheets are cut once per build (cssParts); a page's share is then a walk over the parts with set
// look-ups (pageCss), a millisecond or so, with no CSS parsed per page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss, { type ChildNode, type Container } from 'postcss';

/** A rule: its selector, what the page needs for it to match (one list per selector of the list: any of them; none means always), its declarations. */
interface RulePart {
  selector: string;
  needs: string[][] | null;
  /** The declarations other than custom properties, as text, and the custom properties they use. */
  body: string;
  uses: string[];
  /** Its custom properties: name, declaration. */
  defines: [string, string][];
}
export type CssPart = { text: string; uses: string[] } | RulePart | { open: string; parts: CssPart[] };

export interface CssPlan {
  parts: CssPart[];
  /** Each custom property, with those its values use (in any rule). */
  graph: Record<string, string[]>;
  /** The styles made for each set of what a page has (pageCss). */
  made?: Map<string, string>;
}

const usesOf = (text: string) => [...new Set([...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!))];

/** Once per build: the sheets (their text, in the order the pages link them) cut into parts. */
export function cssPlan(sheets: readonly string[]): CssPlan {
  const graph: Record<string, string[]> = {};
  const partsOf = (container: Container): CssPart[] =>
    (container.nodes ?? []).flatMap((node: ChildNode): CssPart[] => {
      if (node.type === 'comment') return [];
      if (node.type === 'rule' && node.nodes.every((n) => n.type === 'decl')) {
        const needs = node.selectors.map(needsOf);
        const decls = node.nodes.filter((n) => n.type === 'decl');
        const defines = decls.filter((d) => d.prop.startsWith('--')).map((d): [string, string] => [d.prop, d.toString()]);
        for (const [name, text] of defines) graph[name] = [...new Set([...(graph[name] ?? []), ...usesOf(text.slice(name.length))])];
        const body = decls.filter((d) => !d.prop.startsWith('--')).map((d) => d.toString()).join(';');
        return [{ selector: node.selector, needs: needs.some((n) => n?.length === 0) ? null : needs.filter((n) => n !== undefined), body, uses: usesOf(body), defines }];
      }
      // @media, @supports, @layer and @container blocks keep what they hold that the page needs;
      // @font-face, @keyframes, @property and the rest are kept whole.
      if (node.type === 'atrule' && node.nodes && /^(media|supports|layer|container)$/i.test(node.name)) {
        return [{ open: `@${node.name}${node.raws.afterName ?? ' '}${node.params}${node.raws.between ?? ''}{`, parts: partsOf(node) }];
      }
      const text = node.toString();
      return [{ text, uses: usesOf(text) }];
    });
  return { parts: sheets.flatMap((css) => partsOf(postcss.parse(css))), graph };
}

/**
 * What an element of the page must have for a selector to match (a conservative subset): each class it
 * names (`.x`) and each data attribute it asks for, with its value (`data-size=sm`) or without
 * (`data-with-border`), outside :not(), :is(), :where() and :has(). Undefined for a selector that never
 * matches in a page (`:host`, which matches only in a shadow tree).
 */
export function needsOf(selector: string): string[] | undefined {
  if (/:host\b/.test(selector)) return undefined;
  // An escaped character (.md\:flex) is not read here: such a selector is taken to need nothing.
  if (selector.includes('\\')) return [];
  let s = selector;
  // What a functional pseudo-class holds need not be on the page (:not(.x), :is(.a, .b)): removed, innermost first.
  for (let before = ''; before !== s; ) (before = s), (s = s.replace(/:[\w-]+\((?:[^()"']|"[^"]*"|'[^']*')*\)/g, ''));
  const needs = new Set<string>();
  s = s.replace(/\[\s*(data-[\w-]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([\w-]+))\s*)?\]/g, (_, name: string, ...value: (string | undefined)[]) => {
    const v = value.slice(0, 3).find((x) => x !== undefined);
    needs.add(v === undefined ? name : `${name}=${v}`);
    return '';
  });
  s = s.replace(/\[(?:[^\]"']|"[^"]*"|'[^']*')*\]/g, '');
  for (const m of s.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) needs.add(m[1]!);
  return [...needs];
}

/** What the elements of a page's HTML have that selectors may ask for: classes, and data attributes with and without their value. */
export function pageTokens(html: string): Set<string> {
  const tokens = new Set<string>();
  for (const m of html.matchAll(/\s(class|data-[\w-]+)(?:="([^"]*)")?/g)) {
    if (m[1] === 'class') for (const c of (m[2] ?? '').split(/\s+/)) c && tokens.add(c);
    else tokens.add(m[1]!).add(`${m[1]}=${m[2] ?? ''}`);
  }
  return tokens;
}

/** The style sheet of a page, from its HTML (the whole file but its styles). */
export function pageCss(plan: CssPlan, html: string): string {
  const tokens = pageTokens(html);
  const used = new Set(usesOf(html));
  // Pages of one template have the same classes, attributes and properties: their styles are made once.
  const key = `${[...tokens].sort().join(' ')}\n${[...used].sort().join(' ')}`;
  const known = plan.made?.get(key);
  if (known !== undefined) return known;
  const css = styles(plan, tokens, used);
  (plan.made ??= new Map()).set(key, css);
  return css;
}

function styles(plan: CssPlan, tokens: ReadonlySet<string>, used: Set<string>): string {
  const kept: CssPart[] = [];
  const keep = (parts: readonly CssPart[]): CssPart[] =>
    parts.flatMap((part): CssPart[] => {
      if ('open' in part) {
        const inner = keep(part.parts);
        return inner.length ? [{ ...part, parts: inner }] : [];
      }
      if ('needs' in part && part.needs && !part.needs.some((needs) => needs.every((t) => tokens.has(t)))) return [];
      part.uses.forEach((name) => used.add(name));
      return [part];
    });
  kept.push(...keep(plan.parts));
  // The custom properties used, and those their values use.
  for (const name of used) for (const next of plan.graph[name] ?? []) used.add(next);
  const text = (parts: readonly CssPart[]): string =>
    parts
      .map((part) => {
        if ('open' in part) {
          const inner = text(part.parts);
          return inner && `${part.open}${inner}}`;
        }
        if ('text' in part) return part.text;
        const decls = [part.body, ...part.defines.filter(([name]) => used.has(name)).map(([, d]) => d)].filter(Boolean);
        return decls.length ? `${part.selector}{${decls.join(';')}}` : '';
      })
      .join('');
  return text(kept);
}

/** For a build's render worker: a page's styles (pageCss) from its sheets under `dist`, each set of sheets read and cut once. */
export function inlineStyles(dist: string): (sheets: readonly string[], html: string) => string {
  const plans = new Map<string, CssPlan>();
  return (sheets, html) => {
    const key = sheets.join('\n');
    let plan = plans.get(key);
    if (!plan) plans.set(key, (plan = cssPlan(sheets.map((f) => readFileSync(join(dist, f), 'utf8')))));
    const css = pageCss(plan, html);
    // Unlikely in a style sheet, but it would end the <style> element early.
    if (/<\/style/i.test(css)) throw new Error(`the styles of ${sheets.join(', ')} hold "</style", which would end the page's <style> element`);
    return css;
  };
}
