import { startApp } from './app/start';
import './index.css';

// Not awaited at the top level: page chunks import this module, and a page's chunk is loaded before
// hydration, so this module must have finished evaluating by then.
startApp(document.getElementById('root')!, document.getElementById('app-state')?.textContent).catch(
  (error: unknown) => reportError(error),
);
