export { messages } from '@portfolio-master/i18n/browser-messages/uz-Latn';
