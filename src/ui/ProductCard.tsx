import type { ProductSummary } from '../../schemas/collections';
import { AddToQuoteList } from '../quote-list/AddToQuoteList';
import { InternalLink } from './actions';
import { CompareCheck } from './CompareCheck';
import { PlainBadge, PlainCard } from './plain-mantine';
import { ProductPicture } from './ProductPicture';

/** A product in a list of products: its picture, category, name (the link to its page), brand and model, and its Add to quote list. */
export function ProductCard({ product, headingOrder = 3 }: { product: ProductSummary; headingOrder?: 2 | 3 }) {
  const Heading = headingOrder === 2 ? 'h2' : 'h3';
  // Its heading, name and line below in plain elements (src/styles.css .product-card-body), its frame and
  // badge Mantine's drawn plain (plain-mantine.tsx): a listing page draws 48 cards.
  return (
    <PlainCard className="card" picture={<ProductPicture image={product.image} standIn={product.standIn} name={product.name} className="card-image" />}>
      <div className="card-body product-card-body">
        <PlainBadge variant="light">{product.category}</PlainBadge>
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
    </PlainCard>
  );
}
