import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** PostgreSQL returns Date, SQLite the ISO string we stored; writes are ISO strings on both. */
export type Timestamp = ColumnType<Date | string, string, string>;
/** Booleans are 0/1 integers on both dialects, so one query fits both. */
export type Flag = ColumnType<number, number, number>;

export interface UsersTable {
  id: string;
  username: string;
  email: string;
  email_public: Flag;
  password_hash: string;
  firstname: string;
  lastname: string;
  image: string | null;
  is_admin: Flag;
  description: string;
  /** JSON array of strings. */
  skills: string;
  github_profile: string;
  telegram_profile: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface EmailVerificationsTable {
  id: string;
  email: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface PortfoliosTable {
  id: string;
  author_id: string;
  title: string;
  linktitle: string;
  description: string;
  url: string;
  repo_url: string | null;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /**
   * Its technologies' names and its gallery's file names in order, as JSON arrays: copies of
   * portfolio_technologies and images, written with them (`refreshPortfolioLists`), read with the row.
   */
  technology_names: Generated<string>;
  image_names: Generated<string>;
}

export interface ImagesTable {
  filename: string;
  owner_id: string;
  portfolio_id: string | null;
  position: number;
  width: number;
  height: number;
  bytes: number;
  created_at: Timestamp;
}

export interface TechnologiesTable {
  id: string;
  name: string;
  slug: string;
  portfolios_count: Generated<number>;
}

export interface PortfolioTechnologiesTable {
  portfolio_id: string;
  technology_id: string;
  position: number;
}

export interface LikesTable {
  portfolio_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: string;
  portfolio_id: string;
  author_id: string;
  body: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_verifications: EmailVerificationsTable;
  portfolios: PortfoliosTable;
  images: ImagesTable;
  technologies: TechnologiesTable;
  portfolio_technologies: PortfolioTechnologiesTable;
  likes: LikesTable;
  comments: CommentsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type PortfolioRow = Selectable<PortfoliosTable>;
