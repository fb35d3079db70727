import { Anchor, Badge, Card, Stack, Text, Title } from '@mantine/core';
import type { ProductSummary } from '../../schemas/collections';
import { AddToQuoteList } from '../quote-list/AddToQuoteList';
import { InternalLink } from './actions';
import { CompareCheck } from './CompareCheck';
import { ProductPicture } from './ProductPicture';

/** A product in a list of products: its picture, category, name (the link to its page), brand and model, and its Add to quote list. */
export function ProductCard({ product, headingOrder = 3 }: { product: ProductSummary; headingOrder?: 2 | 3 }) {
  return (
    <Card withBorder padding="md" radius="md" className="card">
      <Card.Section mb="sm">
        <ProductPicture image={product.image} standIn={product.standIn} name={product.name} className="card-image" />
      </Card.Section>
      <Stack gap={6} style={{ flex: 1 }}>
        <Badge variant="light" w="fit-content" tt="none">
          {product.category}
        </Badge>
        <Title order={headingOrder} fz="h5">
          <Anchor component={InternalLink} to={product.url} inherit className="card-title-link stretched-link">
            {product.name}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed">
          {product.brand}
          {product.model ? ` · ${product.model}` : ''}
        </Text>
      </Stack>
      <div className="card-actions">
        <AddToQuoteList product={product} size="xs" />
        <CompareCheck id={product.id} name={product.name} />
      </div>
    </Card>
  );
}
