import content from './content/demo.json' with { type: 'json' };

/** Every demo account signs in with this password (documented in the README). */
export const DEMO_PASSWORD = 'portfolio-demo-2026';

export interface DemoUser {
  username: string;
  firstname: string;
  lastname: string;
  description: string;
  skills: string[];
  github: string | null;
  telegram: string | null;
  emailPublic: boolean;
}

export interface DemoPortfolio {
  author: string;
  title: string;
  summary: string;
  features: string[];
  technologies: string[];
  url: string;
  repo: string | null;
}

/**
 * The demo's people and projects (content/demo.json): written by hand so the first look at the site
 * feels real.
 */
export const DEMO_USERS: readonly DemoUser[] = content.users;
export const DEMO_PORTFOLIOS: readonly DemoPortfolio[] = content.portfolios;
