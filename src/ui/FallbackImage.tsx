import { useMergedRef } from '@mantine/hooks';
import { forwardRef, useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/**
 * An <img> that switches silently to the local placeholder when its picture fails to load
 * (specification section 4, D13). Lazy unless told otherwise; width and height keep the layout still.
 */
export const FallbackImage = forwardRef<HTMLImageElement, ImgHTMLAttributes<HTMLImageElement>>(function FallbackImage(
  { src, onError, loading = 'lazy', decoding = 'async', ...rest },
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

  return (
    <img
      ref={merged}
      {...rest}
      src={failed ? PLACEHOLDER_IMAGE : src}
      loading={loading}
      decoding={decoding}
      onError={(e) => {
        if (!failed) setFailedSrc(src);
        onError?.(e);
      }}
    />
  );
});
