import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  catalogueMail,
  contactMail,
  type Mail,
  mailtoUrl,
  newsletterMail,
  parseMailto,
  productQuoteMail,
  quoteMail,
  telUrl,
  whatsappUrl,
} from '../../src/lib/mail';

const TO = 'info@acacia-scientific.example';

describe('the mails of section 7', () => {
  it('Request Quote: subject from the name, body lists every field', () => {
    const m = quoteMail(TO, { name: 'Amina Odhiambo', email: 'amina@lab.example', phone: '+254 711 000 000', company: 'KEMRI', details: '2 photometers\nDelivery to Kisumu' });
    expect(m).toEqual({
      to: TO,
      subject: 'Quote Request from Amina Odhiambo',
      body: 'Name: Amina Odhiambo\nEmail: amina@lab.example\nPhone: +254 711 000 000\nCompany: KEMRI\nDetails: 2 photometers\nDelivery to Kisumu',
    });
  });

  it("says 'Website Visitor' when the name is empty or blank", () => {
    expect(quoteMail(TO, { name: '', email: 'a@b.example', phone: '', company: '', details: '' }).subject).toBe('Quote Request from Website Visitor');
    expect(catalogueMail(TO, { name: '   ', email: 'a@b.example', interest: '', notes: '' }).subject).toBe('Product Catalogue Request from Website Visitor');
    expect(contactMail(TO, { name: '', email: 'a@b.example', phone: '', company: '', message: 'hi' }).subject).toBe('Website enquiry from Website Visitor');
  });

  it('Product Catalogue Request: subject and the four body lines', () => {
    const m = catalogueMail('catalogue@acacia-scientific.example', { name: 'Joseph', email: 'j@school.example', interest: 'Laboratory chemicals', notes: 'Secondary school' });
    expect(m.subject).toBe('Product Catalogue Request from Joseph');
    expect(m.body.split('\n')).toEqual(['Name: Joseph', 'Email: j@school.example', 'Interest: Laboratory chemicals', 'Notes: Secondary school']);
  });

  it("contact form (D6): 'Website enquiry from {name}' with every field", () => {
    const m = contactMail(TO, { name: 'Wanjiru', email: 'w@farm.example', phone: '0711', company: 'Farm', message: 'Soil kits?' });
    expect(m.subject).toBe('Website enquiry from Wanjiru');
    expect(m.body).toBe('Name: Wanjiru\nEmail: w@farm.example\nPhone: 0711\nCompany/Institution: Farm\n\nSoil kits?');
  });

  it("product quote: 'Quote Request: {product} - {supplier}', the product's facts, ending 'Best regards,'", () => {
    const m = productQuoteMail('sales@palintest.example', { name: 'Photometer 7500', description: 'A photometer.', category: 'Photometers' }, 'Palintest');
    expect(m.to).toBe('sales@palintest.example');
    expect(m.subject).toBe('Quote Request: Photometer 7500 - Palintest');
    const lines = m.body.split('\n');
    expect(lines).toContain('Product: Photometer 7500');
    expect(lines).toContain('Description: A photometer.');
    expect(lines).toContain('Category: Photometers');
    expect(m.body).toMatch(/pricing, availability and delivery/);
    expect(lines.at(-1)).toBe('Best regards,');
  });

  it('newsletter (D8)', () => {
    expect(newsletterMail(TO, 'x@y.example')).toEqual({ to: TO, subject: 'Newsletter subscription', body: 'Please add x@y.example to the newsletter.' });
  });

  it('encodes line breaks as %0D%0A and nothing raw that a mail program would split on', () => {
    const url = mailtoUrl({ to: TO, subject: 'A & B? #1 = 100% + more', body: 'one\ntwo' });
    expect(url).toBe(`mailto:${TO}?subject=A%20%26%20B%3F%20%231%20%3D%20100%25%20%2B%20more&body=one%0D%0Atwo`);
  });

  it('leaves the body out when there is none', () => {
    expect(mailtoUrl({ to: TO, subject: 'Hi', body: '' })).toBe(`mailto:${TO}?subject=Hi`);
  });
});

describe('tel: and wa.me links', () => {
  it('keeps only digits and the leading +', () => {
    expect(telUrl('+254 700 000 101')).toBe('tel:+254700000101');
  });
  it('opens a WhatsApp chat with an optional message', () => {
    expect(whatsappUrl('254700000101')).toBe('https://wa.me/254700000101');
    expect(whatsappUrl('254700000101', 'Hello & welcome')).toBe('https://wa.me/254700000101?text=Hello%20%26%20welcome');
  });
});

// Any text a visitor can type: the characters that mean something in a URL or a mail header,
// every kind of line break, emoji and non-Latin scripts, and arbitrary Unicode.
const nasty = fc.constantFrom('"', "'", '&', '#', '?', '=', '%', '+', '%20', '%0A', ' ', '\n', '\r', '\r\n', '\t', '😀', '👩🏽‍🔬', 'Ω', 'ñ', 'ß', 'Ünïcödé', 'Kiswahili', 'Привет', 'مرحبا', '中文', 'हिन्दी', 'mailto:', '?body=x&subject=y');
const anyText = fc.oneof(
  fc.string({ unit: nasty, maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.oneof(nasty, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 20 }),
);

/** What the round trip promises: line breaks come back as \n, everything else exactly. */
const lines = (s: string) => s.replace(/\r\n?/g, '\n');
const roundTrip = (m: Mail) => parseMailto(mailtoUrl(m));

describe('every mail survives the round trip through the mailto URL (property)', () => {
  const builders: [string, fc.Arbitrary<Mail>][] = [
    ['quote', fc.record({ name: anyText, email: anyText, phone: anyText, company: anyText, details: anyText }).map((f) => quoteMail(TO, f))],
    ['catalogue', fc.record({ name: anyText, email: anyText, interest: anyText, notes: anyText }).map((f) => catalogueMail(TO, f))],
    ['contact', fc.record({ name: anyText, email: anyText, phone: anyText, company: anyText, message: anyText }).map((f) => contactMail(TO, f))],
    ['newsletter', anyText.map((e) => newsletterMail(TO, e))],
    ['product quote', fc.record({ name: anyText, description: anyText, category: anyText, supplier: anyText }).map((p) => productQuoteMail(TO, p, p.supplier))],
    ['raw', fc.record({ to: fc.constant(TO), subject: anyText, body: anyText })],
  ];
  for (const [name, mails] of builders) {
    it(name, () => {
      fc.assert(
        fc.property(mails, (m) => {
          const url = mailtoUrl(m);
          // One subject and at most one body parameter: input can never smuggle in another.
          expect(url.match(/[?&](subject|body)=/g)?.length).toBe(m.body ? 2 : 1);
          expect(url).not.toMatch(/[\s#"<>]/);
          expect(parseMailto(url)).toEqual({ to: m.to, subject: m.subject, body: lines(m.body) });
        }),
        { numRuns: 300 },
      );
    });
  }

  it('every field typed into the quote dialog comes back intact', () => {
    fc.assert(
      fc.property(fc.record({ name: anyText, email: anyText, phone: anyText, company: anyText, details: anyText }), (f) => {
        const back = roundTrip(quoteMail(TO, f)).body;
        for (const v of Object.values(f)) expect(back).toContain(lines(v));
      }),
    );
  });

  it('a lone surrogate (half an emoji) becomes U+FFFD instead of breaking the URL', () => {
    expect(roundTrip({ to: TO, subject: 'a\uD83Db', body: 'c\uDE00d' })).toEqual({ to: TO, subject: 'a\uFFFDb', body: 'c\uFFFDd' });
    expect(roundTrip({ to: TO, subject: '😀', body: '😀' })).toEqual({ to: TO, subject: '😀', body: '😀' });
  });

  it('a lone \\r and a \\r\\n both come back as one line break', () => {
    expect(roundTrip({ to: TO, subject: 's', body: 'a\rb\r\nc\nd\r\re' }).body).toBe('a\nb\nc\nd\n\ne');
  });
});
