import { describe, expect, it } from 'vitest';
import { parseGithubRepository } from './github.js';

describe('parseGithubRepository', () => {
  it.each([
    ['https://github.com/Ali/kutubxona', 'Ali', 'kutubxona'],
    ['http://www.github.com/ali/kutubxona.git', 'ali', 'kutubxona'],
    ['github.com/ali/kutubxona/', 'ali', 'kutubxona'],
    ['https://github.com/ali/kutubxona/tree/main/src?tab=readme#start', 'ali', 'kutubxona'],
    ['git@github.com:ali/my.repo_v2.git', 'ali', 'my.repo_v2'],
    ['  https://GitHub.com/a-b/c  ', 'a-b', 'c'],
  ])('reads %s', (address, owner, name) => {
    expect(parseGithubRepository(address)).toEqual({ owner, name });
  });

  it.each([
    '',
    'https://github.com/ali',
    'https://gitlab.com/ali/kutubxona',
    'https://github.com.evil.uz/ali/kutubxona',
    'https://ali@github.com/ali/kutubxona',
    'https://github.com:444/ali/kutubxona',
    'ftp://github.com/ali/kutubxona',
    'https://github.com/ali--x/kutubxona',
    'https://github.com/-ali/kutubxona',
    'https://github.com/ali/..',
    'https://github.com/ali/kutub xona',
    `https://github.com/ali/${'x'.repeat(101)}`,
    'javascript:alert(1)',
  ])('refuses %s', (address) => {
    expect(parseGithubRepository(address)).toBeUndefined();
  });
});
