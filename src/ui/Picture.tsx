import { createContext, type CSSProperties, type ImgHTMLAttributes, useCallback, useContext, useEffect, useState } from 'react';
import { hydration } from '../page/hydration';
import { saveData } from './on-demand';
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
  const { ref, waiting } = useInViewUnderSaveData(!known?.priority);
  const encoded = known?.encoded;
  const srcSet = (format: string) => encoded!.widths.map((w) => `${encoded!.base}-${w}.${format} ${w}w`).join(', ');
  const narrow = (format: string): PictureSource => ({ media: encoded!.narrow, type: `image/${format}`, srcSet: `${encoded!.base}-narrow.${format}` });
  const sources: PictureSource[] | undefined = encoded && [...(encoded.narrow ? [narrow('avif'), narrow('webp')] : []), { type: 'image/avif', srcSet: srcSet('avif') }];
  const fallback = encoded && (encoded.widths.filter((w) => w <= FALLBACK_WIDTH).pop() ?? encoded.widths[0]);
  const position: CSSProperties | undefined = focal && { objectPosition: `${focal.x}% ${focal.y}%` };
  return (
    <FallbackImage
      ref={ref}
      src={waiting ? undefined : encoded ? `${encoded.base}-${fallback}.webp` : src}
      srcSet={waiting ? undefined : encoded && srcSet('webp')}
      sizes={encoded && (slot?.sizes ?? known.sizes)}
      sources={waiting ? undefined : sources}
      width={known?.width}
      height={known?.height}
      loading={known?.priority ? 'eager' : 'lazy'}
      fetchPriority={known?.priority ? 'high' : undefined}
      style={position ? { ...position, ...style } : style}
      {...rest}
    />
  );
}

/**
 * When the browser asks to save data, a lazy picture the app draws (on a page opened inside the app) is
 * fetched only once it comes into view: the browser's own lazy loading fetches pictures one to three
 * screens ahead of the window. Not while the page the browser loaded hydrates: its pictures are in the
 * server's HTML, and the browser has asked for them already.
 */
function useInViewUnderSaveData(lazy: boolean) {
  const [waiting, setWaiting] = useState(() => lazy && typeof window !== 'undefined' && !hydration.active() && saveData());
  // The element itself, not a ref object: should React put a new <img> in its place, that one is watched.
  // Kept only while waiting: every other picture renders once.
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const ref = useCallback((el: HTMLImageElement | null) => void (waiting && setImg(el)), [waiting]);
  useEffect(() => {
    if (!waiting || !img) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      setWaiting(false);
    });
    observer.observe(img);
    return () => observer.disconnect();
  }, [waiting, img]);
  return { ref, waiting };
}
