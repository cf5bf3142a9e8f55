import { Brand, type IconProps } from './svg';

export const TelegramIcon = (p: IconProps) => (
  <Brand
    {...p}
    d="M21.5 3.5L2.8 10.7c-1.3.5-1.3 1.2-.2 1.6l4.8 1.5 1.8 5.6c.2.6.4.8.9.8.4 0 .6-.2.9-.5l2.3-2.2 4.8 3.5c.9.5 1.5.2 1.7-.8l3.1-14.7c.3-1.3-.5-1.9-1.4-1.5zM9.3 13.5l9-5.7c.4-.3.8-.1.5.2l-7.5 6.8-.3 3.1z"
  />
);
