import { Badge, Button, Container } from '@mantine/core';
import { IconBrandWhatsapp, IconChevronRight, IconFileText, IconMail } from '@tabler/icons-react';
import site from 'virtual:site';
import { brandedName, type Crumb } from '../../../schemas/collections';
import { mailtoUrl, productQuoteMail, whatsappUrl } from '../../lib/mail';
import { AddToQuoteList } from '../../quote-list/AddToQuoteList';
import { external, InternalLink } from '../../ui/actions';
import { CompareCheck } from '../../ui/CompareCheck';
import { ItemList } from '../../ui/ItemList';
import { Picture } from '../../ui/Picture';
import { PrintFooter } from '../../ui/PrintFooter';
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

export function ProductDetail({ block, product, brand, category, trail, table, lines, discontinued, replacement }: BlockComponentProps<'product-detail'>) {
  const name = brandedName(product, brand);
  const here = trail[trail.length - 1]!.url;
  const quote = mailtoUrl(productQuoteMail(brand.email ?? site.mailboxes.contact, { ...product, category: category.name }, brand.name));
  const chat = whatsappUrl(site.whatsapp, `Hello, I would like a quote for the ${name}${product.model ? ` (${product.model})` : ''}: ${site.url}${here}`);
  // Plain elements styled by src/styles.css where Mantine would add nothing but cost: this block is drawn
  // once per product (10,000 pages in a large catalogue), and each Mantine component takes some 70 µs to
  // render. The badge and buttons stay Mantine's.
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
                    <Button component="a" href={quote} size="md" variant="white" leftSection={<IconMail size={18} aria-hidden />}>
                      Request Quote
                    </Button>
                    <AddToQuoteList product={{ id: product.id, name: product.name, brand: brand.name, model: product.model, url: here }} size="md" inverted />
                  </>
                )}
                <Button component="a" href={chat} {...external} size="md" variant="outline" color="white" leftSection={<IconBrandWhatsapp size={18} aria-hidden />}>
                  Ask on WhatsApp
                </Button>
                {product.datasheet && (
                  <Button component="a" href={product.datasheet} {...external} size="md" variant="outline" color="white" leftSection={<IconFileText size={18} aria-hidden />}>
                    Datasheet
                  </Button>
                )}
              </div>
              <CompareCheck id={product.id} name={product.name} label="Add to compare" />
            </div>
            <Picture src={product.image.src} alt={product.image.alt} className="hero-image" />
          </ResponsiveGrid>
        </Container>
      </section>
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
