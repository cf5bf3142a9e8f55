import { Svg, type IconProps } from './svg';

export const ShieldIcon = (p: IconProps) => (
  <Svg {...p} fill="currentColor" stroke="none">
    <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" stroke="#fff" strokeWidth={2} fill="none" />
  </Svg>
);
