import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliver } from '../../src/lib/deliver';
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
afterEach(() => vi.unstubAllGlobals());

describe('deliver (D6)', () => {
  it('without an endpoint opens the mail program with the composed message and succeeds', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(deliver(null, fields, mail)).resolves.toEqual({ ok: true, via: 'mail' });
    expect(fetch).not.toHaveBeenCalled();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toMatch(/^mailto:info@acacia-scientific\.example\?subject=Website%20enquiry%20from%20Amina&body=/);
  });

  it('POSTs the fields as JSON and succeeds on a 2xx answer', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await expect(deliver(ENDPOINT, fields, mail)).resolves.toEqual({ ok: true, via: 'endpoint' });
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(ENDPOINT);
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ ...fields, subject: 'Website enquiry from Amina' });
    expect(clicked).toEqual([]);
  });

  it('fails on a server error and does not fall back silently', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 500 })));
    await expect(deliver(ENDPOINT, fields, mail)).resolves.toEqual({ ok: false, error: 'The server answered 500.' });
    expect(clicked).toEqual([]);
  });

  it('fails on a 404 answer too', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 404 })));
    await expect(deliver(ENDPOINT, fields, mail)).resolves.toMatchObject({ ok: false });
  });

  it('fails when the network does not answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(deliver(ENDPOINT, fields, mail)).resolves.toEqual({ ok: false, error: 'The network did not answer.' });
    expect(clicked).toEqual([]);
  });
});
