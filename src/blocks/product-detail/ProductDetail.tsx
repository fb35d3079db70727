import { Badge, Container } from '@mantine/core';
import { IconBrandWhatsapp, IconChevronRight, IconFileText, IconListDetails, IconMail } from '@tabler/icons-react';
import site from 'virtual:site';
import { brandedName, type Crumb } from '../../../schemas/collections';
import { mailtoUrl, productQuoteMail, whatsappUrl } from '../../lib/mail';
import { packSlot } from '../../../schemas/slots';
import { AddToQuoteList } from '../../quote-list/AddToQuoteList';
import type { QuoteProduct } from '../../quote-list/store';
import { external, InternalLink } from '../../ui/actions';
import { CompareCheck } from '../../ui/CompareCheck';
import { ItemList } from '../../ui/ItemList';
import { Picture } from '../../ui/Picture';
import { PlainButton } from '../../ui/plain-mantine';
import { PrintFooter } from '../../ui/PrintFooter';
import { ProductPicture } from '../../ui/ProductPicture';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

/** The pages above this one, each a link, then this page's own name. */
export function Breadcrumb({ trail, inverted = false }: { trail: readonly Crumb[]; inverted?: boolean }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb" data-inverted={inverted || undefined}>
      <ol>
        {trail.map((c, i) => (
          <li key={c.url}>
            {i > 0 && <IconChevronRight size={14} aria-hidden className="breadcrumb-sep" />}
            {i < trail.length - 1 ? (
              <InternalLink to={c.url} className="mantine-focus-auto">
                {c.name}
              </InternalLink>
            ) : (
              <span aria-current="page">{c.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function ProductDetail({ block, product, brand, category, trail, table, lines, discontinued, replacement, standIn, packs }: BlockComponentProps<'product-detail'>) {
  const name = brandedName(product, brand);
  const here = trail[trail.length - 1]!.url;
  const quote = mailtoUrl(productQuoteMail(brand.email ?? site.mailboxes.contact, { ...product, category: category.name }, brand.name));
  const chat = whatsappUrl(site.whatsapp, `Hello, I would like a quote for the ${name}${product.model ? ` (${product.model})` : ''}: ${site.url}${here}`);
  // Plain elements styled by src/styles.css where Mantine would add nothing but cost: this block is drawn
  // once per product (10,000 pages in a large catalogue), and each Mantine component takes some 70 µs to
  // render. The badge stays Mantine's; the buttons are Mantine's drawn plain (PlainButton).
  return (
    <>
      <section id={block.id} className="hero">
        <Container size="xl" className="hero-inner">
          <Breadcrumb trail={trail} inverted />
          <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center', marginTop: 'var(--mantine-spacing-md)' }}>
            <div className="product-hero">
              {category.url ? (
                <Badge component={InternalLink} to={category.url} size="lg" variant="white" color="brand.8" tt="none" className="badge-link">
                  {category.name}
                </Badge>
              ) : (
                <Badge size="lg" variant="white" color="brand.8" tt="none">
                  {category.name}
                </Badge>
              )}
              <h1 className="title hero-title">{product.name}</h1>
              <p className="product-by">
                {brand.page ? (
                  <>
                    By{' '}
                    <InternalLink to={brand.page} className="mantine-focus-auto">
                      {brand.name}
                    </InternalLink>
                  </>
                ) : (
                  `By ${brand.name}`
                )}
                {product.model && ` · Model ${product.model}`}
                {product.packSize && ` · ${product.packSize}`}
              </p>
              <p className="product-lead">{product.description}</p>
              {discontinued && (
                <p className="product-discontinued" role="note">
                  <strong>Discontinued:</strong> no longer offered.{' '}
                  {replacement && (
                    <>
                      It is replaced by the{' '}
                      <InternalLink to={replacement.url} className="mantine-focus-auto">
                        {replacement.name}
                      </InternalLink>
                      .{' '}
                    </>
                  )}
                  {category.url && (
                    <InternalLink to={category.url} className="mantine-focus-auto">
                      See the other {category.name.toLowerCase()}
                    </InternalLink>
                  )}
                </p>
              )}
              {product.price && !discontinued && <p className="product-price">{product.price}</p>}
              <div className="product-actions">
                {!discontinued && (
                  <>
                    <PlainButton href={quote} size="md" variant="white" leftSection={<IconMail size={18} aria-hidden />}>
                      Request Quote
                    </PlainButton>
                    {packs.rows.length > 0 ? (
                      // A product sold in packs is asked for by a pack's code: the table below offers each.
                      <PlainButton href="#packs" size="md" variant="outline" color="white" leftSection={<IconListDetails size={18} aria-hidden />}>
                        Choose a pack
                      </PlainButton>
                    ) : (
                      <AddToQuoteList product={{ id: product.id, name: product.name, brand: brand.name, model: product.model, url: here }} size="md" inverted />
                    )}
                  </>
                )}
                <PlainButton href={chat} {...external} size="md" variant="outline" color="white" leftSection={<IconBrandWhatsapp size={18} aria-hidden />}>
                  Ask on WhatsApp
                </PlainButton>
                {product.datasheet && (
                  <PlainButton href={product.datasheet} {...external} size="md" variant="outline" color="white" leftSection={<IconFileText size={18} aria-hidden />}>
                    Datasheet
                  </PlainButton>
                )}
              </div>
              <CompareCheck id={product.id} name={product.name} label="Add to compare" />
            </div>
            <ProductPicture image={product.image} standIn={standIn} name={product.name} className="hero-image" />
          </ResponsiveGrid>
        </Container>
      </section>
      {packs.rows.length > 0 && <PackTable packs={packs} product={{ id: product.id, name: product.name, brand: brand.name, model: product.model, url: here }} discontinued={discontinued} />}
      {(product.specifications.length > 0 || product.applications.length > 0) && (
        <Section>
          <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing={48}>
            {(table.length > 0 || lines.length > 0) && (
              <div>
                <h2 className="title product-list-title">Specifications</h2>
                {table.length > 0 && <SpecTable rows={table} />}
                {lines.length > 0 && (
                  <ItemList>
                    {lines.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ItemList>
                )}
              </div>
            )}
            <Listed title="Applications" items={product.applications} />
          </ResponsiveGrid>
        </Section>
      )}
      <PrintFooter />
    </>
  );
}

/**
 * The packs buyers order (D22), a row each: its order code, what it is, the values that differ between
 * the packs, its price where one is published, and Add to quote list for that pack. On a phone each row
 * stands as a card of its own (src/styles.css .pack-table), each cell named by its column.
 */
function PackTable({ packs, product, discontinued }: { packs: BlockComponentProps<'product-detail'>['packs']; product: QuoteProduct; discontinued: boolean }) {
  const priced = packs.rows.some((r) => r.price);
  const pictured = packs.rows.some((r) => r.image);
  return (
    <Section id="packs" title="Packs and order codes">
      <table className="pack-table">
        <thead>
          <tr>
            {pictured && <td />}
            <th scope="col">Order code</th>
            <th scope="col">Pack</th>
            {packs.columns.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
            {priced && <th scope="col">Price</th>}
            {!discontinued && <td />}
          </tr>
        </thead>
        <tbody>
          {packs.rows.map((r) => (
            <tr key={r.code}>
              {pictured && <td className="pack-picture">{r.image && <Picture src={r.image.src} alt={r.image.alt} slot={packSlot} className="rounded-image" />}</td>}
              <th scope="row" data-label="Order code" className="pack-code">
                {r.code}
              </th>
              <td data-label="Pack">{r.label}</td>
              {r.values.map((v, i) => (
                <td key={packs.columns[i]} data-label={packs.columns[i]}>
                  {v || '–'}
                </td>
              ))}
              {priced && <td data-label="Price">{r.price ?? '–'}</td>}
              {!discontinued && (
                <td className="pack-action">
                  <AddToQuoteList product={{ ...product, code: r.code, pack: r.label }} size="xs" />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/** Specification values, a row each: the attribute, then its value with its unit. */
function SpecTable({ rows }: { rows: readonly { name: string; value: string }[] }) {
  return (
    <table className="spec-table">
      <tbody>
        {rows.map((r) => (
          <tr key={r.name}>
            <th scope="row">{r.name}</th>
            <td>{r.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A titled list of the product's, where it has any. */
function Listed({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h2 className="title product-list-title">{title}</h2>
      <ItemList>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ItemList>
    </div>
  );
}
