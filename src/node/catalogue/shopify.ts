// A Shopify product export (Products > Export, "CSV for Excel, Numbers or other spreadsheet programs"),
// recognised by its headers. One product is the rows of one Handle: the first carries the product
// (Title, Body (HTML), Vendor as its brand, Type as its category, else Product Category, both read as
// paths), every row with an option value or a Variant SKU is a variant, and the rows with an Image Src
// its pictures (the first by Image Position is the product's, with its Image Alt Text). A product of one
// variant ("Title: Default Title") has no packs: its Variant SKU is its model number and its Variant
// Price its price. A product of several has a pack per variant: its Variant SKU the order code, its
// option values the label ("500 mL"; an option that is one of the category's attributes also that
// value), its Variant Price and Variant Image the pack's own. Status "draft" or "archived" (or Published
// FALSE, in older exports): left out if the site does not have it, discontinued if it does.
import type { LeftOut, PackInput, ProductInput, Report } from './input.ts';
import { describedFields, headerIndex, optionLabel, priceText, type Row, rowCells } from './shop.ts';

export const isShopify = (headers: Set<string>) => headers.has('handle') && headers.has('title') && ['variant sku', 'option1 name', 'body (html)'].some((h) => headers.has(h));

const OPTIONS = [1, 2, 3];
const isDefault = (options: { name: string; value: string }[]) => options.length === 0 || (options.length === 1 && options[0]!.name.toLowerCase() === 'title' && options[0]!.value.toLowerCase() === 'default title');

export function shopifyInputs(head: Row, body: Row[], report: Report, currency: string): { inputs: ProductInput[]; rows: number; leftOut: LeftOut[] } {
  const columns = headerIndex(head);
  const groups = new Map<string, Row[]>();
  let rows = 0;
  for (const row of body) {
    if (row.cells.every((c) => c === undefined || c.value === null || String(c.value).trim() === '')) continue;
    rows++;
    const handle = rowCells(row, columns, report)('Handle')?.text ?? '';
    groups.set(handle.toLowerCase(), [...(groups.get(handle.toLowerCase()) ?? []), row]);
  }
  const inputs: ProductInput[] = [];
  for (const [handle, group] of groups) {
    const cells = group.map((row) => rowCells(row, columns, report));
    const first = cells.find((cell) => cell('Title')?.text) ?? cells[0]!;
    const key = first('Handle')!;
    if (!handle) {
      report(key.at, 'empty-cell', { header: key.at.header });
      continue;
    }
    const names = OPTIONS.map((n) => first(`Option${n} Name`)?.text ?? '');
    // The variants: rows with an option's value or a SKU.
    const variants = cells.filter((cell) => OPTIONS.some((n) => cell(`Option${n} Value`)?.text) || cell('Variant SKU')?.text);
    const optionsOf = (cell: (typeof cells)[number]) =>
      OPTIONS.flatMap((n, i) => {
        const value = cell(`Option${n} Value`);
        return names[i] && value?.text ? [{ name: names[i]!, value }] : [];
      });
    const single = variants.length <= 1 && isDefault((variants[0] ? optionsOf(variants[0]) : []).map((o) => ({ name: o.name, value: o.value.text })));
    // The pictures: by Image Position where given, else in their order.
    const pictures = cells
      .filter((cell) => cell('Image Src')?.text)
      .map((cell, i) => ({ cell, position: Number(cell('Image Position')?.text || i + 1) }))
      .sort((a, b) => a.position - b.position);
    const picture = pictures[0]?.cell;
    const status = first('Status') ?? first('Published');
    const hidden = status && !['active', 'true', ''].includes(status.text.toLowerCase());
    const type = first('Type');
    const category = type?.text ? type : (first('Product Category') ?? type);
    const packs: PackInput[] = single
      ? []
      : variants.flatMap((cell) => {
          const code = cell('Variant SKU')!;
          const options = optionsOf(cell);
          if (!code.text) {
            report(code.at, 'empty-cell', { header: code.at.header });
            return [];
          }
          const image = cell('Variant Image');
          return [{
            code,
            ...(optionLabel(options) ? { label: optionLabel(options)! } : {}),
            ...(cell('Variant Price') ? { price: priceText(cell('Variant Price'), currency)! } : {}),
            ...(image?.text && image.text !== picture?.('Image Src')?.text ? { image } : {}),
            values: [],
            options: options.map((o) => ({ name: o.name, value: o.value })),
          }];
        });
    const sku = single ? variants[0]?.('Variant SKU') : undefined;
    const input: ProductInput = {
      row: key.at.row,
      key,
      codes: variants.flatMap((cell) => cell('Variant SKU')?.text || []),
      fields: {
        ...(first('Title') ? { name: first('Title')! } : {}),
        ...describedFields(first('Body (HTML)')),
        ...(first('Vendor') ? { brand: first('Vendor')! } : {}),
        ...(category ? { category } : {}),
        ...(picture ? { image: picture('Image Src')!, ...(picture('Image Alt Text')?.text ? { 'image alt': picture('Image Alt Text')! } : {}) } : {}),
        ...(sku ? { model: sku } : {}),
        ...(single && variants[0]?.('Variant Price') ? { price: priceText(variants[0]('Variant Price'), currency)! } : {}),
        ...(status ? { status: { ...status, text: hidden ? 'discontinued' : 'active' } } : {}),
      },
      values: [],
      packs,
      ...(hidden ? { hidden: status } : {}),
    };
    inputs.push(input);
  }
  return { inputs, rows, leftOut: [] };
}
