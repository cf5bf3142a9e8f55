import { isLocale } from '@portfolio-master/i18n/locales';
import { makeEveryFormat } from './format';

// Told a language, makes its formatters and says so (lib/intl-data.ts).
self.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (isLocale(event.data)) makeEveryFormat(event.data);
  postMessage('ready');
});
