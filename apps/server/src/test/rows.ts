/**
 * A users row as written straight to the table (a migration's test, a bulk insert): the columns every
 * version of the schema has, with an account's empty defaults, and what the test gives.
 */
export function userRow<T extends { id: string; username: string; created_at: string }>(fields: T) {
  return {
    email: `${fields.username}@example.uz`,
    password_hash: 'x',
    email_public: 0,
    firstname: 'Sinov',
    lastname: 'Odam',
    image: null,
    is_admin: 0,
    description: '',
    skills: '[]',
    github_profile: '',
    telegram_profile: '',
    updated_at: fields.created_at,
    ...fields,
  };
}

/**
 * A portfolios row as written straight to the table, numbered `n` under `id` + `n` (two digits): the
 * columns every version of the schema has, and what the test gives.
 */
export function portfolioRow<T extends Record<string, unknown>>(
  base: { idPrefix: string; authorId: string; n: number; at: string },
  fields: T,
) {
  return {
    id: `${base.idPrefix}${String(base.n).padStart(2, '0')}`,
    author_id: base.authorId,
    title: `Ish ${base.n}`,
    linktitle: `muallif_Ish_${base.n}`,
    description: '',
    url: 'https://example.uz',
    repo_url: null,
    created_at: base.at,
    updated_at: base.at,
    ...fields,
  };
}
