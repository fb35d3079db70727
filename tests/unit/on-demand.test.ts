import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Issue item 6: code fetched on demand loads on the next try even in a browser that remembers a
// failed import (whatwg/html#6768): the retry asks for the chunk at a URL the browser has not seen.
const ORIGIN = 'https://www.acacia-scientific.example';
const CHUNK = `${ORIGIN}/assets/OverlayHost-sNR0e-tm.js`;
const loaded = { OverlayHost: 'the host' };

// What each engine says when a dynamic import fails.
const chromium = () => new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);
const firefox = () => new TypeError(`error loading dynamically imported module: ${CHUNK}`);
const safari = () => new TypeError('Importing a module script failed.');

let reload: ReturnType<typeof vi.fn>;
let alert: ReturnType<typeof vi.fn>;
let confirm: ReturnType<typeof vi.fn>;
beforeEach(() => {
  reload = vi.fn();
  alert = vi.fn();
  confirm = vi.fn(() => false);
  const location = { origin: ORIGIN, reload };
  vi.stubGlobal('location', location);
  vi.stubGlobal('window', { alert, confirm, location });
  vi.resetModules(); // sayNotLoaded counts its reports per page
});
afterEach(() => vi.unstubAllGlobals());

const fresh = () => import('../../src/ui/on-demand');

/** An import that fails with this error the first time and, like Chromium, every time after. */
const rememberedFailure = (error: () => Error) => vi.fn(() => Promise.reject(error()));

describe('onDemand', () => {
  for (const [engine, error] of [['Chromium', chromium], ['Firefox', firefox]] as const) {
    it(`after a failure in ${engine}, the next call imports the chunk named by the failure at a fresh URL`, async () => {
      const { onDemand } = await fresh();
      const load = rememberedFailure(error);
      const importer = vi.fn(async () => loaded);
      const get = onDemand(load, importer);
      await expect(get()).rejects.toThrow(/imported module/);
      await expect(get()).resolves.toBe(loaded);
      expect(load).toHaveBeenCalledOnce();
      expect(importer.mock.calls).toEqual([[`${CHUNK}?retry=1`]]);
      // Once it has arrived, it is kept: no more fetching.
      await expect(get()).resolves.toBe(loaded);
      expect(importer).toHaveBeenCalledOnce();
    });
  }

  it('each further retry uses a URL not tried before', async () => {
    const { onDemand } = await fresh();
    const importer = vi.fn().mockRejectedValueOnce(new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}?retry=1`)).mockResolvedValueOnce(loaded);
    const get = onDemand(rememberedFailure(chromium), importer);
    await expect(get()).rejects.toThrow();
    await expect(get()).rejects.toThrow();
    await expect(get()).resolves.toBe(loaded);
    expect(importer.mock.calls).toEqual([[`${CHUNK}?retry=1`], [`${CHUNK}?retry=2`]]);
  });

  it('callers asking at the same time share one fetch, and one retry', async () => {
    const { onDemand } = await fresh();
    let fail!: (err: Error) => void;
    const load = vi.fn(() => new Promise<typeof loaded>((_, reject) => (fail = reject)));
    const importer = vi.fn(async () => loaded);
    const get = onDemand(load, importer);
    const first = [get(), get(), get()];
    fail(chromium());
    for (const p of first) await expect(p).rejects.toThrow();
    expect(load).toHaveBeenCalledOnce();
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(loaded);
    expect(b).toBe(loaded);
    expect(importer).toHaveBeenCalledOnce();
  });

  it('where the failure names no URL (Safari), the retry repeats the import as it was', async () => {
    const { onDemand } = await fresh();
    const load = vi.fn().mockRejectedValueOnce(safari()).mockResolvedValueOnce(loaded);
    const importer = vi.fn();
    const get = onDemand(load, importer);
    await expect(get()).rejects.toThrow();
    await expect(get()).resolves.toBe(loaded);
    expect(load).toHaveBeenCalledTimes(2);
    expect(importer).not.toHaveBeenCalled();
  });

  it('never imports a URL of another site named in a failure', async () => {
    const { onDemand } = await fresh();
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: https://cdn.elsewhere.example/x.js')).mockResolvedValueOnce(loaded);
    const importer = vi.fn();
    const get = onDemand(load, importer);
    await expect(get()).rejects.toThrow();
    await expect(get()).resolves.toBe(loaded);
    expect(importer).not.toHaveBeenCalled();
  });
});

describe('sayNotLoaded, the failure report of every on-demand caller', () => {
  it('says the code could not be loaded, and from the second failure offers a reload the visitor may refuse', async () => {
    const { onDemand, sayNotLoaded } = await fresh();
    const get = onDemand(rememberedFailure(chromium), () => Promise.reject(chromium()));
    await get().catch(sayNotLoaded);
    expect(alert).toHaveBeenCalledWith(expect.stringMatching(/could not be loaded.*check your connection/i));
    expect(confirm).not.toHaveBeenCalled();

    await get().catch(sayNotLoaded);
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/still could not be loaded.*reload the page/i));
    expect(reload).not.toHaveBeenCalled();

    confirm.mockReturnValueOnce(true);
    await get().catch(sayNotLoaded);
    expect(reload).toHaveBeenCalledOnce();
    expect(alert).toHaveBeenCalledOnce();
  });
});
