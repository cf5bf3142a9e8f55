export { messages } from '@portfolio-master/i18n/messages/en';
