import { type ImgHTMLAttributes, useEffect, useRef, useState } from "react";

export const NO_THUMBNAIL = "/illustrations/no-thumbnail.svg";

/**
 * An image that shows the no-thumbnail picture when its own fails (spec 2 §8: article image
 * failure). A failure before the page's script ran is caught on mount as well.
 */
export function FallbackImage({
  src,
  fallback = NO_THUMBNAIL,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & {
  src: string | null | undefined;
  fallback?: string;
}) {
  const [failed, setFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && !failed) setFailed(true);
  }, [failed]);
  return (
    <img
      ref={ref}
      {...rest}
      alt={alt ?? ""}
      src={failed || !src ? fallback : src}
      onError={() => setFailed(true)}
    />
  );
}
