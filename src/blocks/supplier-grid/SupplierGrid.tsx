import { Anchor, Badge, Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconFileText, IconMail, IconWorld } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { BlockOf } from '../../../schemas/blocks';
import type { ShownSupplier } from '../../../schemas/blocks/supplier-grid';
import { dialogSlot } from '../../../schemas/slots';
import { openDialog } from '../../dialogs';
import { plainClick } from '../../lib/browser';
import { mailtoUrl, productQuoteMail } from '../../lib/mail';
import { AddToQuoteList } from '../../quote-list/AddToQuoteList';
import { external, InternalLink } from '../../ui/actions';
import { useButtonLink } from '../../ui/button-link';
import { Picture, PicturesProvider, usePictures } from '../../ui/Picture';
import { ProductPicture } from '../../ui/ProductPicture';
import { ItemList } from '../../ui/ItemList';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

type SupplierGridBlock = BlockOf<'supplier-grid'>;
type ShownProduct = ShownSupplier['products'][number];

/** Shows at most `max` items and a '+N more' note for the rest (section 9 limits). */
function Capped({ items, max, more }: { items: string[]; max: number; more: (n: number) => string }) {
  return (
    <Group gap={6}>
      {items.slice(0, max).map((s) => (
        <Badge key={s} variant="light" tt="none" fw={500}>
          {s}
        </Badge>
      ))}
      {items.length > max && (
        <Text size="xs" c="dimmed" fw={600}>
          {more(items.length - max)}
        </Text>
      )}
    </Group>
  );
}

export function SupplierGrid({ block, suppliers }: BlockComponentProps<'supplier-grid'>) {
  const [selected, setSelected] = useState<string | null>(null);
  // Focus follows the swap: into the product view when it opens, back to its button when it closes.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const showsProducts = useButtonLink();
  useEffect(() => {
    if (selected === null && returnTo) grid.current?.querySelector<HTMLElement>(`[data-supplier="${returnTo}"]`)?.focus();
  }, [selected, returnTo]);
  return (
    <Section id={block.id} title={block.title} intro={block.intro} background={block.background}>
      {selected === null ? (
        <ResponsiveGrid ref={grid} cols={{ base: 1, md: 2 }} spacing="lg">
          {suppliers.map((s) => (
            <Card key={s.id} withBorder radius="md" padding="lg">
              {/* What a supplier lacks is not shown (specification section 5); validate asks a grid's supplier for its logo and description. */}
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                {s.logo && <Picture src={s.logo} alt={`${s.name} logo`} className="brand-logo" />}
                {s.established !== undefined && (
                  <Text size="sm" c="dimmed">
                    Since {s.established}
                  </Text>
                )}
              </Group>
              <Title order={3} fz="h4" mt="md">
                {s.name}
              </Title>
              {s.description && (
                <Text c="dimmed" lineClamp={2} mt={4}>
                  {s.description}
                </Text>
              )}
              <Stack gap={6} mt="sm">
                {s.specialties && <Capped items={s.specialties} max={3} more={(n) => `+${n} more`} />}
                {s.certification.length > 0 && <Capped items={s.certification} max={2} more={(n) => `+${n} more`} />}
              </Stack>
              {/* A link to the brand's listing until the app runs (D19); then it swaps the grid for the products. */}
              <Button
                mt="md"
                component="a"
                href={s.listing}
                onClick={(e) => {
                  if (!plainClick(e)) return;
                  e.preventDefault();
                  setSelected(s.id);
                }}
                data-supplier={s.id}
                aria-label={`View products (${s.productCount}) from ${s.name}`}
                {...showsProducts}
              >
                View products ({s.productCount})
              </Button>
            </Card>
          ))}
        </ResponsiveGrid>
      ) : (
        <ProductView
          supplier={suppliers.find((s) => s.id === selected)}
          onClose={() => {
            setReturnTo(selected);
            setSelected(null);
          }}
        />
      )}
    </Section>
  );
}

export function ProductView({ supplier, onClose }: { supplier: ShownSupplier | undefined; onClose?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [supplier?.id]);
  if (!supplier) return null;
  const n = supplier.productCount;
  return (
    <Stack gap="lg" className="product-view">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          {supplier.logo && <Picture src={supplier.logo} alt={`${supplier.name} logo`} className="brand-logo" />}
          <div>
            <Title order={3} ref={heading} tabIndex={-1} className="product-view-title">
              {supplier.name}
            </Title>
            <Text c="dimmed" size="sm">
              {n} {n === 1 ? 'product' : 'products'} available
            </Text>
          </div>
        </Group>
        {onClose && <CloseButton size="lg" onClick={onClose} aria-label="Close products and show all suppliers" />}
      </Group>
      <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {supplier.products.map((p) => (
          <ProductCard key={p.id} product={p} supplier={supplier} />
        ))}
      </ResponsiveGrid>
      {supplier.allProducts && (
        <Group justify="center">
          <Anchor component={InternalLink} to={supplier.allProducts} fw={600}>
            <Group gap={6} component="span">
              All {n} {supplier.name} products
              <IconArrowRight size={16} aria-hidden />
            </Group>
          </Anchor>
        </Group>
      )}
      <Card withBorder radius="md" padding="lg" bg="var(--mantine-color-brand-0)">
        <Title order={4}>Talk to us about {supplier.name}</Title>
        <ItemList size="sm" gap={2} className="spaced-top">
          <li>Custom configurations</li>
          <li>Bulk pricing</li>
          <li>Technical support and training</li>
          <li>Demonstrations</li>
        </ItemList>
        <Group gap="sm" mt="md">
          {supplier.contactInfo?.email && (
            <Button component="a" href={`mailto:${supplier.contactInfo.email}`} leftSection={<IconMail size={18} aria-hidden />}>
              Email {supplier.name} enquiries
            </Button>
          )}
          {supplier.websiteUrl && (
            <Button component="a" href={supplier.websiteUrl} {...external} variant="outline" leftSection={<IconWorld size={18} aria-hidden />}>
              Visit Website
            </Button>
          )}
        </Group>
      </Card>
    </Stack>
  );
}

/** A product's quote request to its supplier, a mailto link (specification section 7). */
function quoteUrl(product: ShownProduct, supplier: ShownSupplier) {
  return supplier.contactInfo?.email ? mailtoUrl(productQuoteMail(supplier.contactInfo.email, { ...product, category: product.categoryName }, supplier.name)) : undefined;
}

function ProductCard({ product, supplier }: { product: ShownProduct; supplier: ShownSupplier }) {
  const specs = product.specifications;
  const apps = product.applications;
  const quote = quoteUrl(product, supplier);
  // The dialog renders outside the page's tree: it gets the page's pictures from here.
  const pictures = usePictures();
  const opener = useButtonLink('dialog');
  return (
    <Card withBorder radius="md" padding="lg">
      <Card.Section>
        <ProductPicture image={product.image} standIn={product.standIn} name={product.name} className="card-image" />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Badge variant="light" w="fit-content">
          {product.categoryName}
        </Badge>
        <Title order={4}>
          <Anchor component={InternalLink} to={product.url} inherit className="card-title-link">
            {product.name}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {product.description}
        </Text>
        {specs.length > 0 && (
          <div>
            <Text fw={600} size="sm">
              Key Features
            </Text>
            <ItemList size="sm" gap={2}>
              {specs.slice(0, 3).map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ItemList>
            {specs.length > 3 && (
              <Text size="xs" c="dimmed" mt={2}>
                +{specs.length - 3} more features
              </Text>
            )}
          </div>
        )}
        {apps.length > 0 && <Capped items={apps} max={3} more={(n) => `+${n}`} />}
        {product.price && (
          <Text fw={700} c="brand.7">
            {product.price}
          </Text>
        )}
      </Stack>
      <Group gap="xs" mt="md">
        {/* The product's page until the app runs (D19); then its Details dialog. */}
        <Button
          size="xs"
          variant="outline"
          component="a"
          href={product.url}
          {...opener}
          onClick={(e) => {
            if (!plainClick(e)) return;
            e.preventDefault();
            openDialog({ title: product.name, size: 'lg', children: <PicturesProvider value={pictures}><ProductDetails product={product} supplier={supplier} /></PicturesProvider> });
          }}
        >
          Details
        </Button>
        {product.datasheet && (
          <Button size="xs" variant="subtle" component="a" href={product.datasheet} {...external} leftSection={<IconFileText size={16} aria-hidden />}>
            Sheet
          </Button>
        )}
        {quote && (
          <Button size="xs" component="a" href={quote}>
            Request Quote
          </Button>
        )}
        <AddToQuoteList product={{ id: product.id, name: product.name, brand: supplier.name, model: product.model, url: product.url }} size="xs" />
      </Group>
    </Card>
  );
}

/** The product's Details dialog: everything the card leaves out (section 2, supplier product view). */
function ProductDetails({ product, supplier }: { product: ShownProduct; supplier: ShownSupplier }) {
  const specs = product.specifications;
  const apps = product.applications;
  const quote = quoteUrl(product, supplier);
  return (
    <Stack gap="sm">
      <ProductPicture image={product.image} standIn={product.standIn} name={product.name} slot={dialogSlot} className="rounded-image" />
      <Badge variant="light">{product.categoryName}</Badge>
      <Text>{product.description}</Text>
      {specs.length > 0 && (
        <>
          <Title order={3} fz="h5">Specifications</Title>
          <ItemList size="sm">{specs.map((s) => <li key={s}>{s}</li>)}</ItemList>
        </>
      )}
      {apps.length > 0 && (
        <>
          <Title order={3} fz="h5">Applications</Title>
          <Group gap={6}>
            {apps.map((a) => (
              <Badge key={a} variant="outline" color="brand.7" tt="none">
                {a}
              </Badge>
            ))}
          </Group>
        </>
      )}
      {product.price && <Text fw={700}>{product.price}</Text>}
      <Group gap="sm" mt="sm">
        {quote && (
          <Button component="a" href={quote}>
            Request Quote
          </Button>
        )}
        {product.datasheet && (
          <Button component="a" href={product.datasheet} {...external} variant="outline" leftSection={<IconFileText size={18} aria-hidden />}>
            Datasheet
          </Button>
        )}
      </Group>
    </Stack>
  );
}
