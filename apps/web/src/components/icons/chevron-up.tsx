import { Svg, type IconProps } from './svg';

export const ChevronUpIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M18 15l-6-6-6 6" />
  </Svg>
);
