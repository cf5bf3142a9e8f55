import { Svg, type IconProps } from './svg';

export const CodeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M16 18l6-6-6-6M8 6l-6 6 6 6" />
  </Svg>
);
