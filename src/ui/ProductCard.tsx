import { Badge, Card } from '@mantine/core';
import type { ProductSummary } from '../../schemas/collections';
import { AddToQuoteList } from '../quote-list/AddToQuoteList';
import { InternalLink } from './actions';
import { CompareCheck } from './CompareCheck';
import { ProductPicture } from './ProductPicture';

/** A product in a list of products: its picture, category, name (the link to its page), brand and model, and its Add to quote list. */
export function ProductCard({ product, headingOrder = 3 }: { product: ProductSummary; headingOrder?: 2 | 3 }) {
  const Heading = headingOrder === 2 ? 'h2' : 'h3';
  // Its heading, name and line below in plain elements (src/styles.css .product-card-body): a listing
  // page draws 48 cards, and Mantine's Stack, Title, Anchor and Text were a quarter of drawing one.
  return (
    <Card withBorder padding="md" radius="md" className="card">
      <Card.Section mb="sm">
        <ProductPicture image={product.image} standIn={product.standIn} name={product.name} className="card-image" />
      </Card.Section>
      <div className="card-body product-card-body">
        <Badge variant="light" w="fit-content" tt="none">
          {product.category}
        </Badge>
        <Heading className="title product-card-title">
          <InternalLink to={product.url} className="mantine-focus-auto card-title-link stretched-link">
            {product.name}
          </InternalLink>
        </Heading>
        <p className="product-card-meta">
          {product.brand}
          {product.model ? ` · ${product.model}` : ''}
        </p>
      </div>
      <div className="card-actions">
        <AddToQuoteList product={product} size="xs" />
        <CompareCheck id={product.id} name={product.name} />
      </div>
    </Card>
  );
}
