// A shop's HTML description as the record's fields hold it (src/node/catalogue/html.ts).
import { describe as suite, expect, it } from 'vitest';
import { describe, textBlocks, within } from '../../src/node/catalogue/html';

suite('descriptions from HTML', () => {
  it('the first paragraph is the description; list items the specifications, or the applications where the line before says so', () => {
    const html = `<h2>Overview</h2><p>Reads free and total chlorine in drinking water &amp; pools,<br>to &plusmn;0.02&nbsp;mg/L.</p>
      <p>Supplied in a carry case.</p>
      <ul><li>Range: 0&ndash;5 mg/L</li><li><strong>Display:</strong> backlit LCD</li></ul>
      <p>Suitable for:</p><ol><li>Municipal water works;</li><li>Swimming pools</li></ol>
      <table><tr><th>Power</th><td>3 &times; AA</td></tr><tr><td>Weight</td><td>320 g</td></tr></table>
      <script>alert(1)</script><!-- <li>hidden</li> -->`;
    expect(describe(html)).toEqual({
      description: 'Reads free and total chlorine in drinking water & pools, to ±0.02 mg/L.',
      specifications: ['Range: 0–5 mg/L', 'Display: backlit LCD', 'Power: 3 × AA', 'Weight: 320 g'],
      applications: ['Municipal water works', 'Swimming pools'],
    });
  });

  it('a short description, where there is one, is the description; plain text is read by its blank lines and bullets', () => {
    const text = 'Borosilicate beaker with a spout.\n\nApplications:\n- Heating solutions\n- Titrations\n\nGraduated in white enamel.';
    expect(describe(text, '<p>Low-form beaker of borosilicate glass 3.3.</p>')).toEqual({
      description: 'Low-form beaker of borosilicate glass 3.3.',
      specifications: [],
      applications: ['Heating solutions', 'Titrations'],
    });
  });

  it('nested lists keep their items; an unknown entity stays as written', () => {
    expect(textBlocks('<ul><li>Outer<ul><li>Inner</li></ul></li><li>After &foo; &#956;m</li></ul>').map((b) => [b.kind, b.text])).toEqual([
      ['item', 'Outer'],
      ['item', 'Inner'],
      ['item', 'After &foo; μm'],
    ]);
  });

  it('a description past its length is cut at its last whole sentence, else at a word', () => {
    const long = `${'A sentence of some length. '.repeat(30)}`.trim();
    const cut = within(long, 600);
    expect(cut.length).toBeLessThanOrEqual(600);
    expect(cut.endsWith('length.')).toBe(true);
    expect(within('word '.repeat(200).trim(), 50)).toMatch(/^(word ){9}word…$/);
  });
});
