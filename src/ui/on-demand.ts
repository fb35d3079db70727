import { startTransition, useCallback, useState } from 'react';

type Importer = (url: string) => Promise<unknown>;
const importFresh: Importer = (url) => import(/* @vite-ignore */ url);

/**
 * Code fetched when first asked for (a dialog, the phone menu, search, a block), not with the page:
 * returns the function that asks for it. Callers asking at the same time share one fetch; once the
 * module has arrived, every later call gets it at once.
 *
 * After a failure the next call tries again, but not at the same URL: a browser may remember that
 * importing a URL failed and fail every later import of it without asking the network (Chromium
 * does; whatwg/html#6768). So a retry imports the chunk at a URL the browser has not seen
 * (`?retry=n`), taken from the failure, which names it in Chromium and Firefox. (The build cannot
 * tell the code the URL beforehand: the hashed name exists only once the bundle is written, and a
 * chunk referenced by URL at build time becomes first-load code.) Where the failure names no URL,
 * the retry repeats the import as it was. What a fresh URL cannot mend (a chunk it imports failed
 * and is remembered too) is left to the last resorts: sayNotLoaded offers to reload the page, and a
 * navigation has the browser load the page from the server (router.tsx).
 */
export function onDemand<M>(load: () => Promise<M>, importer: Importer = importFresh): () => Promise<M> {
  let pending: Promise<M> | undefined;
  let failures = 0;
  let url: string | undefined;
  return () =>
    (pending ??= (url ? (importer(`${url}?retry=${failures}`) as Promise<M>) : load()).catch((err: unknown) => {
      pending = undefined;
      failures += 1;
      url ??= failedChunk(err);
      throw err;
    }));
}

/** The URL of the script a failed import names, when it is one of this site's. */
function failedChunk(err: unknown): string | undefined {
  const named = /https?:\/\/[^\s'"?#]+\.js\b/.exec(err instanceof Error ? err.message : String(err))?.[0];
  if (!named || typeof location === 'undefined') return undefined;
  const url = new URL(named);
  return url.origin === location.origin ? url.href : undefined;
}

/**
 * For a component that renders a module fetched on demand (made with onDemand): [the module once it
 * has arrived, the function that asks for it, the same for asking ahead of need (whenIdle)]. Asked
 * ahead, the module is first drawn as a transition, in slices that yield to the browser, rather
 * than in one task a tap would wait behind.
 */
export function useOnDemand<M>(get: () => Promise<M>): [M | undefined, () => Promise<M>, () => Promise<M>] {
  const [mod, setMod] = useState<M>();
  const request = useCallback(
    () =>
      get().then((m) => {
        setMod(() => m);
        return m;
      }),
    [get],
  );
  const prepare = useCallback(
    () =>
      get().then((m) => {
        startTransition(() => setMod(() => m));
        return m;
      }),
    [get],
  );
  return [mod, request, prepare];
}

const idleTasks: (() => Promise<unknown>)[] = [];
let idleStarted = false;
let idleRunning = false;

/**
 * Fetches and starts on-demand code before it is asked for, so a visitor's first tap does not wait for
 * it: once the page has started (startIdleWork), one task at a time, each when the browser is idle.
 * `first` puts a task before those waiting. Not when the visitor's browser asks to save data. A failure
 * stays silent: the tap asks again.
 */
export function whenIdle(task: () => Promise<unknown>, { first = false } = {}) {
  if (first) idleTasks.unshift(task);
  else idleTasks.push(task);
  runIdleTask();
}

/** Called once the page has hydrated (or rendered): from then on idle tasks run. */
export function startIdleWork() {
  idleStarted = true;
  runIdleTask();
}

/** The visitor's browser asks to save data (Android's data saver, Save-Data: on): nothing is fetched ahead of need. */
export const saveData = () => (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;

function runIdleTask() {
  if (!idleStarted || idleRunning || saveData() || !idleTasks.length) return;
  idleRunning = true;
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
  idle(() => {
    void idleTasks.shift()!().catch(() => undefined).finally(() => {
      idleRunning = false;
      runIdleTask();
    });
  });
}

let reported = 0;

/**
 * Tells the visitor that something they asked for could not be fetched (a bad network). A native
 * dialog, because what failed to arrive may be the code that would show a nicer message. From the
 * second time on it offers to reload the page, the one retry no browser can refuse; the visitor
 * chooses, since a reload loses what they typed.
 */
export function sayNotLoaded() {
  reported += 1;
  if (reported === 1) {
    window.alert('This could not be loaded. Please check your connection and try again.');
  } else if (window.confirm('This still could not be loaded. Reload the page to try again? Anything typed into the page will be lost.')) {
    window.location.reload();
  }
}
