import { IMAGE_WIDTHS } from '@portfolio-master/contract/constants';

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function imageUrl(file: string, width?: ImageWidth): string {
  const base = `/image/${encodeURIComponent(file)}`;
  return width ? `${base}?w=${width}` : base;
}

/** A srcset over the server's widths, from `min` up. */
export function imageSrcSet(file: string, min: ImageWidth = 256): string {
  return IMAGE_WIDTHS.filter((width) => width >= min)
    .map((width) => `${imageUrl(file, width)} ${width}w`)
    .join(', ');
}
