import {
  keptTechnologyName,
  type GithubDraft,
  type GithubRepository,
  LIMITS,
  markdownToText,
  shorten,
} from '@portfolio-master/contract';
import type { GithubRepositoryInfo } from './github-client.js';

/*
 * A portfolio's draft from what GitHub says of a repository: pure functions, so that what the form gets
 * can be tested without a server.
 */

/** How much of the README's beginning becomes the description. */
export const DESCRIPTION_LENGTH = 600;
/** A language with less of the code than this share is left out (a build script, a Dockerfile). */
const LANGUAGE_SHARE = 0.02;

/** GitHub topics (lowercase, hyphenated) whose usual spelling is not the topic with a capital. */
const TOPIC_NAMES: Record<string, string> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  nodejs: 'Node.js',
  node: 'Node.js',
  'node-js': 'Node.js',
  react: 'React',
  reactjs: 'React',
  'react-native': 'React Native',
  nextjs: 'Next.js',
  'next-js': 'Next.js',
  vue: 'Vue.js',
  vuejs: 'Vue.js',
  nuxt: 'Nuxt',
  nuxtjs: 'Nuxt',
  angular: 'Angular',
  svelte: 'Svelte',
  jquery: 'jQuery',
  expressjs: 'Express',
  express: 'Express',
  nestjs: 'NestJS',
  fastify: 'Fastify',
  graphql: 'GraphQL',
  mongodb: 'MongoDB',
  postgresql: 'PostgreSQL',
  postgres: 'PostgreSQL',
  mysql: 'MySQL',
  sqlite: 'SQLite',
  redis: 'Redis',
  docker: 'Docker',
  kubernetes: 'Kubernetes',
  tailwindcss: 'Tailwind CSS',
  tailwind: 'Tailwind CSS',
  bootstrap: 'Bootstrap',
  sass: 'Sass',
  html: 'HTML',
  html5: 'HTML',
  css: 'CSS',
  css3: 'CSS',
  php: 'PHP',
  laravel: 'Laravel',
  python: 'Python',
  django: 'Django',
  flask: 'Flask',
  fastapi: 'FastAPI',
  golang: 'Go',
  go: 'Go',
  rust: 'Rust',
  java: 'Java',
  spring: 'Spring',
  'spring-boot': 'Spring Boot',
  kotlin: 'Kotlin',
  swift: 'Swift',
  flutter: 'Flutter',
  dart: 'Dart',
  cpp: 'C++',
  'c-plus-plus': 'C++',
  csharp: 'C#',
  dotnet: '.NET',
  'dotnet-core': '.NET',
  'aspnet-core': 'ASP.NET Core',
  ruby: 'Ruby',
  rails: 'Ruby on Rails',
  'ruby-on-rails': 'Ruby on Rails',
  firebase: 'Firebase',
  'telegram-bot': 'Telegram bot',
  aiogram: 'aiogram',
  'machine-learning': 'Machine learning',
  pytorch: 'PyTorch',
  tensorflow: 'TensorFlow',
  webpack: 'webpack',
  vite: 'Vite',
  redux: 'Redux',
};

/**
 * A technology's key: the one the site files "React", "react " and "REACT" under (`technologySlug`), of
 * the name it keeps ("ReactJS" is filed as React).
 */
export const technologyKey = (name: string) => keptTechnologyName(name).toLowerCase();

/** A topic as a name: the usual spelling, or its words with hyphens as spaces and a capital first. */
function topicName(topic: string): string {
  const known = TOPIC_NAMES[topic.toLowerCase()];
  if (known) return known;
  const words = topic.replace(/-+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Technologies from a repository's languages (most code first, those under 2% of it left out) and its
 * topics, each in the site's spelling where the site already knows it (`known`, by key), trimmed,
 * de-duplicated and cut to the form's limits.
 */
export function technologiesOf(
  languages: readonly [string, number][],
  topics: readonly string[],
  known: ReadonlyMap<string, string>,
): string[] {
  const total = languages.reduce((sum, [, bytes]) => sum + bytes, 0);
  const candidates = [
    ...languages
      .filter(([, bytes], index) => index === 0 || bytes >= total * LANGUAGE_SHARE)
      .map(([name]) => name),
    ...topics.map(topicName),
  ];
  const seen = new Set<string>();
  const names: string[] = [];
  for (const candidate of candidates) {
    const name = candidate.replace(/\s+/g, ' ').trim();
    const key = technologyKey(name);
    if (!name || name.length > LIMITS.technologies.itemMax || name.includes(',') || seen.has(key)) continue;
    seen.add(key);
    names.push(known.get(key) ?? keptTechnologyName(name));
    if (names.length === LIMITS.technologies.max) break;
  }
  return names;
}

/** Every key `technologiesOf` may look up in the site's technologies. */
export function technologyCandidates(
  languages: readonly [string, number][],
  topics: readonly string[],
): string[] {
  return [...new Set([...languages.map(([name]) => name), ...topics.map(topicName)].map(technologyKey))];
}

/**
 * The beginning of a README as plain text: no headings (the first is mostly the name again), badges,
 * pictures, HTML or code; cut after a word near `DESCRIPTION_LENGTH`.
 */
export function readmeBeginning(readme: string): string {
  const withoutPictures = readme
    .slice(0, 32 * 1024)
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
    // An HTML heading (mostly the name again), to its end or the text's: one pass, however it is written.
    .replace(/<h([1-6])\b[^>]*>[\s\S]*?(?:<\/h\1\s*>|$)/gi, ' ')
    .replace(/<img\b[^>]*>/gi, ' ')
    // A linked badge, then any picture: `[![build](…)](…)`, `![logo](…)`.
    .replace(/\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)/g, ' ')
    .replace(/!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])/g, ' ')
    .split(/\r?\n/)
    .filter((line) => !/^\s{0,3}#{1,6}(\s|$)/.test(line) && !/^\s{0,3}(=+|-+)\s*$/.test(line))
    .join('\n');
  const text = markdownToText(withoutPictures)
    // A tag before a stop leaves a space before it ("<b>yuboradi</b>:").
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/^[.\s]+/, '');
  return shorten(text, DESCRIPTION_LENGTH);
}

/** A title from a repository's name: `my-todo_app` is "My todo app"; a name too short keeps its owner. */
export function titleOf(repo: GithubRepository, name: string): string {
  const words = name
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const title = words.length >= LIMITS.title.min ? words : `${repo.owner}/${name}`;
  return shorten(title.charAt(0).toUpperCase() + title.slice(1), LIMITS.title.max);
}

/** The homepage when it is an http(s) address, else the repository's own. */
function homepageOf(info: GithubRepositoryInfo): string {
  const homepage = info.homepage?.trim() ?? '';
  if (homepage) {
    try {
      const url = new URL(/^https?:\/\//i.test(homepage) ? homepage : `https://${homepage}`);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.href.length <= LIMITS.url.max)
        return url.href;
    } catch {
      // Not an address: the repository's is used.
    }
  }
  return info.htmlUrl;
}

export function draftOf(
  repo: GithubRepository,
  info: GithubRepositoryInfo,
  readme: string,
  used: string[],
): GithubDraft {
  const fromReadme = readmeBeginning(readme);
  return {
    title: titleOf(repo, info.name),
    description: fromReadme || shorten(info.description ?? '', DESCRIPTION_LENGTH),
    url: homepageOf(info),
    repoUrl: info.htmlUrl,
    used,
    stars: info.stars,
    language: info.language,
  };
}
