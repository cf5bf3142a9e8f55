import { Svg, type IconProps } from './svg';

export const StarIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 2.8l2.8 5.8 6.4.9-4.6 4.5 1.1 6.3L12 17.3l-5.7 3 1.1-6.3-4.6-4.5 6.4-.9z" />
  </Svg>
);
