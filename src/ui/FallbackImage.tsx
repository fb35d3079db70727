import { forwardRef, useState, type ImgHTMLAttributes } from 'react';

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/**
 * An <img> that switches silently to the local placeholder when its picture fails to load
 * (specification section 4, D13). Lazy unless told otherwise; width and height keep the layout still.
 */
export const FallbackImage = forwardRef<HTMLImageElement, ImgHTMLAttributes<HTMLImageElement>>(function FallbackImage(
  { src, onError, loading = 'lazy', decoding = 'async', ...rest },
  ref,
) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      ref={ref}
      {...rest}
      src={failed ? PLACEHOLDER_IMAGE : src}
      loading={loading}
      decoding={decoding}
      onError={(e) => {
        if (!failed) setFailed(true);
        onError?.(e);
      }}
    />
  );
});
