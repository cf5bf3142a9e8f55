import { Svg, type IconProps } from './svg';

export const FilterIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M22 3H2l8 9.5V19l4 2v-8.5z" />
  </Svg>
);
