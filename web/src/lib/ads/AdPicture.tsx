import type { ImgHTMLAttributes } from 'react';

export interface ImageVariantValue {
  url: string;
  width: number;
  height: number;
}

interface AdPictureProps {
  /** Narrowest first, as the API gives them. */
  variants: readonly ImageVariantValue[];
  alt: string;
  /** The language of `alt` when it is not the page's (a description written in the other language only). */
  lang?: string;
  /** How wide the image is shown, for the browser to choose a variant (the `sizes` attribute). */
  sizes: string;
  className?: string;
  /** Lazy unless the image is the first thing seen. */
  loading?: ImgHTMLAttributes<HTMLImageElement>['loading'];
  /** High for the page's largest paint, so the browser fetches it before the other pictures and the scripts. */
  fetchPriority?: ImgHTMLAttributes<HTMLImageElement>['fetchPriority'];
}

/** One ad image: the browser picks the variant the layout needs; the box keeps the picture's shape while it loads. */
export function AdPicture({ variants, alt, lang, sizes, className, loading = 'lazy', fetchPriority }: AdPictureProps) {
  const narrowest = variants[0];
  const widest = variants.at(-1);
  if (!narrowest || !widest) return null;
  return (
    <img
      className={className}
      src={narrowest.url}
      srcSet={variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ')}
      sizes={sizes}
      width={widest.width}
      height={widest.height}
      alt={alt}
      lang={lang}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
    />
  );
}
