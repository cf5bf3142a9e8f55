/**
 * One name per technology: the reviewed list of spellings that name the same technology, each under the
 * name the site keeps (docs/decisions/0058-one-name-per-technology.md).
 *
 * A spelling is matched by its key (`technologyAliasKey`: any case, without dots, spaces, hyphens and
 * underscores), and only when it is listed here: no rule of its own folds two names together, so Java
 * and JavaScript, or C and C++, stay apart. A name that is not listed is kept as it was typed.
 */
export const TECHNOLOGY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  React: ['ReactJS', 'React.js', 'react js'],
  'React Native': ['ReactNative', 'RN'],
  'Node.js': ['Node', 'NodeJS', 'node js'],
  JavaScript: ['JS', 'Java Script', 'ECMAScript', 'ES6'],
  TypeScript: ['TS', 'Type Script'],
  PostgreSQL: ['Postgres', 'PG', 'PSQL', 'Postgre'],
  Vue: ['Vue.js', 'VueJS', 'Vue3'],
  'Next.js': ['NextJS'],
  'Nuxt.js': ['NuxtJS'],
  Express: ['Express.js', 'ExpressJS'],
  NestJS: ['Nest.js'],
  Angular: ['AngularJS', 'Angular.js', 'Angular 2'],
  Svelte: ['SvelteJS', 'Svelte.js'],
  'Tailwind CSS': ['TailwindCSS'],
  MongoDB: ['Mongo', 'Mongo DB'],
  MySQL: ['My SQL'],
  Python: ['Python3'],
  Go: ['Golang', 'Go lang'],
  'C#': ['CSharp', 'C sharp'],
  'C++': ['CPP', 'C plus plus'],
  '.NET': ['dotnet', 'dot net', '.NET Core', 'dotnet core'],
  'ASP.NET': ['ASP.NET Core', 'ASPNET', 'asp net'],
  HTML: ['HTML5'],
  CSS: ['CSS3'],
  'Spring Boot': ['SpringBoot'],
  GraphQL: ['Graph QL'],
  Kubernetes: ['K8s'],
  'Three.js': ['ThreeJS'],
};

/** The key a spelling is listed under: any case, without dots, spaces, hyphens and underscores. */
export function technologyAliasKey(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s._-]+/gu, '');
}

const KEPT_BY_KEY: ReadonlyMap<string, string> = (() => {
  const byKey = new Map<string, string>();
  for (const [kept, spellings] of Object.entries(TECHNOLOGY_ALIASES)) {
    for (const spelling of [kept, ...spellings]) byKey.set(technologyAliasKey(spelling), kept);
  }
  return byKey;
})();

/**
 * The name the site keeps for a technology spelled this way: the listed name for a listed spelling (any
 * case, dots or spaces), otherwise the name as typed, trimmed and with single spaces. A name that differs
 * from the listed one only in case is the same technology already (decision 5) and is left as typed.
 */
export function keptTechnologyName(name: string): string {
  const typed = name.trim().replace(/\s+/g, ' ');
  const kept = KEPT_BY_KEY.get(technologyAliasKey(typed));
  return kept !== undefined && kept.toLowerCase() !== typed.toLowerCase() ? kept : typed;
}

/** Names with listed spellings folded to their kept name, each once, first place kept. */
export function keptTechnologyNames(names: readonly string[]): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const one = keptTechnologyName(name);
    const key = one.toLowerCase();
    if (one === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(one);
  }
  return kept;
}
