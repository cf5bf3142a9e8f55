import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { title?: string };

/**
 * What every icon is drawn with: a 24-unit outline in the current colour, hidden from assistive technology
 * unless titled. Each icon is a module of its own, so a page's icons travel with that page's chunk.
 */
export function Svg({ title, children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
      {...props}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}

/* Brand marks, simplified to one path each and drawn in the current colour. */
export const Brand = ({ d, ...p }: IconProps & { d: string }) => (
  <Svg {...p} fill="currentColor" stroke="none">
    <path d={d} />
  </Svg>
);
