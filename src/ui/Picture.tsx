import { createContext, type CSSProperties, type ImgHTMLAttributes, useContext } from 'react';
import type { Image } from '../../schemas/primitives';
import type { Slot } from '../../schemas/slots';
import type { PagePicture } from '../page/types';
import { FallbackImage, type PictureSource } from './FallbackImage';

const Pictures = createContext<Readonly<Record<string, PagePicture>>>({});
/** The pictures of the page being shown (its ResolvedPage's), for every Picture inside; a dialog opened from the page passes them on. */
export const PicturesProvider = Pictures.Provider;
export const usePictures = () => useContext(Pictures);

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height' | 'sizes' | 'srcSet' | 'loading' | 'fetchPriority' | 'slot'> & {
  src: string;
  alt: string;
  /** Where the subject is: a slot that crops the picture (object-fit: cover) keeps it in view. */
  focal?: Image['focal'];
  /** The slot it is drawn in, where it is not the one its block's definition gives first (a dialog opened from the block). */
  slot?: Slot;
};

/** The width of the <img>'s own src (for browsers that read no srcset): a middling one. */
const FALLBACK_WIDTH = 1080;

/**
 * A picture a block shows, as its definition declares it (`pictures`): at the size read from its
 * file, so nothing shifts while it loads; in a build, as AVIF and WebP at the widths the build
 * encoded, the browser choosing by the slot's `sizes`. The page's priority picture (its opening
 * block's first) is fetched at once and first; every other is lazy. Falls back silently like FallbackImage.
 */
export function Picture({ src, focal, slot, style, ...rest }: PictureProps) {
  const known = usePictures()[src];
  const encoded = known?.encoded;
  const srcSet = (format: string) => encoded!.widths.map((w) => `${encoded!.base}-${w}.${format} ${w}w`).join(', ');
  const sources: PictureSource[] | undefined = encoded && [{ type: 'image/avif', srcSet: srcSet('avif') }];
  const fallback = encoded && (encoded.widths.filter((w) => w <= FALLBACK_WIDTH).pop() ?? encoded.widths[0]);
  const position: CSSProperties | undefined = focal && { objectPosition: `${focal.x}% ${focal.y}%` };
  return (
    <FallbackImage
      src={encoded ? `${encoded.base}-${fallback}.webp` : src}
      srcSet={encoded && srcSet('webp')}
      sizes={encoded && (slot?.sizes ?? known.sizes)}
      sources={sources}
      width={known?.width}
      height={known?.height}
      loading={known?.priority ? 'eager' : 'lazy'}
      fetchPriority={known?.priority ? 'high' : undefined}
      style={position ? { ...position, ...style } : style}
      {...rest}
    />
  );
}
