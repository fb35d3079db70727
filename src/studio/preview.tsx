// The studio's preview frame (/__studio/preview): the site's own App, Layout, Head and block
// components rendering the page the studio posts, instead of a page loaded from pages-data/. In the
// frame only (never in the built site): each block is marked with its place in the document, a block
// under the pointer is outlined, and a click names the field of what was clicked to the studio.
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { memo, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import site from 'virtual:site';
import { withIdentity } from '../../schemas/identity';
import type { SiteDocument } from '../../schemas/site';
import { App } from '../App';
import { BlockView, loadBlocks } from '../blocks/registry';
import { Layout } from '../layout/Layout';
import { PageContent } from '../page/PageView';
import type { RenderedBlock, ResolvedPage } from '../page/types';

// The preview holds still: a carousel that turns by itself (the home hero's slides) would move away from
// the slide being edited. Components ask for reduced motion through matchMedia, which here says yes.
const matchMedia = window.matchMedia.bind(window);
window.matchMedia = (query: string) => {
  if (!/prefers-reduced-motion:\s*reduce/.test(query)) return matchMedia(query);
  const still = () => undefined;
  return { matches: true, media: query, onchange: null, addEventListener: still, removeEventListener: still, addListener: still, removeListener: still, dispatchEvent: () => false } as MediaQueryList;
};

let page: ResolvedPage | undefined;
/** Bumped when the site document the studio edits changes: everything that shows it is drawn again. */
let siteVersion = 0;
let selectable = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const notify = () => listeners.forEach((l) => l());

// Each block memoised: a keystroke re-renders the block it changed, not the whole page (a long page
// takes too long in React's dev build).
const MemoBlock = memo(BlockView);

/** A block, marked with its index in the page's blocks (display: contents, so the page's layout is unchanged). */
function MarkedBlock({ rendered }: { rendered: RenderedBlock }) {
  return (
    <div data-studio-block={page?.blocks.indexOf(rendered)} style={{ display: 'contents' }}>
      <MemoBlock rendered={rendered} />
    </div>
  );
}

function StudioPage() {
  const current = useSyncExternalStore(subscribe, () => page);
  return current ? <PageContent page={current} Block={MarkedBlock} /> : null;
}

/** The blocks of the new page, with the previous page's objects where a block did not change. */
function keepUnchanged(next: ResolvedPage, before: ResolvedPage | undefined): ResolvedPage {
  if (!before || before.route !== next.route) return next;
  const blocks = next.blocks.map((b, i): RenderedBlock => {
    const old = before.blocks[i];
    return old && JSON.stringify(old) === JSON.stringify(b) ? old : b;
  });
  return { ...next, blocks };
}

const rootRoute = createRootRoute({ component: Layout });
const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: StudioPage }),
  createRoute({ getParentRoute: () => rootRoute, path: '$', component: StudioPage }),
]);
const history = createMemoryHistory({ initialEntries: ['/'] });
const router = createRouter({ routeTree, history });

/** The site document as the studio edits it, in place of the one the dev server loaded (every component reads that object). */
function takeSite(next: SiteDocument | undefined) {
  if (!next || JSON.stringify(next) === JSON.stringify(site)) return;
  for (const key of Object.keys(site)) delete (site as Record<string, unknown>)[key];
  Object.assign(site, next);
  siteVersion++;
}

// Pages that arrive while one is being drawn wait, and only the latest is drawn: typing faster than
// a page renders costs no backlog.
let pending: ResolvedPage | undefined;
let drawing = false;
function draw() {
  const next = pending;
  if (!next) return void (drawing = false);
  pending = undefined;
  // A block type the page did not have yet needs its component first.
  void loadBlocks(next.blocks.map((b) => b.block.type)).then(() => {
    page = keepUnchanged(next, page);
    if (history.location.pathname !== next.route) history.replace(next.route);
    notify();
    setTimeout(draw);
  });
}

type Message = { type?: string; page?: ResolvedPage; site?: SiteDocument; selectable?: boolean; path?: string };
window.addEventListener('message', (e: MessageEvent<Message>) => {
  if (e.origin !== location.origin || e.source !== parent) return;
  if (e.data?.type === 'studio:reveal' && typeof e.data.path === 'string') return reveal(e.data.path);
  if (e.data?.type !== 'studio:page' || !e.data.page) return;
  // The company's identity filled into the texts that name it ({company}...), as the build does (schemas/identity.ts).
  takeSite(e.data.site && withIdentity(e.data.site, e.data.site));
  selectable = e.data.selectable === true;
  pending = withIdentity(e.data.page, site);
  if (!drawing) {
    drawing = true;
    setTimeout(draw);
  }
});

// ---- Click to edit ----

const blockOf = (el: Element | null) => el?.closest<HTMLElement>('[data-studio-block]') ?? null;
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every text of a value with its path: the fields a click can land on. */
function texts(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, collapse(value)]);
  else if (Array.isArray(value)) value.forEach((v, i) => texts(v, `${path}.${i}`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) texts(v, `${path}.${k}`, out);
  return out;
}

/**
 * The field of a clicked element: the nearest element (from it up to its block) whose text is a text of
 * the block (a heading, a paragraph, a button's label; a picture by its alt text), else the block itself.
 */
function fieldAt(target: Element, block: HTMLElement): string | undefined {
  const index = Number(block.dataset.studioBlock);
  const rendered = page?.blocks[index];
  if (!rendered) return undefined;
  const candidates = texts(rendered.block, `blocks.${index}`).filter(([, t]) => t !== '');
  for (let el: Element | null = target; el && el !== block; el = el.parentElement) {
    const own = el instanceof HTMLImageElement ? collapse(el.alt) : collapse(el.textContent ?? '');
    const hit = own && candidates.find(([, t]) => t === own);
    if (hit) return hit[0];
  }
  return `blocks.${index}`;
}

const outline = document.createElement('div');
outline.setAttribute('aria-hidden', 'true');
Object.assign(outline.style, {
  position: 'absolute', pointerEvents: 'none', zIndex: '10000', display: 'none',
  outline: '2px solid #1c7ed6', outlineOffset: '-2px', background: 'rgba(28, 126, 214, 0.06)', borderRadius: '4px',
});
document.body.append(outline);

/** The box around a block's own elements (its wrapper has none of its own). */
function boxOf(block: HTMLElement): DOMRect | undefined {
  const rects = [...block.children].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0 || r.height > 0);
  if (rects.length === 0) return undefined;
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  return new DOMRect(left, top, Math.max(...rects.map((r) => r.right)) - left, Math.max(...rects.map((r) => r.bottom)) - top);
}

function showOutline(block: HTMLElement | null) {
  const box = block && boxOf(block);
  if (!box) return void (outline.style.display = 'none');
  Object.assign(outline.style, { display: 'block', left: `${box.left + scrollX}px`, top: `${box.top + scrollY}px`, width: `${box.width}px`, height: `${box.height}px` });
}

document.addEventListener('pointerover', (e) => showOutline(selectable ? blockOf(e.target as Element) : null));
document.addEventListener('pointerleave', () => showOutline(null));
// Captured before the site's own handlers: a click in a block chooses its field instead of following a link or opening a dialog.
/** A click the preview makes itself (showing the slide being edited) is not the author's. */
let ownClick = false;
document.addEventListener(
  'click',
  (e) => {
    if (ownClick) return;
    const block = selectable ? blockOf(e.target as Element) : null;
    if (!block) {
      // The header's and the footer's menus are the site document's: a click there opens it at that field.
      const path = selectable ? siteFieldAt(e.target as Element) : undefined;
      if (!path) return;
      e.preventDefault();
      e.stopPropagation();
      parent.postMessage({ type: 'studio:select-site', path }, location.origin);
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    const path = fieldAt(e.target as Element, block);
    if (path) parent.postMessage({ type: 'studio:select', path }, location.origin);
  },
  true,
);

/** The site document's field of a clicked menu entry (the header's, the drawer's, the footer's), by its text. */
function siteFieldAt(target: Element): string | undefined {
  if (!target.closest('header, footer, [role="dialog"]')) return undefined;
  const candidates = texts((site as { nav?: unknown }).nav, 'nav').filter(([, t]) => t !== '');
  for (let el: Element | null = target; el && el !== document.body; el = el.parentElement) {
    const own = collapse(el.textContent ?? '');
    const hit = own && candidates.find(([, t]) => t === own);
    if (hit) return hit[0];
  }
  return undefined;
}

/** A field focused in the form: its block scrolled into view, and outlined a moment. */
function reveal(path: string) {
  const index = /^blocks\.(\d+)/.exec(path)?.[1];
  const block = index === undefined ? null : document.querySelector<HTMLElement>(`[data-studio-block="${index}"]`);
  const box = block && boxOf(block);
  if (!block || !box) return;
  if (box.top < 0 || box.top > innerHeight - 40) scrollTo({ top: box.top + scrollY - 16 });
  showOutline(block);
  // A slide's field: that slide shown (by its dot, as a visitor would choose it).
  const slide = /^blocks\.\d+\.slides\.(\d+)/.exec(path)?.[1];
  const dot = slide === undefined ? null : block.querySelectorAll<HTMLButtonElement>('.hero-dots button')[Number(slide)];
  if (dot && dot.getAttribute('aria-current') !== 'true') {
    ownClick = true;
    dot.click();
    ownClick = false;
  }
}

function Root() {
  const version = useSyncExternalStore(subscribe, () => siteVersion);
  // The router type the app registers is its own route tree's; this tree renders the same components.
  return <App key={version} router={router as never} />;
}

// The preview shows the page as it is once the app runs (src/entry-client.tsx).
document.documentElement.dataset.live = '';
createRoot(document.getElementById('root')!).render(<Root />);
parent.postMessage({ type: 'studio:ready' }, location.origin);
// The content on disk changed (a save, a move, an edit elsewhere): the frame starts afresh with it and asks for the page again.
import.meta.hot?.on('acacia:content-changed', () => location.reload());
