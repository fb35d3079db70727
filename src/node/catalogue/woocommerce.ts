// A WooCommerce product export (Products > Export, its CSV as WooCommerce writes it), recognised by its
// headers. A simple product is a product, its SKU the model number buyers quote; a variable product is a
// product whose variations (Type "variation", naming it in Parent by its SKU or as id:<ID>) are its packs,
// each variation's SKU its order code and its attributes' values its label ("500 mL"; an attribute
// that is one of the category's also that value). Categories are paths ("Water Testing > Photometers"),
// the first of them the product's; the first of Images its picture; Brands (or an attribute "Brand") its
// brand; Regular price its price. A product the shop does not publish (Published other than 1) is left
// out if the site does not have it, and discontinued if it does; a grouped product is left out (its
// products are rows of their own).
import type { Given, LeftOut, PackInput, ProductInput, Report, ValueGiven } from './input.ts';
import { describedFields, headerIndex, listed, optionLabel, priceText, type Row, rowCells } from './shop.ts';

const NEEDED = ['type', 'sku', 'name'];
const ANY_OF = ['parent', 'regular price', 'published', 'attribute 1 name', 'visibility in catalog'];

export const isWooCommerce = (headers: Set<string>) => NEEDED.every((h) => headers.has(h)) && ANY_OF.some((h) => headers.has(h));

/** WooCommerce writes a description's line breaks as "\n" (and a "\n" of its text as "\\n"). */
const unescapeLines = (g: Given | undefined): Given | undefined => g && { ...g, text: g.text.replace(/\\\\n|\\n/g, (m) => (m.length === 3 ? '\\n' : '\n')) };

export function wooCommerceInputs(head: Row, body: Row[], report: Report, currency: string): { inputs: ProductInput[]; rows: number; leftOut: LeftOut[] } {
  const columns = headerIndex(head);
  const attributeNumbers = [...columns.keys()].flatMap((h) => /^attribute (\d+) name$/.exec(h)?.[1] ?? []);
  const inputs: ProductInput[] = [];
  const leftOut: LeftOut[] = [];
  const products = new Map<string, ProductInput>();
  const variations: { row: Row; parent: Given }[] = [];
  let rows = 0;
  for (const row of body) {
    if (row.cells.every((c) => c === undefined || c.value === null || String(c.value).trim() === '')) continue;
    rows++;
    const cell = rowCells(row, columns, report);
    const type = (cell('Type')?.text ?? '').toLowerCase().split(/\s*,\s*/);
    const name = cell('Name');
    if (type.includes('variation')) {
      const parent = cell('Parent');
      if (parent?.text) variations.push({ row, parent });
      else if (parent) report(parent.at, 'empty-cell', { header: parent.at.header });
      continue;
    }
    if (type.includes('grouped')) {
      leftOut.push({ row: row.row, name: name?.text ?? '', reason: 'a grouped product: its products come in on rows of their own' });
      continue;
    }
    if (!name) continue;
    const attributes = attributesOf(cell, attributeNumbers);
    const brand = listed(cell('Brands')?.text ?? '')[0] ?? attributes.find((a) => a.name.toLowerCase() === 'brand')?.value.text;
    const brandAt = cell('Brands')?.text ? cell('Brands')! : attributes.find((a) => a.name.toLowerCase() === 'brand')?.value;
    const sku = cell('SKU');
    const published = cell('Published');
    const category = cell('Categories');
    const images = cell('Images');
    const input: ProductInput = {
      row: row.row,
      key: name,
      codes: sku?.text ? [sku.text] : [],
      fields: {
        name,
        ...describedFields(unescapeLines(cell('Description')), unescapeLines(cell('Short description'))),
        ...(category ? { category: { ...category, text: listed(category.text)[0] ?? '' } } : {}),
        ...(brand !== undefined && brandAt ? { brand: { ...brandAt, text: brand } } : {}),
        ...(images ? { image: { ...images, text: listed(images.text)[0] ?? '' } } : {}),
        ...(sku ? { model: sku } : {}),
        ...(!type.includes('variable') && cell('Regular price') ? { price: priceText(cell('Regular price'), currency)! } : {}),
        ...(published ? { status: { ...published, text: published.text === '1' || published.text === '' ? 'active' : 'discontinued' } } : {}),
      },
      values: [],
      attributes: attributes.filter((a) => a.name.toLowerCase() !== 'brand'),
      packs: [],
      ...(published && published.text !== '1' && published.text !== '' ? { hidden: published } : {}),
    };
    inputs.push(input);
    const id = cell('ID')?.text;
    if (id) products.set(`id:${id}`, input);
    if (sku?.text) products.set(sku.text.toLowerCase(), input);
  }

  // The variations: each a pack of its product; the attributes they vary by are options, not the product's own.
  for (const { row, parent } of variations) {
    const product = products.get(parent.text.toLowerCase().replace(/^id:\s*/, 'id:'));
    if (!product) {
      report(parent.at, 'unknown-parent', { parent: parent.text });
      continue;
    }
    const cell = rowCells(row, columns, report);
    const published = cell('Published');
    if (published && published.text !== '1' && published.text !== '') {
      leftOut.push({ row: row.row, name: cell('Name')?.text ?? '', reason: `a variation the shop does not sell (${published.at.header}: ${published.text})` });
      continue;
    }
    const options = attributesOf(cell, attributeNumbers).filter((a) => a.value.text);
    product.attributes = product.attributes?.filter((a) => !options.some((o) => o.name.toLowerCase() === a.name.toLowerCase()));
    const code = cell('SKU')!;
    const name = cell('Name');
    // Its label from its attributes' values, else from its name ("Griffin Beaker - 250 mL").
    const label = optionLabel(options) ?? (name && { ...name, text: name.text.replace(/^.*\s[-–]\s/, '') });
    const image = cell('Images');
    const first = listed(image?.text ?? '')[0];
    const pack: PackInput = {
      code,
      ...(label ? { label } : {}),
      ...(cell('Regular price') ? { price: priceText(cell('Regular price'), currency)! } : {}),
      // A variation's picture where it has one of its own.
      ...(image && first && first !== product.fields.image?.text ? { image: { ...image, text: first } } : {}),
      values: [],
      options,
    };
    if (code.text === '') report(code.at, 'empty-cell', { header: code.at.header });
    else product.packs!.push(pack);
  }
  return { inputs, rows, leftOut };
}

/** A row's attributes: "Attribute N name" and "Attribute N value(s)", each value at its cell. */
function attributesOf(cell: (header: string) => Given | undefined, numbers: string[]): ValueGiven[] {
  return numbers.flatMap((n) => {
    const name = cell(`Attribute ${n} name`)?.text;
    const value = cell(`Attribute ${n} value(s)`);
    return name && value ? [{ name, value: { ...value, text: listed(value.text).join(', ') } }] : [];
  });
}
