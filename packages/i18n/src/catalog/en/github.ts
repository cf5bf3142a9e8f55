import type { Translation } from '../types.js';
import type { github as source } from '../uz-Latn/github.js';

export const github = {
  'validation.githubImport.repoUrl': 'Enter a GitHub repository’s address',
  'problem.github.address':
    'This is not a GitHub repository’s address: enter the full address of the repository’s page',
  'problem.github.notFound': 'Repository not found: it is private or does not exist',
  'problem.github.rateLimited': 'GitHub is limiting requests right now: try again a little later',
  'problem.github.unavailable': 'GitHub did not answer: try again a little later',
  'githubImport.label': 'GitHub repository address',
  'githubImport.hint':
    'Enter a public repository’s address: its name, the beginning of its README, its languages and topics fill the form. Nothing is saved until you save it.',
  'githubImport.submit': 'Fill from GitHub',
  'githubImport.pending': 'Reading from GitHub…',
  'githubImport.filled': 'The form was filled from the repository “{name}”: check it and save',
  'github.stars': '{stars, plural, one {# star} other {# stars}}',
  'github.starsLabel': '{stars, plural, one {# star} other {# stars}} on GitHub',
  'github.language': 'Main language: {language}',
} satisfies Translation<typeof source>;
