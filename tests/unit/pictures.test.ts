// Pictures as the content names them (D15): an author gives a src and alt text; the size comes from
// the file and `sizes` from the slot each block definition puts the picture in (schemas/slots.ts).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageDocument } from '../../schemas/page';
import { gridSlot } from '../../schemas/slots';
import { loadContent, resolvePage, walkReferences } from '../../src/node/content/load';

const { content } = await loadContent(resolve(__dirname, '../..'));
if (!content) throw new Error('content is invalid (npm run validate)');

describe('slots', () => {
  it('a grid cell is as wide as ResponsiveGrid draws it, at each breakpoint', () => {
    // 1 column on phones, 2 from sm (48em), 3 from lg (75em), 20 px gaps, in the 1320 px container.
    const slot = gridSlot({ base: 1, sm: 2, lg: 3 }, 20);
    expect(slot.sizes).toBe(
      '(min-width: 1320px) 416px, (min-width: 75em) calc((100vw - 72px) / 3), (min-width: 48em) calc((100vw - 52px) / 2), calc(100vw - 32px)',
    );
    // Widest just below sm: a single column 767 px screen draws it 735 px wide.
    expect(slot.width).toBe(735);
  });
});

describe('the pictures a page shows', () => {
  it('every picture under public/ that a page document names is listed with the size read from its file', () => {
    // Every page once: a template's document is drawn by the pages made from it.
    for (const page of new Set(content.routes.values())) {
      const resolved = resolvePage(content, page);
      walkReferences(pageDocument, page.doc, [], (kind, src, path) => {
        if (kind !== 'picture' || !src.startsWith('/') || path[0] === 'meta') return;
        const known = resolved.pictures[src];
        expect(known, `${page.file} ${path.join('.')} ${src}`).toBeDefined();
        expect(known).toMatchObject({ width: content.pictures.get(src)!.width, height: content.pictures.get(src)!.height });
      });
    }
  });

  it('the hero picture of /services/water-testing has its file\'s size and the slot beside the heading', () => {
    const page = resolvePage(content, content.routes.get('/services/water-testing')!);
    // The opening block's first picture: the page's priority.
    expect(page.pictures['/images/services/water-testing.svg']).toEqual({ width: 800, height: 600, sizes: expect.stringMatching(/^\(min-width: 1320px\) 620px, /), priority: true });
  });

  it('records\' pictures shown by a block are listed too: supplier logos and product pictures', () => {
    const page = resolvePage(content, content.routes.get('/services/water-testing')!);
    for (const supplier of content.suppliers.values()) {
      expect(page.pictures[supplier.logo!]).toBeDefined();
      for (const product of content.products.values()) if (product.brand === supplier.id) expect(page.pictures[product.image!.src]).toBeDefined();
    }
    const productPage = resolvePage(content, content.routes.get('/products/photometer-7500')!);
    expect(productPage.pictures['/images/products/photometer.svg']?.sizes).toMatch(/^\(min-width: 1320px\) 620px, /);
  });
});
