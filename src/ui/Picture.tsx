import { createContext, type ImgHTMLAttributes, useContext } from 'react';
import type { PagePicture } from '../page/types';
import { FallbackImage } from './FallbackImage';

const Pictures = createContext<Readonly<Record<string, PagePicture>>>({});
/** The pictures of the page being shown (its ResolvedPage's), for every Picture inside; a dialog opened from the page passes them on. */
export const PicturesProvider = Pictures.Provider;
export const usePictures = () => useContext(Pictures);

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height' | 'sizes' | 'srcSet'> & { src: string; alt: string };

/**
 * A picture a block shows, as its definition declares it (`pictures`): at the size read from its file,
 * so nothing shifts while it loads. Falls back silently like FallbackImage; lazy unless told otherwise.
 */
export function Picture({ src, ...rest }: PictureProps) {
  const known = usePictures()[src];
  return <FallbackImage src={src} width={known?.width} height={known?.height} {...rest} />;
}
