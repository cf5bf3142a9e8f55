import { Svg, type IconProps } from './svg';

export const FlagIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 21V4M5 4h12l-2.5 4.5L17 13H5" />
  </Svg>
);
