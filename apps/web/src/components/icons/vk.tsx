import { Brand, type IconProps } from './svg';

export const VkIcon = (p: IconProps) => (
  <Brand
    {...p}
    d="M12.8 18C6.3 18 2.6 13.5 2.5 6h3.3c.1 5.5 2.5 7.8 4.4 8.3V6h3.1v4.7c1.9-.2 3.9-2.4 4.5-4.7h3.1c-.5 2.9-2.6 5-4.1 5.9 1.5.7 3.9 2.6 4.8 6.1h-3.4c-.7-2.3-2.6-4.1-4.9-4.3V18z"
  />
);
