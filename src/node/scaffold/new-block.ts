// npm run new-block -- gallery-strip: a new block type, wired up. Writes its definition
// (schemas/blocks/gallery-strip.ts: schema and every choice the build makes about it), its component
// (src/blocks/gallery-strip/GalleryStrip.tsx), the lines that list them (schemas/blocks/index.ts,
// src/blocks/registry.tsx), and regenerates the JSON Schema, so typecheck and validate pass at once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (name: string) => camel(name).replace(/^./, (c) => c.toUpperCase());
const words = (name: string) => name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
/** "a gallery strip section", "an accreditation badges section" */
const aSection = (name: string) => `${/^[aeiou]/.test(name) ? 'An' : 'A'} ${words(name).toLowerCase()} section.`;

/** Inserts a line before the `};` that closes the object literal opened by `opening`. */
function insertIntoObject(text: string, opening: string, line: string, file: string): string {
  const start = text.indexOf(opening);
  const end = start < 0 ? -1 : text.indexOf('\n};', start);
  if (end < 0) throw new Error(`${file}: cannot find "${opening} ... };" to add the block to`);
  return `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}

export function newBlock(root: string, name: string): string[] {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) throw new Error(`${name}: a block type is lowercase words joined by hyphens, e.g. gallery-strip`);
  const definition = `schemas/blocks/${name}.ts`;
  const component = `src/blocks/${name}/${pascal(name)}.tsx`;
  const index = 'schemas/blocks/index.ts';
  const registry = 'src/blocks/registry.tsx';
  const at = (rel: string) => join(root, rel);
  if (existsSync(at(definition)) || existsSync(at(`src/blocks/${name}`))) throw new Error(`block type ${name} exists already (${definition})`);
  const indexText = readFileSync(at(index), 'utf8');
  const registryText = readFileSync(at(registry), 'utf8');
  // The same names the index would hold: refuse one taken by another block's definition.
  if (new RegExp(`\\b${camel(name)}\\b`).test(indexText)) throw new Error(`${index} uses the name ${camel(name)} already`);

  writeFileSync(at(definition), `import { z } from 'zod';
import { sectionFields } from './common.ts';
import { defineBlock, noOffers, noPictures, noRecords, ownAnchor, section } from './define.ts';

// The ${name} block: its schema, and what the build does with it (see define.ts for each choice).
export const ${camel(name)} = defineBlock({
  schema: z
    .strictObject({
      type: z.literal('${name}'),
      ...sectionFields,
      // The block's own fields, with .meta({ description }) on each an author fills in, e.g.
      // items: z.array(text('One item.')).min(1).meta({ description: 'The items, in order.' }),
    })
    .meta({ title: '${words(name)}', description: '${aSection(name)}' }),
  place: 'body',
  resolve: noRecords,
  anchors: ownAnchor,
  search: (b) => section(b),
  offers: noOffers,
  // A block that shows pictures lists each with its slot (schemas/slots.ts), e.g.
  // pictures: (b) => b.items.map((i) => ({ src: i.image.src, slot: gridSlot({ base: 1, sm: 2 }, 20) })),
  pictures: noPictures,
});
`);
  mkdirSync(at(`src/blocks/${name}`), { recursive: true });
  writeFileSync(at(component), `import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

// Links and buttons: a field made of the action primitives (schemas/action.ts: button, link) is drawn
// with ActionButton or ActionAnchor, and a bare page path with InternalLink (src/ui/actions.tsx), so an
// internal link moves inside the app without reloading the page; a picture with src/ui/Picture.tsx.
export function ${pascal(name)}({ block }: BlockComponentProps<'${name}'>) {
  return <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>{null}</Section>;
}
`);
  const lastImport = indexText.lastIndexOf("\nimport ");
  const afterImports = indexText.indexOf('\n', lastImport + 1);
  let nextIndex = `${indexText.slice(0, afterImports)}\nimport { ${camel(name)} } from './${name}.ts';${indexText.slice(afterImports)}`;
  nextIndex = insertIntoObject(nextIndex, 'export const blockDefinitions = {', `  '${name}': ${camel(name)},`, index);
  writeFileSync(at(index), nextIndex);
  writeFileSync(at(registry), insertIntoObject(registryText, 'export const registry: BlockRegistry = {', `  '${name}': component(() => import('./${name}/${pascal(name)}'), (m) => m.${pascal(name)}),`, registry));
  execFileSync(process.execPath, [...process.execArgv, at('src/node/content/write-schemas.ts')], { cwd: root, stdio: 'ignore' });
  return [definition, component, index, registry];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const name = process.argv[2];
  if (!name) {
    console.error('usage: npm run new-block -- gallery-strip');
    process.exit(2);
  }
  try {
    const files = newBlock(process.cwd(), name);
    console.log(`block type ${name}: wrote ${files[0]} and ${files[1]}, listed it in ${files[2]} and ${files[3]}, regenerated schemas/*.schema.json.
Now fill in: its fields in ${files[0]} (then npm run schemas), what it shows in ${files[1]} (links and
buttons with src/ui/actions.tsx, pictures with src/ui/Picture.tsx), and its choices (search, offers,
anchors, records) where the defaults do not fit. npm run typecheck checks the wiring.`);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
