import { Svg, type IconProps } from './svg';

export const PinIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 17v5M9 3h6l-1 7 4 4H6l4-4z" />
  </Svg>
);
