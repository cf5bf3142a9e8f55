import { Brand, type IconProps } from './svg';

export const FacebookIcon = (p: IconProps) => (
  <Brand {...p} d="M14 8h3V4h-3c-2.8 0-4.5 1.9-4.5 4.6V11H7v4h2.5v7h4v-7h3l.5-4h-3.5V9c0-.6.4-1 1-1z" />
);
