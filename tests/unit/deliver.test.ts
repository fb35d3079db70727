import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliver, TIME_LIMIT_MS } from '../../src/lib/deliver';
import { contactMail } from '../../src/lib/mail';

const fields = { name: 'Amina', email: 'amina@lab.example', phone: '', company: 'KEMRI', message: 'Two photometers, please.' };
const mail = contactMail('info@acacia-scientific.example', fields);
const ENDPOINT = 'https://forms.example/acacia';

// D6: the browser is only touched through fetch (endpoint) and an <a href="mailto:"> click (no endpoint).
let clicked: string[];
beforeEach(() => {
  clicked = [];
  vi.stubGlobal('document', { createElement: () => ({ href: '', rel: '', click(this: { href: string }) { clicked.push(this.href); } }) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('deliver (D6)', () => {
  it('without an endpoint hands the composed message to the mail program, and does not call it sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(deliver(null, fields, mail)).resolves.toEqual({ outcome: 'mail' });
    expect(fetch).not.toHaveBeenCalled();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toMatch(/^mailto:info@acacia-scientific\.example\?subject=Website%20enquiry%20from%20Amina&body=/);
  });

  it('POSTs the fields as JSON and calls it sent on a 2xx answer', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await expect(deliver(ENDPOINT, fields, mail)).resolves.toEqual({ outcome: 'sent' });
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(ENDPOINT);
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ ...fields, subject: 'Website enquiry from Amina', id: expect.stringMatching(/^[\w-]{32,36}$/) });
    expect(clicked).toEqual([]);
  });

  for (const status of [500, 404, 400]) {
    it(`fails on a ${status} answer, naming it, and does not fall back to the mail program by itself`, async () => {
      vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status })));
      await expect(deliver(ENDPOINT, fields, mail)).resolves.toEqual({ outcome: 'failed', reason: status });
      expect(clicked).toEqual([]);
    });
  }

  it('fails when the network does not answer and the device cannot keep the message (no IndexedDB here)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(deliver(ENDPOINT, fields, mail)).resolves.toEqual({ outcome: 'failed', reason: 'network' });
    expect(clicked).toEqual([]);
  });

  it(`gives up after ${TIME_LIMIT_MS / 1000} s without an answer, and not before`, async () => {
    vi.useFakeTimers();
    // An endpoint that never answers: the request ends only when it is aborted.
    const fetch = vi.fn((_url: string, init: RequestInit) => new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))));
    vi.stubGlobal('fetch', fetch);
    let settled: unknown;
    void deliver(ENDPOINT, fields, mail).then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(TIME_LIMIT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual({ outcome: 'failed', reason: 'timeout' });
    expect(TIME_LIMIT_MS).toBe(15_000);
  });

  it('a request that answers in time leaves no timer behind', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 200 })));
    await expect(deliver(ENDPOINT, fields, mail)).resolves.toEqual({ outcome: 'sent' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
