import { asWritten, convertAroundGiven, type Script, toCyrillic } from '@portfolio-master/contract/script';
import { createContext, useContext } from 'react';

/*
 * The reader's script. Latin is the source; the Cyrillic of each text is made from it when first read
 * (and kept). Each render is given its script through context (the server's from the request, the
 * browser's from the page's `<html lang>`), never through a module's state: two server renders that
 * interleave across an await must not see each other's.
 */
const ScriptContext = createContext<Script>('latn');

export const ScriptProvider = ScriptContext.Provider;

/** The script the page is written in. */
export function useScript(): Script {
  return useContext(ScriptContext);
}

const cyrillicTexts = new Map<string, string>();

/** A text of the app in Cyrillic. */
function inCyrillic(text: string): string {
  let converted = cyrillicTexts.get(text);
  if (converted === undefined) {
    converted = toCyrillic(text);
    cyrillicTexts.set(text, converted);
  }
  return converted;
}

/**
 * A text function in Cyrillic, with what it is given (a title, a name, an e-mail) left as
 * it is: its string arguments go in through `asWritten`, and only the text around them is converted
 * (each piece of the site's words once, then kept). Numbers and null pass as they are (they choose
 * the wording).
 */
function convertedFunction(fn: (...args: never[]) => unknown) {
  return (...args: unknown[]) => {
    const marked = args.map((arg) => (typeof arg === 'string' ? asWritten(arg) : arg));
    const result = (fn as (...a: unknown[]) => unknown)(...marked);
    return typeof result === 'string' ? convertAroundGiven(result, inCyrillic) : result;
  };
}

const views = new WeakMap<object, unknown>();

/** The texts of `source` (strings, text functions, nested groups) in `script`, converted when read. */
export function inScript<T extends object>(source: T, script: Script): T {
  return script === 'latn' ? source : inCyrillicView(source);
}

function inCyrillicView<T extends object>(source: T): T {
  const existing = views.get(source);
  if (existing) return existing as T;
  const functions = new Map<PropertyKey, unknown>();
  const view = new Proxy(source, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value === 'string') return inCyrillic(value);
      if (typeof value === 'function') {
        let converted = functions.get(key);
        if (!converted) {
          converted = convertedFunction(value as (...args: never[]) => unknown);
          functions.set(key, converted);
        }
        return converted;
      }
      if (value !== null && typeof value === 'object') return inCyrillicView(value);
      return value;
    },
  });
  views.set(source, view);
  return view;
}
