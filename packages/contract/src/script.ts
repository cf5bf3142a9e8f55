/*
 * Uzbek in its two scripts. Latin is the official one and the source of truth of every text the site
 * writes itself; Cyrillic is made from it by the rules below, with a short list of words the rules get
 * wrong. What people wrote is never converted for display; search folds both scripts to Latin so that
 * either finds the other (`toLatin`).
 *
 * Latin → Cyrillic, the rules of the 1995 alphabet:
 * - digraphs first: sh → ш, ch → ч, o‘ → ў, g‘ → ғ, yo → ё, yu → ю, ya → я; ng stays нг;
 * - ye → е at the start of a word and after a vowel, ъе after a consonant (obyekt → объект);
 * - e → э at the start of a word and after a vowel (ekran → экран, poeziya → поэзия), else е;
 * - ts → ц, except before -iz (the suffix -siz: otsiz → отсиз);
 * - an apostrophe after o or g makes ў or ғ; anywhere else it is the tutuq belgisi, ъ (ma’no → маъно);
 *   s’h keeps s and h apart (Is’hoq → Исҳоқ). Every apostrophe people type counts: ‘ ’ ' ʻ ʼ `.
 * Cyrillic → Latin is the reverse, with ц → s at the start of a word and after a consonant, ts after a
 * vowel; е → ye at the start of a word and after a vowel; ъ → ’; ь is dropped.
 */

export const SCRIPTS = ['latn', 'cyrl'] as const;

export type Script = (typeof SCRIPTS)[number];

/** The language tag of a script, for `<html lang>` and `Content-Language`. */
export const scriptLanguageTag = (script: Script) => (script === 'cyrl' ? 'uz-Cyrl' : 'uz-Latn');

/** The cookie that remembers the reader's choice. */
export const SCRIPT_COOKIE = 'script';

/** Every apostrophe people type for o‘, g‘ and the tutuq belgisi. */
const APOSTROPHES = "‘’'ʻʼ`";
const APOSTROPHE = `[${APOSTROPHES}]`;
const isApostrophe = (character: string) => character !== '' && APOSTROPHES.includes(character);

const LATIN_VOWELS = 'aeiouAEIOUўЎ';
const CYRILLIC_VOWELS = 'аеёиоуўэюяАЕЁИОУЎЭЮЯ';

/** Words the rules get wrong, in lower case: Latin → Cyrillic. */
const LATIN_EXCEPTIONS: Record<string, string> = {
  sirk: 'цирк',
  sement: 'цемент',
  sentr: 'центр',
  senzura: 'цензура',
  sitata: 'цитата',
  stansiya: 'станция',
  funksiya: 'функция',
  funksiyalar: 'функциялар',
  aksiya: 'акция',
  aksiyalar: 'акциялар',
  revolyutsiya: 'революция',
  dekabr: 'декабрь',
  oktabr: 'октябрь',
  sentabr: 'сентябрь',
  noyabr: 'ноябрь',
  fevral: 'февраль',
  iyun: 'июнь',
  iyul: 'июль',
  aprel: 'апрель',
  yanvar: 'январь',
  rubl: 'рубль',
  kompyuter: 'компьютер',
  kompyuterlar: 'компьютерлар',
  interfeys: 'интерфейс',
};

/** The same words the other way, and Cyrillic spellings the rules would read wrongly. */
const CYRILLIC_EXCEPTIONS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(LATIN_EXCEPTIONS).map(([latin, cyrillic]) => [cyrillic, latin])),
};

/**
 * Words kept as they are in either script: names of products and formats, written in Latin letters in
 * Cyrillic texts too, and the protocol's words the API's messages name (headers, media types, values and
 * parameters a client sends).
 */
const KEPT = new Set(
  [
    'Portfolio Master',
    'GitHub',
    'GitLab',
    'README',
    'Telegram',
    'Email',
    'E-mail',
    'Markdown',
    'URL',
    'HTML',
    'JSON',
    'RSS',
    'Atom',
    'API',
    'PNG',
    'JPEG',
    'WebP',
    'GIF',
    'SVG',
    'React',
    'TypeScript',
    'JavaScript',
    'Node.js',
    'LinkedIn',
    'Instagram',
    'AVIF',
    'UTF-8',
    'U+0000',
    'http://',
    'https://',
    'http(s)',
    'Content-Type',
    'Content-Length',
    'application/json',
    'multipart/form-data',
    'multipart',
    'form',
    'sitemap',
    'true',
    'false',
    'cursor',
    'index',
    'commentId',
  ].map((word) => word.toLowerCase()),
);

/** The kept words and phrases, longest first, as one pattern. */
const KEPT_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(${[...KEPT]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

const LATIN_LETTERS: Record<string, string> = {
  a: 'а',
  b: 'б',
  d: 'д',
  f: 'ф',
  g: 'г',
  h: 'ҳ',
  i: 'и',
  j: 'ж',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'қ',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  x: 'х',
  y: 'й',
  z: 'з',
  c: 'к',
  w: 'в',
};

const CYRILLIC_LETTERS: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ҳ: 'h',
  қ: 'q',
  ғ: 'g‘',
  ў: 'o‘',
  ш: 'sh',
  щ: 'sh',
  ч: 'ch',
  ё: 'yo',
  ю: 'yu',
  я: 'ya',
  э: 'e',
  ы: 'i',
  ъ: '’',
  ь: '',
};

const isUpper = (text: string) => text !== text.toLowerCase() && text === text.toUpperCase();

/** Gives `converted` the case of `original`: all capitals, a capital first, or as it is. */
function matchCase(original: string, converted: string, wholeWordUpper: boolean): string {
  if (converted === '') return converted;
  if (!isUpper(original[0]!)) return converted;
  if (wholeWordUpper || (original.length > 1 && isUpper(original))) return converted.toUpperCase();
  return converted[0]!.toUpperCase() + converted.slice(1);
}

/** One Latin word (letters and apostrophes) in Cyrillic. */
function wordToCyrillic(word: string): string {
  const exception = LATIN_EXCEPTIONS[word.toLowerCase().replace(new RegExp(APOSTROPHE, 'g'), '’')];
  const upperWord = word.length > 1 && isUpper(word.replace(new RegExp(APOSTROPHE, 'g'), ''));
  if (exception !== undefined) return matchCase(word, exception, upperWord);
  let out = '';
  let i = 0;
  const lower = word.toLowerCase();
  const previousIsVowel = () => i > 0 && LATIN_VOWELS.includes(lower[i - 1]!);
  const atStart = () => i === 0;
  while (i < word.length) {
    const c = lower[i]!;
    const next = lower[i + 1] ?? '';
    const afterNext = lower[i + 2] ?? '';
    const emit = (source: string, cyrillic: string, length: number) => {
      out += matchCase(source, cyrillic, upperWord);
      i += length;
    };
    const source = (length: number) => word.slice(i, i + length);
    if ((c === 'o' || c === 'g') && isApostrophe(next)) {
      emit(source(2), c === 'o' ? 'ў' : 'ғ', 2);
    } else if (isApostrophe(c)) {
      // s’h: the apostrophe only keeps s and h apart.
      if (lower[i - 1] === 's' && next === 'h') i += 1;
      else emit(c, 'ъ', 1);
    } else if (c === 's' && next === 'h') emit(source(2), 'ш', 2);
    else if (c === 'c' && next === 'h') emit(source(2), 'ч', 2);
    else if (c === 'y' && next === 'o' && !isApostrophe(afterNext)) emit(source(2), 'ё', 2);
    else if (c === 'y' && next === 'u') emit(source(2), 'ю', 2);
    else if (c === 'y' && next === 'a') emit(source(2), 'я', 2);
    else if (c === 'y' && next === 'e') {
      if (atStart() || previousIsVowel()) emit(source(2), 'е', 2);
      else emit(source(2), 'ъе', 2);
    } else if (c === 't' && next === 's' && !(afterNext === 'i' && lower[i + 3] === 'z') && !atStart()) {
      emit(source(2), 'ц', 2);
    } else if (c === 'e') {
      emit(source(1), atStart() || previousIsVowel() ? 'э' : 'е', 1);
    } else {
      const letter = LATIN_LETTERS[c];
      if (letter === undefined) {
        out += word[i];
        i += 1;
      } else emit(source(1), letter, 1);
    }
  }
  return out;
}

/** One Cyrillic word in Latin. */
function wordToLatin(word: string): string {
  const lower = word.toLowerCase();
  const upperWord = word.length > 1 && isUpper(word);
  const exception = CYRILLIC_EXCEPTIONS[lower];
  if (exception !== undefined) return matchCase(word, exception, upperWord);
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const c = lower[i]!;
    const previous = lower[i - 1];
    const atStartOrAfterVowel = i === 0 || (previous !== undefined && CYRILLIC_VOWELS.includes(previous));
    let latin: string | undefined;
    if (c === 'е') latin = atStartOrAfterVowel ? 'ye' : 'e';
    else if (c === 'ц') latin = i > 0 && atStartOrAfterVowel ? 'ts' : 's';
    else if (c === 'ъ' && lower[i + 1] === 'е') {
      // объект → obyekt: the hard sign before е is the y of ye.
      latin = 'y';
    } else latin = CYRILLIC_LETTERS[c];
    if (latin === undefined) out += word[i];
    else out += matchCase(word[i]!, latin, upperWord);
  }
  return out;
}

const LATIN_WORD = new RegExp(`[A-Za-z][A-Za-z${APOSTROPHES}]*`, 'g');
const CYRILLIC_WORD = /[\u0400-\u04FF]+/g;

/** Runs `convert` on the text outside the kept words. */
function outsideKept(text: string, convert: (part: string) => string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(KEPT_PATTERN)) {
    out += convert(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + convert(text.slice(last));
}

/**
 * Latin Uzbek in Cyrillic; anything not a Latin letter (digits, punctuation, Cyrillic) stays as it is.
 * Names of products stay in Latin unless `names` is 'converted' ("Telegram bot" is "Телеграм бот"), as
 * someone may have written them.
 */
export function toCyrillic(text: string, { names = 'kept' }: { names?: 'kept' | 'converted' } = {}): string {
  const convert = (part: string) =>
    part.replace(LATIN_WORD, (word) => {
      // A trailing apostrophe is a closing quote unless it follows o or g.
      const trailing = /[’'`]+$/.exec(word)?.[0] ?? '';
      if (trailing && !/[oOgG]$/.test(word.slice(0, -trailing.length))) {
        return wordToCyrillic(word.slice(0, -trailing.length)) + trailing;
      }
      return wordToCyrillic(word);
    });
  return names === 'kept' ? outsideKept(text, convert) : convert(text);
}

/** Cyrillic Uzbek in Latin; anything else stays as it is. */
export function toLatin(text: string): string {
  return text.replace(CYRILLIC_WORD, wordToLatin);
}

/*
 * A text the site writes around what people gave (a name, a title, an address): the given values go in
 * through `asWritten`, which marks them with private-use characters no conversion touches, and
 * `convertAroundGiven` converts only the site's words between them and takes the marks away.
 */
const GIVEN_START = '\uE000';
const GIVEN_END = '\uE001';
const GIVEN = /\uE000([^\uE001]*)\uE001/g;

/** A value someone gave, kept as written when the text around it is converted. */
export const asWritten = (value: string | number) =>
  `${GIVEN_START}${String(value).replace(/[\uE000\uE001]/g, '')}${GIVEN_END}`;

/** `text` with the site's words passed through `convert` and the values marked by `asWritten` as given. */
export function convertAroundGiven(text: string, convert: (words: string) => string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(GIVEN)) {
    out += convert(text.slice(last, match.index)) + match[1]!;
    last = match.index + match[0].length;
  }
  return out + convert(text.slice(last));
}

/** A text the site wrote (Latin) in the reader's script. */
export const inScript = (text: string, script: Script) => (script === 'cyrl' ? toCyrillic(text) : text);

/**
 * The script a reader asked for: the cookie when there is one, else the first Uzbek tag of
 * `Accept-Language` (`uz-Cyrl` → Cyrillic), else Latin.
 */
export function preferredScript(cookie: string | undefined, acceptLanguage: string | undefined): Script {
  if (cookie === 'cyrl' || cookie === 'latn') return cookie;
  if (!acceptLanguage) return 'latn';
  const tags = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag.startsWith('uz') && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return tags[0]?.tag.includes('cyrl') ? 'cyrl' : 'latn';
}
