import { IconPhoto } from '@tabler/icons-react';
import type { Image } from '../../schemas/primitives';
import type { Slot } from '../../schemas/slots';
import { Picture } from './Picture';

/**
 * A product's picture, or while it waits for one (D24) a neutral tile in the same box: its category's
 * picture faded behind the words "Photo to follow" where the category has one, else an icon. Never a
 * broken image, and nothing moves when the photo arrives: the tile keeps the box's shape (src/styles.css).
 */
export function ProductPicture({ image, standIn, name, className, slot }: { image?: Image | undefined; standIn?: Image | undefined; name: string; className: string; slot?: Slot }) {
  if (image) return <Picture src={image.src} alt={image.alt} focal={image.focal} slot={slot} className={className} />;
  return (
    <div className={`${className} picture-tile`} role="img" aria-label={`${name}: photo to follow`}>
      {standIn ? <Picture src={standIn.src} alt="" focal={standIn.focal} slot={slot} className="picture-tile-image" /> : <IconPhoto size={40} stroke={1.5} aria-hidden />}
      <span className="picture-tile-note" aria-hidden>
        Photo to follow
      </span>
    </div>
  );
}
