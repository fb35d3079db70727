import { useMergedRef } from '@mantine/hooks';
import { forwardRef, useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

import { PLACEHOLDER_PICTURE } from '../../schemas/slots';

/** A <source> of a <picture>: the same picture in a format the browser may prefer, or (with `media`) the part of it a screen shows. */
export interface PictureSource {
  type: string;
  srcSet: string;
  media?: string;
}

type FallbackImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  /** Given, the image is a <picture> with these sources before its <img> (which keeps its own src, srcSet and sizes). */
  sources?: PictureSource[] | undefined;
};

/**
 * An <img> that switches silently to the local placeholder when its picture fails to load
 * (specification section 4, D13), and a <picture>'s sources with it. Lazy unless told otherwise;
 * width and height keep the layout still.
 */
export const FallbackImage = forwardRef<HTMLImageElement, FallbackImageProps>(function FallbackImage(
  { src, srcSet, sizes, sources, onError, loading = 'lazy', decoding = 'async', ...rest },
  ref,
) {
  // Remembers which src failed, so a new src gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string>();
  const failed = src !== undefined && failedSrc === src;
  const own = useRef<HTMLImageElement>(null);
  const merged = useMergedRef(ref, own);

  useEffect(() => {
    // A prerendered image can fail before the page hydrates, when no onError listener exists yet.
    // A finished image with no pixels is broken, or an SVG without a size: decode() tells them apart.
    const img = own.current;
    if (!img || failed || !img.complete || img.naturalWidth > 0) return;
    img.decode().catch(() => {
      if (img.isConnected && img.getAttribute('src') === src) setFailedSrc(src);
    });
  }, [src, failed]);

  const img = (
    <img
      key="img"
      ref={merged}
      {...rest}
      src={failed ? PLACEHOLDER_PICTURE : src}
      srcSet={failed ? undefined : srcSet}
      sizes={failed ? undefined : sizes}
      loading={loading}
      decoding={decoding}
      onError={(e) => {
        if (!failed) setFailedSrc(src);
        onError?.(e);
      }}
    />
  );
  if (!sources) return img;
  // The placeholder replaces whichever source the browser chose: the sources go with the failure.
  return (
    <picture>
      {!failed && sources.map((s) => <source key={`${s.media ?? ''}${s.type}`} media={s.media} type={s.type} srcSet={s.srcSet} sizes={sizes} />)}
      {img}
    </picture>
  );
});
