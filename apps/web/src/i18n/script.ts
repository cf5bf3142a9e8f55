import { asWritten, convertAroundGiven, type Script, toCyrillic } from '@portfolio-master/contract/script';

/*
 * The reader's script. Latin is the source; the Cyrillic of each text is made from it when first read
 * (and kept). The script is one value for the whole app: the browser sets it once from the page's
 * `<html lang>` before the first render, and the server sets it for each render, which is synchronous
 * (`renderToString`), so two renders never see each other's.
 */
let current: Script = 'latn';

export function setScript(script: Script): void {
  current = script;
}

export function readerScript(): Script {
  return current;
}

const cyrillicTexts = new Map<string, string>();

/** A text of the app in the reader's script. */
export function inCurrentScript(text: string): string {
  if (current === 'latn') return text;
  let converted = cyrillicTexts.get(text);
  if (converted === undefined) {
    converted = toCyrillic(text);
    cyrillicTexts.set(text, converted);
  }
  return converted;
}

/**
 * A text function in the reader's script, with what it is given (a title, a name, an e-mail) left as
 * it is: its string arguments go in through `asWritten`, and only the text around them is converted
 * (each piece of the site's words once, then kept). Numbers and null pass as they are (they choose
 * the wording).
 */
function convertedFunction(fn: (...args: never[]) => unknown) {
  return (...args: unknown[]) => {
    if (current === 'latn') return (fn as (...a: unknown[]) => unknown)(...args);
    const marked = args.map((arg) => (typeof arg === 'string' ? asWritten(arg) : arg));
    const result = (fn as (...a: unknown[]) => unknown)(...marked);
    return typeof result === 'string' ? convertAroundGiven(result, inCurrentScript) : result;
  };
}

const views = new WeakMap<object, unknown>();

/** The texts of `source` (strings, text functions, nested groups) in the reader's script when read. */
export function inReaderScript<T extends object>(source: T): T {
  const existing = views.get(source);
  if (existing) return existing as T;
  const functions = new Map<PropertyKey, unknown>();
  const view = new Proxy(source, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value === 'string') return inCurrentScript(value);
      if (typeof value === 'function') {
        let converted = functions.get(key);
        if (!converted) {
          converted = convertedFunction(value as (...args: never[]) => unknown);
          functions.set(key, converted);
        }
        return converted;
      }
      if (value !== null && typeof value === 'object') return inReaderScript(value);
      return value;
    },
  });
  views.set(source, view);
  return view;
}
